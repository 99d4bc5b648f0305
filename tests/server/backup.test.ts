/**
 * Backups (docs/design.md#backups): online at 100,000 tickets while writes go on at 10 a
 * second, restorable; and on a schedule with retention, a failure shown to supers until the
 * next backup succeeds.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { DEMO_PASSWORD } from '../../src/server/demo-data.ts';
import { fillDemo } from '../../src/server/demo-fill.ts';
import { ADMIN, createWorld, startTestServer, type TestServer } from './helpers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TICKETS = 100_000;
const WRITES_PER_SECOND = 10;
const BACKUP_LINE = /^Backed up .+ to .+: \d+\.\d MB in \d+ ms\.$/m;
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-backup-'));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

function integrity(file: string): unknown {
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    return copy.prepare('PRAGMA integrity_check').get();
  } finally {
    copy.close();
  }
}

/** Resolves once `condition` holds, checking each `every` ms (no fixed wait: it is as quick as the server). */
async function until<T>(read: () => Promise<T>, condition: (value: T) => boolean, every = 20): Promise<T> {
  for (;;) {
    const value = await read();
    if (condition(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

describe('npm run backup', () => {
  let t: TestServer;
  let support: string;
  let body: Record<string, unknown>;
  const liveDir = () => path.join(tmp, 'live');

  beforeAll(async () => {
    const db = openDatabase(liveDir());
    const accounts = await fillDemo(db, { tickets: TICKETS, scryptCost: 4, admin: { ...ADMIN, first_name: 'Admin', last_name: 'User' } });
    db.close();
    t = await startTestServer({ dataDir: liveDir() });
    support = await t.signIn(accounts.find((account) => account.role === 'support')!.email, DEMO_PASSWORD);
    const [category] = (await t.call('GET', '/api/config/categories', { token: support })).body.data.list;
    const [service] = (await t.call('GET', '/api/config/services', { token: support })).body.data.list;
    body = { title: 'Written during the backup', description: 'A write while the copy runs.', priority: 'high', app: service.app, category_id: category.id, service_id: service.id };
  }, 180_000);
  afterAll(() => t.close());

  it(`finishes at ${TICKETS.toLocaleString('en')} tickets while ${WRITES_PER_SECOND} tickets a second are written, and a server starts on the copy`, async () => {
    const acknowledged: number[] = [];
    const refused: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const paced = new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_SECOND));
        const answer = await t.call('POST', '/api/tickets', { token: support, json: body });
        if (answer.status === 201) acknowledged.push(performance.now());
        else refused.push(`${answer.status} ${answer.text}`);
        await paced;
      }
    })();
    const file = path.join(tmp, 'copy', 'helpdesk-backup.db');
    const started = performance.now();
    const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/backup.ts', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: liveDir() } });
    const finished = performance.now();
    writing = false;
    await writer;

    expect(refused).toEqual([]);
    expect(stdout).toMatch(BACKUP_LINE);
    expect(acknowledged.filter((at) => at > started && at < finished).length).toBeGreaterThan(0);
    expect(integrity(file)).toEqual({ integrity_check: 'ok' });

    const restoredDir = path.join(tmp, 'restored');
    await fs.mkdir(restoredDir);
    await fs.copyFile(file, path.join(restoredDir, 'helpdesk.db'));
    const restored = await startTestServer({ dataDir: restoredDir });
    try {
      const token = await restored.signIn(ADMIN.email, ADMIN.password);
      const total = (await restored.call('GET', '/api/tickets?limit=1', { token })).body.data.total;
      expect(total).toBeGreaterThanOrEqual(TICKETS + acknowledged.filter((at) => at < started).length);
      expect(total).toBeLessThanOrEqual(TICKETS + acknowledged.length);
      expect((await restored.call('GET', '/api/tickets?q=during&limit=1', { token })).body.data.total).toBe(total - TICKETS);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('says why and exits non-zero when the database cannot be read, writing no file', async () => {
    const file = path.join(tmp, 'nothing', 'copy.db');
    const failed = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/backup.ts', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(tmp, 'no-such-dir') } }).catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Backup of .+helpdesk\.db to .+copy\.db failed: /m);
    await expect(fs.stat(file)).rejects.toThrow();
    await expect(fs.stat(`${file}.partial`)).rejects.toThrow();
  });
});

describe('scheduled backups', () => {
  it('writes one every BACKUP_EVERY_HOURS into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const backupDir = path.join(tmp, 'scheduled');
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const t = await startTestServer({ dataDir: path.join(tmp, 'sched-live'), backupDir, backupEveryHours: 0.05 / 3600, backupKeep: 2, now: () => (clock += 1000) });
    try {
      await until(() => fs.readdir(backupDir).catch(() => []), (names) => t.logs.filter((line) => line.startsWith('Backup written')).length >= 3 && names.length === 2);
    } finally {
      await t.close();
    }
    const names = (await fs.readdir(backupDir)).filter((name) => name.endsWith('.db'));
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^helpdesk-\d{8}T\d{6}Z\.db$/);
    for (const name of names) expect(integrity(path.join(backupDir, name))).toEqual({ integrity_check: 'ok' });
    expect(t.logs.find((line) => line.startsWith('Backup written'))).toMatch(/^Backup written: .+\.db \(\d+\.\d MB in \d+ ms\)$/);
  });

  it('shows supers a failed backup until the next one succeeds, and only supers', async () => {
    const blocked = path.join(tmp, 'not-a-folder');
    await fs.writeFile(blocked, 'a file where the backup folder should be');
    const t = await startTestServer({ dataDir: path.join(tmp, 'fail-live'), backupDir: path.join(blocked, 'backups'), backupEveryHours: 0.05 / 3600 });
    try {
      const w = await createWorld(t);
      const status = () => t.call('GET', '/api/backups', { token: w.admin.token }).then((answer) => answer.body.data);
      const failing = await until(status, (data) => data.failure !== null);
      expect(failing).toMatchObject({ scheduled: true, last_success: null, failure: { message: expect.stringMatching(/ENOTDIR|not a directory/i) } });
      expect(Date.parse(failing.failure.at)).not.toBeNaN();
      expect(t.logs.some((line) => line.startsWith('Backup to ') && line.includes(' failed: '))).toBe(true);
      expect((await t.call('GET', '/api/backups', { token: w.owner.token })).status).toBe(403);
      expect((await t.call('GET', '/api/backups', { token: w.developer.token })).status).toBe(403);

      await fs.rm(blocked);
      const recovered = await until(status, (data) => data.last_success !== null);
      expect(recovered.failure).toBeNull();
      expect(recovered.last_success).toMatchObject({ file: expect.stringContaining(path.join(blocked, 'backups')), bytes: expect.any(Number) });
      expect(recovered.last_success.bytes).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('answers that nothing is scheduled when BACKUP_DIR is not set', async () => {
    const t = await startTestServer();
    try {
      const token = await t.signIn(ADMIN.email, ADMIN.password);
      const answer = await t.call('GET', '/api/backups', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ scheduled: false, dir: null, last_success: null, failure: null });
    } finally {
      await t.close();
    }
  });
});
