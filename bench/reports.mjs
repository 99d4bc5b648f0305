/**
 * The reports API at 100,000 tickets (issue 14's "done when": the 90-day report grouped by
 * category in ≤ 200 ms p50). Each sample is read right after a write, so no answer comes from
 * the cache. Baselines, read the same way in the same run: the work queue's first page (an
 * uncached read people wait on) and the dashboard's stats (counts kept across writes).
 * `npm run bench -- report`; BENCH_REPORT_TICKETS (default 100,000).
 */
import http from 'node:http';
import { coldReads, startWriter } from './api.mjs';
import { summarize } from './load.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';
import { rmSync } from 'node:fs';

const TICKETS = Number(process.env.BENCH_REPORT_TICKETS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 100);
const RANGE_DAYS = 90;
const DAY_MS = 86_400_000;
const TARGET_P50_MS = 200;

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The same path, again and again on one connection: answers from the cache. */
async function warmReads(base, headers, path, samples) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const status = await new Promise((resolve, reject) => {
      http.get(`${base}${path}`, { agent, headers }, (res) => res.resume().on('end', () => resolve(res.statusCode))).on('error', reject);
    });
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    times.push(performance.now() - t0);
  }
  agent.destroy();
  return summarize(times, 1);
}

export async function benchReports() {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  const result = { tickets: TICKETS, rows: {} };
  console.log(`\nReports: ${TICKETS.toLocaleString('en')} tickets, filling…`);
  result.fillSeconds = (await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true })) / 1000;
  const app = await startListening('src/server/main.ts', env);
  try {
    const token = await signIn(app.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const now = Date.now();
    const report = `/api/tickets/report?from=${day(now - (RANGE_DAYS - 1) * DAY_MS)}&to=${day(now)}&group=category`;
    const firstPage = '/api/tickets?limit=50';
    const stats = '/api/tickets/stats';
    const writer = startWriter(app.url, headers, TICKETS, 0.001);
    const cold = await coldReads(app.url, headers, writer, [report, firstPage, stats], SAMPLES);
    await writer.stop();
    const warm = await warmReads(app.url, headers, report, SAMPLES);
    const rows = {
      [`report, ${RANGE_DAYS} days by category, right after a write`]: cold[report],
      'baseline: first page of 50, right after a write': cold[firstPage],
      'baseline: stats, right after a write': cold[stats],
      [`report, ${RANGE_DAYS} days by category, cached`]: warm,
    };
    for (const [name, figures] of Object.entries(rows)) {
      result.rows[name] = { p50: figures.p50, p99: figures.p99 };
      console.log(`  ${name.padEnd(52)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms`);
    }
    result.ratioToFirstPage = cold[report].p50 / cold[firstPage].p50;
    result.meetsTarget = cold[report].p50 <= TARGET_P50_MS;
  } finally {
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const table = Object.entries(result.rows).map(([name, r]) => [name, `${r.p50.toFixed(1)} ms`, `${r.p99.toFixed(1)} ms`]);
  printTable(`Reports: ${TICKETS.toLocaleString('en')} tickets (target ≤ ${TARGET_P50_MS} ms p50; report / first page p50 ${result.ratioToFirstPage.toFixed(1)}×)`, ['', 'p50', 'p99'], table);
  saveResults('report', result);
  return result;
}
