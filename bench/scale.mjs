/**
 * The work queue at a million tickets (issue 9's "done when"): the demo fill time, then on one
 * connection the first page (cached, and right after a write), a search, stats and one ticket,
 * the 90-day report and a search for a word most tickets hold, newest first and by update (all right after a write), with
 * /api/health asked all the while on its own connection (its worst wait is the longest the event
 * loop was held), a bare node:http server on one connection in the same run as the baseline, the
 * server's RSS, and whether the admin dashboard still loads in headless Chromium.
 * Not part of the default run (the fill alone takes minutes): npm run bench -- scale
 * BENCH_SCALE_TICKETS (default 1,000,000); BENCH_SCALE_DATA_DIR reuses a filled folder.
 */
import http from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import { DEMO_SEARCH_WORDS } from '../src/server/demo-data.ts';
import { coldReads, distinctSearches, query, startWriter } from './api.mjs';
import { CHROMIUM_ARGS, oneRound } from './browser.mjs';
import { LoadGenerator, summarize } from './load.mjs';
import { memoryOf, run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_SCALE_TICKETS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 200);
const DAY_MS = 86_400_000;
const REPORT_DAYS = 90;
/** A pause between health requests, so the pings themselves are not a load. */
const PING_GAP_MS = 5;

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Health asked one request at a time on its own connection until stop(): the latencies. */
function pingHealth(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let stopped = false;
  const once = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      http.get(`${base}/api/health`, { agent }, (res) => res.resume().on('end', () => resolve(performance.now() - t0))).on('error', reject);
    });
  const done = (async () => {
    while (!stopped) {
      times.push(await once());
      await new Promise((resolve) => setTimeout(resolve, PING_GAP_MS));
    }
    agent.destroy();
    return times;
  })();
  return { stop: () => ((stopped = true), done) };
}

/** The same one-connection, one-at-a-time reads of a bare node:http server: the floor of this machine in this run. */
async function bareBaseline(samples) {
  const bare = await startListening('bench/bare-server.mjs', process.env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  try {
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await new Promise((resolve, reject) => http.get(`${bare.url}/`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject));
      times.push(performance.now() - t0);
    }
  } finally {
    agent.destroy();
    await stop(bare.child);
  }
  return summarize(times, 1);
}

export async function benchScale() {
  const reuse = process.env.BENCH_SCALE_DATA_DIR;
  const dataDir = reuse ?? tempDataDir();
  const env = serverEnv(dataDir);
  const result = { tickets: TICKETS, rows: {} };
  console.log(`\nScale: ${TICKETS.toLocaleString('en')} tickets`);
  if (!reuse || !existsSync(`${dataDir}/helpdesk.db`)) {
    result.fillSeconds = (await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true })) / 1000;
    console.log(`  demo fill: ${result.fillSeconds.toFixed(1)} s`);
  }
  const app = await startListening('src/server/main.ts', env);
  const generator = await new LoadGenerator().start();
  try {
    const token = await signIn(app.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const firstPage = '/api/tickets?limit=50';
    const row = (name, figures) => {
      result.rows[name] = { p50: figures.p50, p99: figures.p99, ...(figures.rps ? { rps: figures.rps } : {}) };
      console.log(`  ${name.padEnd(48)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms`);
    };
    row('first page, 1 conn (cached)', await generator.measure({ base: app.url, headers, targets: [firstPage], connections: 1 }));
    row('search, 1 conn (distinct terms, uncached)', await generator.measure({ base: app.url, headers, targets: distinctSearches(), connections: 1 }));
    const writer = startWriter(app.url, headers, TICKETS, 0.001);
    const now = Date.now();
    const report = `/api/tickets/report?from=${day(now - (REPORT_DAYS - 1) * DAY_MS)}&to=${day(now)}&group=category`;
    const paths = [firstPage, '/api/tickets/stats', `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.medium })}`,
      `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.common })}`, `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.common, sort: 'updated' })}`, `/api/tickets/TCK-${String(Math.floor(TICKETS / 2)).padStart(6, '0')}`, report];
    const names = ['first page', 'stats', `search "${DEMO_SEARCH_WORDS.medium}"`, `search "${DEMO_SEARCH_WORDS.common}" (common)`, `search "${DEMO_SEARCH_WORDS.common}" by update`, 'one ticket', `report, ${REPORT_DAYS} days`];
    const health = pingHealth(app.url);
    const cold = await coldReads(app.url, headers, writer, paths, SAMPLES);
    const healthTimes = await health.stop();
    await writer.stop();
    paths.forEach((path, i) => row(`${names[i]}, 1 conn, right after a write`, cold[path]));
    result.firstReport = cold[report].first;
    console.log(`  the first report after the start: ${result.firstReport.toFixed(1)} ms`);
    result.health = { ...summarize(healthTimes, 1), max: Math.max(...healthTimes), samples: healthTimes.length };
    row('/api/health beside all of the above', result.health);
    console.log(`  /api/health worst wait: ${result.health.max.toFixed(1)} ms over ${healthTimes.length} asks`);
    result.rss = memoryOf(app.child.pid);

    if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      await run('build.mjs', [], process.env, { quiet: true });
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        await oneRound(browser, app.url);
        result.dashboard = await oneRound(browser, app.url);
        console.log(`  admin dashboard: sign-in click → first card ${result.dashboard.dashboard.toFixed(0)} ms`);
      } catch (error) {
        result.dashboardError = String(error);
        console.log(`  admin dashboard did not show a card: ${error}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await generator.close();
    await stop(app.child);
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
  result.bare = await bareBaseline(SAMPLES);
  console.log(`  bare node:http, 1 conn: p50 ${result.bare.p50.toFixed(2)} ms  p99 ${result.bare.p99.toFixed(2)} ms`);
  const table = Object.entries(result.rows).map(([name, r]) => [name, `${r.p50.toFixed(1)} ms`, `${r.p99.toFixed(1)} ms`, `${(r.p50 / result.bare.p50).toFixed(0)}×`]);
  table.push(['bare node:http, 1 conn (baseline)', `${result.bare.p50.toFixed(2)} ms`, `${result.bare.p99.toFixed(2)} ms`, '1×']);
  printTable(`Scale: ${TICKETS.toLocaleString('en')} tickets${result.fillSeconds ? `, demo fill ${result.fillSeconds.toFixed(0)} s` : ''}, server RSS ${result.rss.rssMB.toFixed(0)} MB`, ['', 'p50', 'p99', 'p50 ÷ bare'], table);
  saveResults('scale', result);
  return result;
}
