/** Backups (DESIGN §9.4): online, under write load, restorable; and on a schedule with retention. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createWorld, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

const run = promisify(execFile);
/** Waits on what the test needs to see, not on a guess: these only bound a failure. */
const WRITES_WITHIN_MS = 10_000;
const BACKUPS_WITHIN_MS = 10_000;
const ROOT = path.resolve(import.meta.dirname, '../..');
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-backup-'));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

describe('npm run backup', () => {
  let t: TestServer;
  let w: World;
  const dataDir = () => t.server.app.settings.dataDir;
  beforeAll(async () => {
    t = await startTestServer({ dataDir: path.join(tmp, 'live') });
    w = await createWorld(t);
  });
  afterAll(() => t.close());

  it('takes a consistent copy while tickets are being written, which a server then starts on', async () => {
    let writing = true;
    let acknowledged = 0;
    const writer = (async () => {
      while (writing) {
        const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w) });
        if (answer.status === 201) acknowledged++;
      }
    })();
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(0), WRITES_WITHIN_MS);
    const before = acknowledged;
    const file = path.join(tmp, 'copy', 'helpdesk-backup.db');
    const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/backup.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir() },
    });
    // Writes go on during and after the copy.
    await vi.waitFor(() => expect(acknowledged).toBeGreaterThan(before), WRITES_WITHIN_MS);
    writing = false;
    await writer;
    expect(stdout).toContain('Backed up');

    const copy = new DatabaseSync(file, { readOnly: true });
    expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    copy.close();

    const restoredDir = path.join(tmp, 'restored');
    await fs.mkdir(restoredDir);
    await fs.copyFile(file, path.join(restoredDir, 'helpdesk.db'));
    const restored = await startTestServer({ dataDir: restoredDir });
    try {
      const token = await restored.signIn(ADMIN.email, ADMIN.password);
      const total = (await restored.call('GET', '/api/tickets?limit=1', { token })).body.data.total;
      expect(total).toBeGreaterThanOrEqual(before);
      expect(total).toBeLessThanOrEqual(acknowledged);
      expect((await restored.call('GET', '/api/tickets?q=checkout&limit=1', { token })).body.data.total).toBe(total);
    } finally {
      await restored.close();
    }
  });
});

describe('scheduled backups', () => {
  it('writes one every BACKUP_EVERY_HOURS into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const backupDir = path.join(tmp, 'scheduled');
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const t = await startTestServer({ dataDir: path.join(tmp, 'sched-live'), backupDir, backupEveryHours: 0.1 / 3600, backupKeep: 2, now: () => (clock += 1000) });
    try {
      // A third backup has made the schedule delete the oldest.
      await vi.waitFor(() => expect(t.logs.filter((line) => line.startsWith('Backup written')).length).toBeGreaterThanOrEqual(3), BACKUPS_WITHIN_MS);
    } finally {
      await t.close();
    }
    const names = (await fs.readdir(backupDir)).filter((name) => name.endsWith('.db'));
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^helpdesk-\d{8}T\d{6}Z\.db$/);
  });
});
