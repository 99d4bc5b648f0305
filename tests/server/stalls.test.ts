/**
 * Nothing holds the event loop (docs/design.md#no-stalls): while the whole list is written,
 * plain or compressed, `/api/health` still answers; one person's slow downloads cannot take
 * every streamed-answer slot. On a demo database big enough that an unyielding list blocks.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { inBatches, WRITE_BATCH } from '../../src/server/db/batches.ts';
import { DEMO_PASSWORD } from '../../src/server/demo-data.ts';
import { fillDemo, type DemoAccount } from '../../src/server/demo-fill.ts';
import { openStreamCount, STREAMS_PER_USER } from '../../src/server/http/stream.ts';
import { createReportStore } from '../../src/server/store/report.ts';
import { ADMIN, createStaff, startTestServer, type TestServer } from './helpers.ts';

/** About 20 MB of list: some sixty batches, and more than socket buffers hold for a reader that stops. */
const TICKETS = 30_000;
const TEST_SCRYPT_COST = 4;
const DAY_MS = 86_400_000;

/**
 * A client in its own process (so it reads as fast as the socket allows, whatever this process
 * does): health once to open its connection, then the long answer; at its first bytes it asks
 * for health again. Prints which answer finished first.
 */
const FAST_READER = `
import http from 'node:http';
const [, base, token, target, encoding] = process.argv;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const health = () => new Promise((resolve, reject) =>
  http.get(base + '/api/health', { agent }, (res) => res.resume().on('end', () => resolve(res.statusCode))).on('error', reject));
await health();
const finished = [];
let asked;
await new Promise((resolve, reject) => {
  const headers = { authorization: 'Bearer ' + token, ...(encoding ? { 'accept-encoding': encoding } : {}) };
  http.get(base + target, { headers }, (res) => {
    res.on('data', () => {
      asked ??= health().then((status) => finished.push('health ' + status));
    });
    res.on('end', () => {
      finished.push('answer ' + res.statusCode + ' ' + (res.headers['content-encoding'] ?? 'identity'));
      resolve();
    });
  }).on('error', reject);
});
await asked;
console.log(JSON.stringify(finished));
agent.destroy();
`;

function readFast(base: string, token: string, target: string, encoding: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FAST_READER, base, token, target, encoding], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`reader exited with ${code}`))));
  });
}

