/**
 * Online backups (docs/design.md#backups). SQLite's step-wise backup starts over whenever
 * another connection writes between two steps, so under a steady stream of writes it never
 * finishes. We copy every page in one step instead, from a connection of the backup's own: that
 * step holds one read snapshot for the whole copy, writers go on beside it (WAL), and node runs
 * the step on its thread pool, so the server's event loop is not held either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import type { BackupState } from '../../shared/types.ts';

/** More pages than any database has: the whole copy is one step, under one read snapshot. */
const ALL_PAGES = 2_147_483_647;
const HOUR_MS = 3_600_000;
const BACKUP_NAME = /^helpdesk-\d{8}T\d{6}Z\.db$/;

export interface BackupWritten {
  file: string;
  bytes: number;
  ms: number;
}

/** Copies the database file `source` to `file`; a half-written copy never sits under the real name. */
export async function backupTo(source: string, file: string): Promise<BackupWritten> {
  const started = performance.now();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const reader = new DatabaseSync(source, { readOnly: true });
  try {
    await backup(reader, partial, { rate: ALL_PAGES });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    reader.close();
  }
  fs.renameSync(partial, file);
  return { file: path.resolve(file), bytes: fs.statSync(file).size, ms: Math.round(performance.now() - started) };
}

/** "12.3 MB in 456 ms": what an administrator reads after a backup. */
export function describeBackup(written: BackupWritten): string {
  return `${(written.bytes / 1_000_000).toFixed(1)} MB in ${written.ms} ms`;
}

/** What supers are shown: the last scheduled backup, and a failure until a later one succeeds. */
export type BackupStatus = Pick<BackupState, 'last_success' | 'failure'>;

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  /** How many backups to keep; older ones are deleted. */
  keep: number;
  now: () => number;
  log: (line: string) => void;
  logError: (line: string) => void;
}

export interface ScheduledBackups {
  status(): BackupStatus;
  stop(): void;
}

/** Backs `source` up every `everyHours` into `dir`, keeping the newest `keep`. */
export function scheduleBackups(source: string, schedule: BackupSchedule): ScheduledBackups {
  const state: BackupStatus = { last_success: null, failure: null };
  let running = false;
  const take = async () => {
    if (running) return;
    running = true;
    const at = new Date(schedule.now()).toISOString();
    const file = path.join(schedule.dir, `helpdesk-${at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.db`);
    try {
      const written = await backupTo(source, file);
      const old = fs.readdirSync(schedule.dir).filter((name) => BACKUP_NAME.test(name)).sort().reverse().slice(schedule.keep);
      for (const name of old) fs.rmSync(path.join(schedule.dir, name), { force: true });
      state.last_success = { at, ...written };
      state.failure = null;
      schedule.log(`Backup written: ${file} (${describeBackup(written)})`);
    } catch (error) {
      state.failure = { at, message: error instanceof Error ? error.message : String(error) };
      schedule.logError(`Backup to ${file} failed: ${String(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void take(), schedule.everyHours * HOUR_MS);
  timer.unref();
  return { status: () => structuredClone(state), stop: () => clearInterval(timer) };
}
