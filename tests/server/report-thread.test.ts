/**
 * The reports' thread (store/report-runner.ts, docs/design.md#no-stalls) is started with the server and kept:
 * the first report after a start finds it running and starts none; one that stopped is started again by the
 * next ask; and it never keeps a closed server's process alive.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';

const REPORT = '/api/tickets/report?from=2026-01-01&to=2026-03-31&group=category';
const SERVER_URL = new URL('../../src/server/server.ts', import.meta.url).href;

/** A server in a process of its own, closed as soon as it listens with its reports' thread running: prints what it saw, then must end by itself. */
const START_AND_CLOSE = `
const { startServer } = await import(process.argv[1]);
const server = await startServer({ port: 0, dataDir: process.argv[2], distDir: process.argv[2] + '/no-dist', scryptCost: 4, log: () => {} });
const before = server.app.reports.threads();
await server.close();
console.log(JSON.stringify(before));
`;

describe("the reports' thread", () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    // As in production: test servers otherwise start the thread on the first report.
    t = await startTestServer({ reportsAtStart: true });
    admin = await t.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('runs from the start, so the first report starts no thread', async () => {
    const reports = t.server.app.reports;
    expect(reports.threads()).toEqual({ started: 1, running: true });
    const first = await t.call('GET', REPORT, { token: admin });
    expect(first.status, first.text).toBe(200);
    expect(reports.threads()).toEqual({ started: 1, running: true });
  });

  it('is started again by the next ask once it stopped, and kept', async () => {
    const reports = t.server.app.reports;
    await reports.close();
    expect(reports.threads()).toEqual({ started: 1, running: false });
    // Reports not asked before: the answer cache cannot answer in the thread's place.
    expect((await t.call('GET', REPORT.replace('category', 'priority'), { token: admin })).status).toBe(200);
    expect((await t.call('GET', REPORT.replace('category', 'app'), { token: admin })).status).toBe(200);
    expect(reports.threads()).toEqual({ started: 2, running: true });
  });

  it("lets a closed server's process end while its thread ran", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-report-thread-'));
    try {
      const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', START_AND_CLOSE, SERVER_URL, dataDir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(JSON.parse(out)).toEqual({ started: 1, running: true });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it.each([
    ['cannot listen (its port taken)', (port: number) => ({ port }), /EADDRINUSE/],
    ['cannot read its certificate', () => ({ tlsCertFile: '/no/such/cert.pem', tlsKeyFile: '/no/such/key.pem' }), /ENOENT/],
  ] as const)('is stopped, with the database, by a start that %s', async (_, options, failure) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-report-thread-'));
    /** This process's open files inside the data folder: the server's connection and the thread's. */
    const openInDataDir = async () => {
      const links = await Promise.all((await fs.readdir('/proc/self/fd')).map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return links.filter((link) => link.startsWith(dataDir));
    };
    try {
      await expect(startTestServer({ reportsAtStart: true, dataDir, ...options(t.server.port) })).rejects.toThrow(failure);
      await expect.poll(openInDataDir).toEqual([]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