/** A download that asks and then reads nothing: it holds its slot until cut off. */
function heldDownload(port: number, token: string, path: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    socket.pause();
  });
  socket.on('error', () => {});
  return socket;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe(`long answers at ${TICKETS.toLocaleString('en')} tickets`, () => {
  let t: TestServer;
  let dataDir: string;
  let admin: string;
  let accounts: DemoAccount[];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-stalls-test-'));
    const db = openDatabase(dataDir);
    accounts = await fillDemo(db, { tickets: TICKETS, scryptCost: TEST_SCRYPT_COST, admin: { ...ADMIN, first_name: 'Ada', last_name: 'Admin' } });
    db.close();
    t = await startTestServer({ dataDir, sendIdleSeconds: 60 });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['/api/tickets', ''],
    ['/api/tickets', 'br'],
    ['/api/tickets', 'gzip'],
    ['/api/tickets/export.csv', ''],
    ['/api/tickets/export.csv', 'gzip'],
  ])('answers /api/health while %s is read at full speed (encoding "%s")', async (target, encoding) => {
    const finished = await readFast(t.url, admin, target, encoding);
    expect(finished).toEqual(['health 200', `answer 200 ${encoding || 'identity'}`]);
  }, 60_000);

  it("answers /api/health while a year's report is made", async () => {
    const reports = t.server.app.reports;
    const original = reports.report;
    const healthAnswered = () => t.logs.filter((line) => line.startsWith('GET /api/health 200')).length;
    let health: Promise<unknown> = Promise.resolve();
    let answeredMeanwhile = 0;
    // Health is asked as the report starts; the request log says whether it was answered before the figures came.
    reports.report = (query) => {
      const before = healthAnswered();
      health = t.call('GET', '/api/health');
      return original(query).then((report) => {
        answeredMeanwhile = healthAnswered() - before;
        return report;
      });
    };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const year = `from=${day(Date.now() - 364 * DAY_MS)}&to=${day(Date.now())}&group=service`;
    try {
      expect((await t.call('GET', `/api/tickets/report?${year}`, { token: admin })).status).toBe(200);
      await health;
    } finally {
      reports.report = original;
    }
    expect(answeredMeanwhile).toBe(1);
  });

  it("makes a report's figures on its thread exactly as on the server's, and outlives a failed or stopped thread", async () => {
    const reports = t.server.app.reports;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const query = { from: day(Date.now() - 89 * DAY_MS), to: day(Date.now()), group: 'developer' as const };
    const onThisThread = createReportStore(t.server.app.db).report(query);
    expect(await reports.report(query)).toEqual(onThisThread);
    await expect(reports.report({ ...query, group: 'nothing' as never })).rejects.toThrow(/report failed/);
    expect(await reports.report(query)).toEqual(onThisThread);
    await reports.close();
    expect(await reports.report(query)).toEqual(onThisThread);
  });

  it('answers /api/health while a reader that takes nothing holds the whole list', async () => {
    const held = heldDownload(t.server.port, admin, '/api/tickets');
    await until(() => openStreamCount() === 1);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect(openStreamCount()).toBe(1);
    held.destroy();
    await until(() => openStreamCount() === 0);
  });

  it(`lets one person hold ${STREAMS_PER_USER} downloads, refuses their next with 429, and still serves everyone else`, async () => {
    const greedy = await createStaff(t, admin, 'support', 'Greedy');
    const other = await createStaff(t, admin, 'support', 'Other');
    const held = Array.from({ length: STREAMS_PER_USER }, () => heldDownload(t.server.port, greedy.token, '/api/tickets/export.csv'));
    await until(() => openStreamCount(greedy.id) === STREAMS_PER_USER);

    for (const path of ['/api/tickets/export.csv', '/api/tickets']) {
      const refused = await t.call('GET', path, { token: greedy.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.message).toBe(SERVER.tooManyDownloads);
      expect([refused.headers.get('content-disposition'), refused.headers.get('etag')]).toEqual([null, null]);
    }
    const theirs = await t.call('GET', '/api/tickets/export.csv', { token: other.token });
    expect(theirs.status).toBe(200);
    // Newest first: the whole file came, from the newest ticket to the first.
    expect(theirs.text.indexOf(`TCK-${String(TICKETS).padStart(6, '0')},`)).toBeGreaterThan(0);
    expect(theirs.text).toContain('\r\nTCK-000001,');
    expect(openStreamCount(greedy.id)).toBe(STREAMS_PER_USER);

    held.forEach((socket) => socket.destroy());
    await until(() => openStreamCount(greedy.id) === 0);
    const again = await fetch(`${t.url}/api/tickets/export.csv`, { headers: { Authorization: `Bearer ${greedy.token}` } });
    expect(again.status).toBe(200);
    await again.body?.cancel();
  }, 60_000);

  /**
   * Watches a long write from this thread, turn by turn, until `settled`: the largest share of
   * `total` seen done while it was not all done. A write made in one go is never seen half done.
   */
  async function seenMidway(done: () => number, total: number, settled: () => boolean): Promise<number> {
    let midway = 0;
    while (!settled()) {
      const n = done();
      if (n > 0 && n < total) midway = Math.max(midway, n);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return midway;
  }

  const idOf = (email: string) => Number((t.server.app.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id);
  const count = (sql: string, ...params: Array<string | number>) => Number((t.server.app.db.prepare(sql).get(...params) as { n: number }).n);

  it("renames a person with thousands of tickets batch by batch, the server's thread free between batches", async () => {
    const person = accounts.find((account) => account.name === 'Olivia Brown')!;
    const id = idOf(person.email);
    const total = count('SELECT count(*) AS n FROM tickets WHERE created_by_id = ?', id);
    expect(total).toBeGreaterThan(10 * WRITE_BATCH);
    const token = await t.signIn(person.email, DEMO_PASSWORD);
    let settled = false;
    const rename = t.call('PATCH', `/api/auth/user/${id}/update`, { token, json: { first_name: 'Olive', last_name: 'Brown' } }).finally(() => (settled = true));
    const renamed = () => count("SELECT count(*) AS n FROM tickets WHERE created_by_id = ? AND created_by = 'Olive'", id);
    const midway = await seenMidway(renamed, total, () => settled);
    expect((await rename).status).toBe(200);
    expect(midway).toBeGreaterThan(0);
    expect(renamed()).toBe(total);
    const page = await t.call('GET', `/api/tickets?limit=5&created_by_id=${id}`, { token: admin });
    expect(page.body.data.list.map((ticket: { created_by: string }) => ticket.created_by)).toEqual(Array(5).fill('Olive'));
  }, 60_000);

  it("removes a developer with thousands of tickets batch by batch, the server's thread free between batches, every ticket and log row let go", async () => {
    const person = accounts.find((account) => account.name === 'Dana Kim')!;
    const id = idOf(person.email);
    const total = count('SELECT count(*) AS n FROM tickets WHERE developer_id = ?', id);
    expect(total).toBeGreaterThan(10 * WRITE_BATCH);
    expect(count('SELECT count(*) AS n FROM ticket_logs WHERE user_id = ?', id)).toBeGreaterThan(WRITE_BATCH);
    let settled = false;
    const removal = t.call('DELETE', `/api/auth/user/${id}`, { token: admin }).finally(() => (settled = true));
    const letGo = () => total - count('SELECT count(*) AS n FROM tickets WHERE developer_id = ?', id);
    const midway = await seenMidway(letGo, total, () => settled);
    expect((await removal).status).toBe(200);
    expect(midway).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM users WHERE id = ?', id)).toBe(0);
    expect(count('SELECT count(*) AS n FROM tickets WHERE developer_id = ?', id)).toBe(0);
    expect(count('SELECT count(*) AS n FROM ticket_logs WHERE user_id = ?', id)).toBe(0);
  }, 60_000);
});

describe('a long write in batches', () => {
  it('runs every batch, each in its own transaction, with a turn of the event loop between', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-batches-test-'));
    const db = openDatabase(dataDir);
    const seen: string[] = [];
    let left = 3;
    const turn = () => setImmediate(() => {
      seen.push('turn');
      if (left > 0) turn();
    });
    turn();
    await inBatches(db, () => {
      seen.push(db.isTransaction ? 'batch in a transaction' : 'batch outside one');
      return --left > 0;
    });
    db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    expect(seen.slice(0, 5)).toEqual(['batch in a transaction', 'turn', 'batch in a transaction', 'turn', 'batch in a transaction']);
  });
});
