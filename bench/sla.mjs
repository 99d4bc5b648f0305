/**
 * Service levels at scale (design.md#service-levels): with BENCH_SLA_TICKETS (100,000) open tickets, how
 * long a policy change takes to recompute them all, and /api/health's p99 meanwhile (target: ≤ 5 s and
 * ≤ 100 ms); then the timer's sweep when nothing crosses, in this process on the same database (target:
 * ≤ 5 ms a minute). `npm run bench -- sla`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { summarize } from './load.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_SLA_TICKETS ?? 100_000);
/** A filled data folder to reuse (its tickets made open again), instead of a new fill. */
const REUSED_DIR = process.env.BENCH_SLA_DATA_DIR;
const RUNS = 3;
const IDLE_SAMPLES = 200;
const SWEEPS = 2_000;
const READ_RUNS = 5;
const PING_GAP_MS = 5;
const TARGETS = { recomputeMs: 5_000, healthMs: 100, sweepMsPerMinute: 5 };
const SWEEPS_PER_MINUTE = 2; // SLA_SWEEP_EVERY_MS is 30 s
const WORKDAY = [['09:00', '12:00'], ['13:00', '17:00']];
const policy = (hours) => ({
  timezone: 'Europe/Berlin',
  week: { mon: WORKDAY, tue: WORKDAY, wed: WORKDAY, thu: WORKDAY, fri: WORKDAY, sat: [], sun: [] },
  holidays: ['2026-12-25', '2026-12-26'],
  targets: { high: { respond_minutes: 60 * hours, resolve_minutes: 480 * hours }, medium: { respond_minutes: 240 * hours, resolve_minutes: 2400 * hours }, low: { respond_minutes: null, resolve_minutes: 4800 * hours } },
  warn_percent: 80,
});
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU ms a process has used (user + system, Linux /proc): on a loaded machine, steadier than the wall clock. */
const CLOCK_TICKS_PER_MS = 100 / 1000;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
}

async function idleHealth(base) {
  const times = [];
  while (times.length < IDLE_SAMPLES) {
    const start = performance.now();
    await fetch(`${base}/api/health`).then((res) => res.text());
    times.push(performance.now() - start);
    await pause(PING_GAP_MS);
  }
  return times;
}

async function healthWhile(base, work) {
  let done = false;
  const t0 = performance.now();
  const finished = work().finally(() => (done = true));
  const times = [];
  while (!done) {
    const start = performance.now();
    await fetch(`${base}/api/health`).then((res) => res.text());
    times.push(performance.now() - start);
    await pause(PING_GAP_MS);
  }
  await finished;
  return { ms: performance.now() - t0, health: times };
}

/**
 * The reads the sla filter takes part in, under the last policy, in this process on the same database,
 * without the HTTP answer cache (which would answer a repeat from memory): median wall time of READ_RUNS
 * after one run that prepares the statements.
 */
async function readTimings(db) {
  const { createTicketQueue } = await import('../src/server/store/ticket-queue.ts');
  const { createReportStore } = await import('../src/server/store/report.ts');
  const app = db.prepare('SELECT app FROM tickets GROUP BY app ORDER BY count(*) DESC LIMIT 1').get().app;
  const breached = db.prepare('SELECT count(*) AS n FROM tickets t WHERE EXISTS (SELECT 1 FROM ticket_sla s WHERE s.ticket_id = t.id)').get().n;
  console.log(`  reads: most common app ${app}; ${breached.toLocaleString('en')} tickets with a service level`);
  const cases = {
    'stats, no filter': (queue) => queue.stats({}),
    'stats, sla=breached': (queue) => queue.stats({ sla: ['breached'] }),
    'stats, sla=due_soon': (queue) => queue.stats({ sla: ['due_soon'] }),
    [`stats, sla=breached&app=${app}`]: (queue) => queue.stats({ sla: ['breached'], app: [app] }),
    'first page, sla=breached': (queue) => queue.page({ sla: ['breached'] }),
    [`first page, sla=breached&app=${app}`]: (queue) => queue.page({ sla: ['breached'], app: [app] }),
    'first page, sla=due_soon&priority=high': (queue) => queue.page({ sla: ['due_soon'], priority: ['high'] }),
    'report, last year by app': (_queue, report) => report.report({ group: 'app', from: '2025-01-01', to: '2026-12-31' }),
  };
  // As the server keeps them: its statements prepared, and the filters' counts kept (the sla filter's never are).
  const queue = createTicketQueue(db);
  const report = createReportStore(db);
  const out = {};
  for (const [name, read] of Object.entries(cases)) {
    read(queue, report);
    const times = [];
    for (let i = 0; i < READ_RUNS; i++) {
      const start = performance.now();
      read(queue, report);
      times.push(performance.now() - start);
    }
    out[name] = times.sort((a, b) => a - b)[Math.floor(READ_RUNS / 2)];
  }
  return out;
}

