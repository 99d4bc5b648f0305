/**
 * The kiosk queue board under a stream of events (issue 12): /admin/board in headless Chromium,
 * its JS heap (after a forced GC) once 10 events have arrived and again after 1,000. Events come
 * from real ticket writes through the API (close, then reopen, of the same few tickets), each fanned out on
 * GET /events to the board, which refetches its counts and queue. Target: heap after 1,000
 * within 1.2× of the heap after 10 — a kiosk runs for days. Then the server is stopped and started
 * again on the same port: the board must say Reconnecting…, come back Live by itself and show a
 * change made after the restart.
 * Usage: npm run bench -- board (BENCH_BOARD_EVENTS 1000, BENCH_BOARD_GAP_MS 10, BENCH_TICKETS 200, CHROMIUM_PATH).
 */
import { chromium } from 'playwright-core';
import http from 'node:http';
import net from 'node:net';
import { rmSync } from 'node:fs';
import { CHROMIUM_ARGS } from './browser.mjs';
import { request } from './http-client.mjs';
import { ADMIN, run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const EVENTS = Number(process.env.BENCH_BOARD_EVENTS ?? 1000);
const GAP_MS = Number(process.env.BENCH_BOARD_GAP_MS ?? 10);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 200);
const EARLY = 10;
const TARGET_RATIO = 1.2;
const SETTLE_MS = 2000;

const number = (id) => `TCK-${String(id).padStart(6, '0')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tickets the writes cycle over. Each is closed and reopened in turn (two events), so after 10
 * events and after 1,000 the board shows the same tickets: the heaps compare like with like.
 */
const TOUCHED = 5;

/** `count` status changes, one after another: each is one event on every open stream. */
async function writeEvents(url, token, count, state) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  for (let i = 0; i < count; i++) {
    const id = 1 + (Math.floor(state.next++ / 2) % TOUCHED);
    const to = state.closed.has(id) ? 'opened' : 'closed';
    const answer = await request(agent, url, { method: 'PATCH', path: `/api/tickets/${number(id)}`, headers, body: JSON.stringify({ status: to }) });
    if (answer.status === 409) state.closed.has(id) ? state.closed.delete(id) : state.closed.add(id);
    else if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}`);
    else to === 'closed' ? state.closed.add(id) : state.closed.delete(id);
    if (GAP_MS) await sleep(GAP_MS);
  }
  agent.destroy();
}

/** A port nobody listens on now, so the server can come back on the same address after a restart. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The number on the board's 'Opened' tile. */
const openedCount = async (page) => Number(await page.getByText('Opened', { exact: true }).locator('xpath=preceding-sibling::*[1]').textContent());

/** The page's JS heap after a full GC, and its DOM size. */
async function heapOf(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { heapMB: usedSize / 2 ** 20, nodes };
}

export async function benchBoard() {
  await run('build.mjs', [], process.env, { quiet: true });
  const dataDir = tempDataDir();
  const env = { ...serverEnv(dataDir), PORT: String(await freePort()) };
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  let app = await startListening('src/server/main.ts', env);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
  console.log(`\nBoard (headless Chromium, /admin/board, ${TICKETS} tickets; events from status changes ${GAP_MS} ms apart)`);
  try {
    const token = await signIn(app.url);
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.fill('input[name="email"]', ADMIN.email);
    await page.fill('input[type="password"]', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 60_000 });
    await page.goto(`${app.url}/admin/board`);
    await page.getByRole('list', { name: /^Open and assigned/ }).waitFor({ timeout: 60_000 });
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    let requests = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/tickets')) requests += 1;
    });

    const state = { next: 0, closed: new Set() };
    await writeEvents(app.url, token, EARLY, state);
    await sleep(SETTLE_MS);
    const early = await heapOf(page, cdp);
    const readsEarly = requests;
    console.log(`  after ${EARLY} events: heap ${early.heapMB.toFixed(2)} MB, ${early.nodes} DOM elements`);

    const t0 = performance.now();
    await writeEvents(app.url, token, EVENTS - EARLY, state);
    const writeSeconds = (performance.now() - t0) / 1000;
    await sleep(SETTLE_MS);
    const late = await heapOf(page, cdp);
    const stillLive = await page.getByText('Live', { exact: true }).first().isVisible();
    console.log(`  after ${EVENTS} events: heap ${late.heapMB.toFixed(2)} MB, ${late.nodes} DOM elements (${writeSeconds.toFixed(1)} s of writes, ${requests - readsEarly} board reads)`);

    const ratio = late.heapMB / early.heapMB;
    printTable('Board: JS heap over a stream of events', ['', `after ${EARLY} events`, `after ${EVENTS} events`, 'ratio', 'target'], [
      ['JS heap (after GC)', `${early.heapMB.toFixed(2)} MB`, `${late.heapMB.toFixed(2)} MB`, `${ratio.toFixed(2)}×`, `≤ ${TARGET_RATIO}× ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`],
      ['DOM elements', early.nodes, late.nodes, `${(late.nodes / early.nodes).toFixed(2)}×`, ''],
    ]);
    if (!stillLive) console.log('  warning: the board no longer says Live');

    // A server restart: the board says Reconnecting…, comes back Live by itself, and shows a change made after.
    await stop(app.child);
    await page.getByText('Reconnecting…', { exact: true }).first().waitFor({ timeout: 30_000 });
    const down = performance.now();
    app = await startListening('src/server/main.ts', env);
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 60_000 });
    const backLiveMs = performance.now() - down;
    const before = await openedCount(page);
    const open = await (await fetch(`${app.url}/api/tickets?status=opened&limit=1&sort=oldest`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })).json();
    const target = open.data.list[0].number;
    await fetch(`${app.url}/api/tickets/${target}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'closed' }) });
    const t1 = performance.now();
    while ((await openedCount(page)) !== before - 1) {
      if (performance.now() - t1 > 10_000) throw new Error('the board did not follow a change after the server restart');
      await sleep(50);
    }
    const afterRestartMs = performance.now() - t1;
    console.log(`  server restart: Live again ${(backLiveMs / 1000).toFixed(1)} s after the restart began; a change after it showed in ${afterRestartMs.toFixed(0)} ms`);
    saveResults('board', { tickets: TICKETS, events: EVENTS, gapMs: GAP_MS, early, late, ratio, boardReads: requests, stillLive, restart: { backLiveMs, afterRestartMs } });
    await context.close();
    return { early, late, ratio };
  } finally {
    await browser.close();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
