/**
 * Online backups (design.md#backups): node:sqlite's backup() copies the database page by page while
 * the server goes on serving, and the copy is a consistent snapshot of one moment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { backup } from 'node:sqlite';
import type { Db } from './database.ts';

/** Pages copied per step; between steps the server's own requests run. */
const PAGES_PER_STEP = 256;
const HOUR_MS = 3_600_000;
const BACKUP_NAME = /^helpdesk-\d{8}T\d{6}Z\.db$/;

/** Writes a copy of `db` to `file`; a half-written copy never sits under the real name. */
export async function backupTo(db: Db, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  await backup(db, partial, { rate: PAGES_PER_STEP });
  fs.renameSync(partial, file);
}

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  /** How many backups to keep; older ones are deleted. */
  keep: number;
  now: () => number;
  log: (line: string) => void;
  logError: (line: string) => void;
}

/** Takes a backup every `everyHours` into `dir`, keeping the newest `keep`. Returns a stop function. */
export function scheduleBackups(db: Db, schedule: BackupSchedule): () => void {
  let running = false;
  const take = async () => {
    if (running) return;
    running = true;
    const stamp = new Date(schedule.now()).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.join(schedule.dir, `helpdesk-${stamp}.db`);
    try {
      await backupTo(db, file);
      const old = fs.readdirSync(schedule.dir).filter((name) => BACKUP_NAME.test(name)).sort().reverse().slice(schedule.keep);
      for (const name of old) fs.rmSync(path.join(schedule.dir, name), { force: true });
      schedule.log(`Backup written: ${file}`);
    } catch (error) {
      schedule.logError(`Backup to ${file} failed: ${String(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void take(), schedule.everyHours * HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