export async function benchSla() {
  const dataDir = REUSED_DIR ?? tempDataDir();
  const env = serverEnv(dataDir);
  console.log(`\nService levels: ${TICKETS.toLocaleString('en')} open tickets, ${REUSED_DIR ? 'reusing a fill' : 'filling…'}`);
  if (!REUSED_DIR) await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  // Every ticket open: the worst case for a recompute.
  const fill = new DatabaseSync(join(dataDir, 'helpdesk.db'));
  fill.exec("UPDATE tickets SET status = CASE WHEN developer_id IS NULL THEN 'opened' ELSE 'assigned' END WHERE status = 'closed'");
  fill.close();
  const result = { tickets: TICKETS, recompute: [], recomputeCpu: [], health: [] };
  const app = await startListening('src/server/main.ts', env);
  try {
    const token = await signIn(app.url);
    // Off first, so each run starts the same way (a reused fill keeps the last run's policy).
    await fetch(`${app.url}/api/sla`, { method: 'DELETE', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    result.idle = await idleHealth(app.url);
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuMs(app.child.pid);
      const { ms, health } = await healthWhile(app.url, async () => {
        const res = await fetch(`${app.url}/api/sla`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(policy(i + 1)) });
        if (res.status !== 200) throw new Error(`PUT /api/sla answered ${res.status}: ${await res.text()}`);
      });
      result.recompute.push(ms);
      result.recomputeCpu.push(cpuMs(app.child.pid) - cpuBefore);
      result.health.push(...health);
      console.log(`  policy change ${i + 1}: ${(ms / 1000).toFixed(2)} s (server CPU ${(result.recomputeCpu.at(-1) / 1000).toFixed(2)} s), load ${loadavg()[0].toFixed(1)}, health p99 ${summarize(health, 1).p99.toFixed(1)} ms over ${health.length} pings`);
    }
  } finally {
    await stop(app.child);
  }

  // The sweep when nothing crosses: the index seek on sla_next_at, as the timer runs it.
  const { openDatabase } = await import('../src/server/db/database.ts');
  const { createSlaService } = await import('../src/server/sla/service.ts');
  const db = openDatabase(dataDir);
  const sla = createSlaService({ db, events: { record: () => {} }, now: Date.now, onChanged: () => {} });
  const t0 = performance.now();
  let moved = 0;
  for (let i = 0; i < SWEEPS; i++) moved += await sla.sweep();
  const sweepMs = (performance.now() - t0) / SWEEPS;
  const reads = await readTimings(db);
  db.close();
  if (!REUSED_DIR) rmSync(dataDir, { recursive: true, force: true });

  const health = summarize(result.health, 1);
  const idle = summarize(result.idle, 1);
  const recomputeMs = Math.max(...result.recompute);
  result.reads = reads;
  Object.assign(result, { idleP50: idle.p50, idleP99: idle.p99, recomputeMaxMs: recomputeMs, healthP50: health.p50, healthP99: health.p99, sweepMs, sweepMsPerMinute: sweepMs * SWEEPS_PER_MINUTE, crossedDuringSweeps: moved });
  result.meetsTarget = recomputeMs <= TARGETS.recomputeMs && health.p99 <= TARGETS.healthMs && result.sweepMsPerMinute <= TARGETS.sweepMsPerMinute;
  printTable(`Service levels at ${TICKETS.toLocaleString('en')} open tickets`, ['figure', 'measured', 'target'], [
    ['policy change, recompute (slowest of 3)', `${(recomputeMs / 1000).toFixed(2)} s (server CPU ${(Math.max(...result.recomputeCpu) / 1000).toFixed(2)} s)`, '≤ 5 s'],
    ['/api/health on the idle server, p50 / p99', `${idle.p50.toFixed(1)} / ${idle.p99.toFixed(1)} ms`, '—'],
    ['/api/health meanwhile, p50 / p99', `${health.p50.toFixed(1)} / ${health.p99.toFixed(1)} ms (${(health.p50 / idle.p50).toFixed(1)}× / ${(health.p99 / idle.p99).toFixed(1)}× idle)`, '≤ 100 ms'],
    ['timer sweep, nothing crossing', `${(sweepMs * 1000).toFixed(0)} µs each, ${(sweepMs * SWEEPS_PER_MINUTE).toFixed(3)} ms a minute`, '≤ 5 ms a minute'],
    ...Object.entries(reads).map(([name, ms]) => [name, `${ms.toFixed(1)} ms (median of ${READ_RUNS})`, '—']),
  ]);
  saveResults('sla', result);
  return result;
}
