/**
 * API benchmarks (design.md#benchmarks, issue 9) at 1,000 and 100,000 tickets in one run: the work queue's
 * first page, search, stats and one ticket under 50 connections and on one connection, each
 * beside a bare node:http server answering the very same bytes; reads with 0 and 5 writes/s;
 * server RSS after a stretch of mixed load. Usage: npm run bench -- api
 *
 * Settings (environment): BENCH_TICKETS (sizes, default "1000,100000"), BENCH_SECONDS (one run,
 * default 3), BENCH_RUNS (≥ 3), BENCH_WARMUP_SECONDS (1), BENCH_RSS_SECONDS (60),
 * BENCH_COLD_SAMPLES (200), BENCH_LOAD_PROCESSES (2).
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { VOCABULARY, DEMO_SEARCH_WORDS } from '../src/server/demo-data.ts';
import { request } from './http-client.mjs';
import { LoadGenerator, median, RUN_MS, summarize } from './load.mjs';
import { memoryOf, run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, fmtRps, printTable, saveResults } from './report.mjs';

export const SIZES = (process.env.BENCH_TICKETS ?? '1000,100000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
const CONNECTIONS = 50;
const RSS_MS = Number(process.env.BENCH_RSS_SECONDS ?? 60) * 1000;
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 200);
const WRITES_PER_SECOND = 5;
/** What a browser sends, so the server compresses as it would for the client. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const SORTS = ['newest', 'oldest', 'priority', 'updated'];
const STATUS_SETS = ['', 'opened', 'assigned', 'closed', 'opened,assigned'];
const APP_SETS = ['', 'shaq_app', 'shaq_express'];
const PRIORITY_SETS = ['', 'high', 'medium', 'low'];
/** The demo's first developers are users 7 to 11 (after the first admin and five other staff). */
const DEVELOPER_SETS = ['', 'none', '7', '8', '9'];

/** A fixed shuffle, so every run asks the same distinct queries in the same order. */
function shuffled(items, seed = 7) {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const query = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();

/** Search terms as people type them: whole words and their prefixes of 3+ letters. */
const searchTerms = () => [...new Set(VOCABULARY.flatMap((word) => Array.from({ length: Math.max(0, word.length - 2) }, (_, i) => word.slice(0, i + 3))))];

/**
 * Distinct queries, so the server's answer cache cannot serve them: a search term or a filter
 * combination, each with a sort. Runs stay within the list (no query asked twice) at the
 * throughputs this machine reaches.
 */
export function distinctSearches(limit = 50) {
  const out = [];
  for (const q of searchTerms()) for (const sort of SORTS) for (const status of STATUS_SETS) for (const app of APP_SETS) out.push(`/api/tickets?${query({ limit, q, status, app, sort })}`);
  return shuffled(out);
}
export function distinctFilters() {
  const out = [];
  for (const sort of SORTS) for (const status of STATUS_SETS) for (const app of APP_SETS) for (const priority of PRIORITY_SETS) for (let category = 0; category <= 8; category++) for (let service = 0; service <= 12; service += 4) for (const developer_id of DEVELOPER_SETS) {
    out.push(`/api/tickets?${query({ limit: 50, status, app, priority, category_id: category || '', service_id: service || '', developer_id, sort })}`);
  }
  return shuffled(out);
}
export function distinctStats() {
  const out = [];
  for (const q of ['', ...searchTerms()]) for (const status of STATUS_SETS) for (const app of APP_SETS) for (const priority of PRIORITY_SETS) out.push(`/api/tickets/stats?${query({ q, status, app, priority })}`);
  return shuffled(out);
}

const number = (id) => `TCK-${String(id).padStart(6, '0')}`;

/** Up to 20,000 tickets' detail paths, spread over all of them, in a fixed shuffled order. */
export const detailPaths = (tickets) =>
  shuffled(Array.from({ length: Math.min(tickets, 20_000) }, (_, i) => `/api/tickets/${number(1 + Math.floor((i * tickets) / Math.min(tickets, 20_000)))}`));

/**
 * The mix a helpdesk sees: of every ten reads, four default first pages, two tickets, a
 * dashboard's stats, a filtered stats, a search and a filtered list (the last three distinct).
 */
export function mixedReads(tickets) {
  const [details, searches, filters, stats] = [detailPaths(tickets), distinctSearches(), distinctFilters(), distinctStats()];
  const firstPage = '/api/tickets?limit=50';
  const mixed = [];
  for (let i = 0; i < 20_000; i++) {
    mixed.push(firstPage, details[(2 * i) % details.length], firstPage, searches[i % searches.length], '/api/tickets/stats', firstPage);
    mixed.push(details[(2 * i + 1) % details.length], filters[i % filters.length], firstPage, stats[i % stats.length]);
  }
  return mixed;
}

/**
 * Writes at a steady rate, open loop (a slow answer does not delay the next write, as with real
 * users): status changes (close / reopen) of random tickets and, one in five, a new ticket.
 */
export function startWriter(base, headers, tickets, perSecond = WRITES_PER_SECOND) {
  const MAX_IN_FLIGHT = 50;
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const started = performance.now();
  let skipped = 0;
  const known = new Map();
  const latencies = [];
  let errors = 0;
  let tick = 0;
  let seed = 12345;
  const randomId = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return 1 + (seed % tickets);
  };
  const json = { ...headers, 'content-type': 'application/json' };
  const write = async () => {
    const t0 = performance.now();
    if (tick++ % 5 === 4) {
      const body = JSON.stringify({ title: 'Bench ticket: checkout voucher', description: 'Written by the bench writer while readers load pages.', priority: 'medium', category_id: 1, service_id: 1, app: 'shaq_app' });
      const answer = await request(agent, base, { method: 'POST', path: '/api/tickets', headers: json, body });
      if (answer.status !== 201) errors++;
    } else {
      const id = randomId();
      const next = known.get(id) === 'closed' ? 'opened' : 'closed';
      let answer = await request(agent, base, { method: 'PATCH', path: `/api/tickets/${number(id)}`, headers: json, body: JSON.stringify({ status: next }) });
      if (answer.status === 409) {
        // It was closed already: reopen it instead.
        answer = await request(agent, base, { method: 'PATCH', path: `/api/tickets/${number(id)}`, headers: json, body: JSON.stringify({ status: next === 'closed' ? 'opened' : 'closed' }) });
        known.set(id, next === 'closed' ? 'opened' : 'closed');
      } else known.set(id, next);
      if (answer.status !== 200) errors++;
    }
    latencies.push(performance.now() - t0);
  };
  let inFlight = 0;
  const timer = setInterval(() => {
    if (inFlight >= MAX_IN_FLIGHT) return void skipped++;
    inFlight++;
    write().finally(() => inFlight--);
  }, 1000 / perSecond);
  return {
    write,
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 10));
      agent.destroy();
      const s = summarize(latencies, 1, { errors });
      return { writes: latencies.length, perSecond: latencies.length / seconds, skipped, p50: s.p50, p99: s.p99, errors };
    },
  };
}

/** Tells the bare server to answer exactly what the app answered for `target`. */
async function mirror(bareUrl, appUrl, target) {
  const agent = new http.Agent();
  const answer = await request(agent, appUrl, target, { keepBody: true });
  agent.destroy();
  const headers = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) headers[name] = value;
  }
  const res = await fetch(`${bareUrl}/__bare`, { method: 'PUT', body: JSON.stringify({ status: answer.status, headers, body: answer.body.toString('base64') }) });
  if (!res.ok) throw new Error('bare server refused its answer');
  return { status: answer.status, bytes: answer.body.length, encoding: answer.headers['content-encoding'] ?? 'identity' };
}

async function resetBare(bareUrl) {
  await fetch(`${bareUrl}/__bare`, { method: 'PUT', body: JSON.stringify({ status: 200, headers: {}, body: '' }) });
}

/** Times `GET path` right after a write, on one connection: the first read of fresh data. */
export async function coldReads(base, headers, writer, paths, samples) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = Object.fromEntries(paths.map((p) => [p, []]));
  for (let i = 0; i < samples; i++) {
    await writer.write();
    for (const path of paths) {
      const t0 = performance.now();
      const answer = await request(agent, base, { path, headers });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      times[path].push(performance.now() - t0);
    }
  }
  agent.destroy();
  // `first`: the first ask after the server started, which meets whatever it left cold.
  return Object.fromEntries(paths.map((p) => [p, { ...summarize(times[p], 1), first: times[p][0] }]));
}

async function benchSize(tickets, generator, bare) {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  console.log(`\n— ${tickets.toLocaleString('en')} tickets: filling…`);
  const fillMs = await run('src/server/demo.ts', ['--tickets', String(tickets)], env, { quiet: true });
  const app = await startListening('src/server/main.ts', env);
  const result = { tickets, fillSeconds: fillMs / 1000, rows: {} };
  try {
    const token = await signIn(app.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
    const probe = await (await fetch(`${app.url}/api/tickets?limit=50`, { headers: { authorization: headers.authorization } })).json();
    if (!('next_cursor' in (probe.data ?? {}))) throw new Error('GET /api/tickets?limit=50 does not answer a page yet (design.md#work-queue-api)');

    const at = (path) => [path];
    const many = (paths) => paths;
    const firstPage = '/api/tickets?limit=50';
    const search = `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.medium })}`;
    const stats = '/api/tickets/stats';
    const details = detailPaths(tickets);
    const searches = distinctSearches();
    const filters = distinctFilters();
    const statsVariants = distinctStats();
    const filtersReversed = filters.slice().reverse();
    const searchesReversed = searches.slice().reverse();
    const rows = result.rows;
    const measure = async (name, options, baselineOf) => {
      const mine = { base: app.url, headers, connections: CONNECTIONS, ...options };
      let figures;
      if (baselineOf) {
        // Alternated with the bare server answering this baseline's bytes.
        await mirror(bare.url, app.url, { path: rows[baselineOf].path, headers });
        figures = await generator.compare(mine, { base: bare.url, headers, connections: CONNECTIONS, targets: at(rows[baselineOf].path) });
      } else figures = await generator.measure(mine);
      rows[name] = { ...figures, distinctQueries: options.targets.length, ...(baselineOf ? { vsBare: figures.ratio } : {}) };
      const asked = figures.runs.reduce((n, r) => n + r.rps * (RUN_MS / 1000), 0);
      if (options.targets.length > 1 && asked > options.targets.length) console.log(`  (${name}: ${Math.round(asked)} requests over ${options.targets.length} distinct queries: some repeat and may be cached)`);
      const beside = figures.baseline ? `   ${figures.ratio.toFixed(2)}× bare (${fmtRps(figures.baseline.rps).trim()} in the same runs)` : '';
      console.log(`  ${name.padEnd(44)} ${fmtRps(figures.rps)}  p50 ${fmtMs(figures.p50)}  p99 ${fmtMs(figures.p99)}${figures.errors ? `  errors ${figures.errors}` : ''}${beside}`);
      return rows[name];
    };
    const baseline = async (name, path) => {
      const answer = await mirror(bare.url, app.url, { path, headers });
      const figures = await generator.measure({ base: bare.url, headers, connections: CONNECTIONS, targets: at(path) });
      rows[name] = { ...figures, answer, path };
      console.log(`  ${name.padEnd(44)} ${fmtRps(figures.rps)}  p50 ${fmtMs(figures.p50)}  p99 ${fmtMs(figures.p99)}  (${answer.bytes} B ${answer.encoding})`);
    };

    // First page: cached (the same query again), the same with distinct filters (uncached), one connection.
    await baseline('bare: first page bytes', firstPage);
    await measure('first page, 50 conn (cached)', { targets: at(firstPage) }, 'bare: first page bytes');
    await measure('first page + filters, 50 conn (distinct, uncached)', { targets: many(filters) }, 'bare: first page bytes');
    await measure('first page, 1 conn (cached)', { targets: at(firstPage), connections: 1 });
    await measure('first page + filters, 1 conn (uncached)', { targets: filtersReversed, connections: 1 });

    // Search: one word (cached), distinct terms (uncached), one connection, and a rare and a common word.
    await baseline('bare: search bytes', search);
    await measure('search, 50 conn (one word, cached)', { targets: at(search) }, 'bare: search bytes');
    await measure('search, 50 conn (distinct, uncached)', { targets: many(searches) }, 'bare: search bytes');
    await measure('search, 1 conn (distinct, uncached)', { targets: searchesReversed, connections: 1 });

    // Stats and one ticket.
    await baseline('bare: stats bytes', stats);
    await measure('stats, 50 conn (cached)', { targets: at(stats) }, 'bare: stats bytes');
    await measure('stats + filters, 50 conn (distinct, uncached)', { targets: many(statsVariants) }, 'bare: stats bytes');
    await baseline('bare: one ticket bytes', details[0]);
    await measure('one ticket, 50 conn (random tickets)', { targets: many(details) }, 'bare: one ticket bytes');

    // Cold reads: the first read after a write, one connection.
    const coldWriter = startWriter(app.url, headers, tickets, 0.001);
    const cold = await coldReads(app.url, headers, coldWriter, [firstPage, stats, `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.common })}`, `/api/tickets?${query({ limit: 50, q: DEMO_SEARCH_WORDS.rare })}`], COLD_SAMPLES);
    await coldWriter.stop();
    const coldNames = ['first page', 'stats', `search "${DEMO_SEARCH_WORDS.common}" (common)`, `search "${DEMO_SEARCH_WORDS.rare}" (rare)`];
    Object.values(cold).forEach((figures, i) => {
      rows[`${coldNames[i]}, 1 conn, right after a write`] = { p50: figures.p50, p99: figures.p99, samples: figures.requests, cold: true };
      console.log(`  ${`${coldNames[i]}, 1 conn, after a write`.padEnd(44)} ${' '.repeat(13)}  p50 ${fmtMs(figures.p50)}  p99 ${fmtMs(figures.p99)}`);
    });

    // Reads with 0 and with 5 writes/s, alternated so drift on a shared machine hits both alike.
    const mixedTargets = many(mixedReads(tickets));
    await generator.once({ base: app.url, headers, targets: mixedTargets, connections: CONNECTIONS, durationMs: 1000 });
    const quiet = [];
    const busy = [];
    const writes = [];
    for (let i = 0; i < 3; i++) {
      quiet.push(await generator.once({ base: app.url, headers, targets: mixedTargets, connections: CONNECTIONS, durationMs: RUN_MS }));
      const writer = startWriter(app.url, headers, tickets);
      busy.push(await generator.once({ base: app.url, headers, targets: mixedTargets, connections: CONNECTIONS, durationMs: RUN_MS }));
      writes.push(await writer.stop());
    }
    const med = (xs, key) => [...xs.map((x) => x[key])].sort((a, b) => a - b)[1];
    rows['mixed reads, 0 writes/s'] = { rps: med(quiet, 'rps'), p50: med(quiet, 'p50'), p99: med(quiet, 'p99'), errors: quiet.reduce((n, r) => n + r.errors, 0), runs: quiet.map((r) => Math.round(r.rps)) };
    rows['mixed reads, 5 writes/s'] = { rps: med(busy, 'rps'), p50: med(busy, 'p50'), p99: med(busy, 'p99'), errors: busy.reduce((n, r) => n + r.errors, 0), runs: busy.map((r) => Math.round(r.rps)), writes: { perSecond: med(writes, 'perSecond'), p50: med(writes, 'p50'), p99: med(writes, 'p99'), errors: writes.reduce((n, w) => n + w.errors, 0) } };
    rows['mixed reads, 5 writes/s'].vsQuiet = rows['mixed reads, 5 writes/s'].rps / rows['mixed reads, 0 writes/s'].rps;
    for (const name of ['mixed reads, 0 writes/s', 'mixed reads, 5 writes/s']) {
      console.log(`  ${name.padEnd(44)} ${fmtRps(rows[name].rps)}  p50 ${fmtMs(rows[name].p50)}  p99 ${fmtMs(rows[name].p99)}${rows[name].errors ? `  errors ${rows[name].errors}` : ''}`);
    }
    const w = rows['mixed reads, 5 writes/s'].writes;
    console.log(`  ${`  the writes themselves (${w.perSecond.toFixed(1)}/s done)`.padEnd(44)} ${' '.repeat(13)}  p50 ${fmtMs(w.p50)}  p99 ${fmtMs(w.p99)}  errors ${w.errors}`);
    result.mixedTargets = mixedTargets;

  } finally {
    await stop(app.child);
  }

  // RSS of a freshly started server after a stretch of mixed load (reads at 50 connections plus
  // 5 writes/s), so the figure does not carry the distinct-query runs above.
  const fresh = await startListening('src/server/main.ts', env);
  try {
    const token = await signIn(fresh.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
    const targets = result.mixedTargets;
    delete result.mixedTargets;
    const before = memoryOf(fresh.child.pid);
    const writer = startWriter(fresh.url, headers, tickets);
    // Sampled each second too: one reading can land on a GC's high or low.
    const samples = [];
    const sampler = setInterval(() => samples.push(memoryOf(fresh.child.pid).rssMB), 1000);
    const longRun = await generator.once({ base: fresh.url, headers, targets, connections: CONNECTIONS, durationMs: RSS_MS });
    clearInterval(sampler);
    await writer.stop();
    const after = memoryOf(fresh.child.pid);
    const lastHalf = samples.slice(Math.floor(samples.length / 2));
    result.rss = {
      seconds: RSS_MS / 1000, startMB: before.rssMB, afterMB: after.rssMB, peakMB: after.peakMB,
      maxDuringMB: Math.max(...samples), medianLastHalfMB: median(lastHalf), rps: longRun.rps, p99: longRun.p99, errors: longRun.errors,
    };
    console.log(`  RSS after ${RSS_MS / 1000} s of mixed load: ${after.rssMB.toFixed(0)} MB (median of the last half ${result.rss.medianLastHalfMB.toFixed(0)} MB, highest ${result.rss.maxDuringMB.toFixed(0)} MB; ${before.rssMB.toFixed(0)} MB at start, process peak ${after.peakMB.toFixed(0)} MB), ${longRun.rps.toFixed(0)} req/s`);
  } finally {
    await stop(fresh.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

export async function benchApi() {
  const generator = await new LoadGenerator().start();
  const bare = await startListening('bench/bare-server.mjs', process.env);
  const results = { connections: CONNECTIONS, loadProcesses: generator.size, runMs: RUN_MS, loadAverageAtStart: os.loadavg()[0], sizes: {} };
  try {
    await resetBare(bare.url);
    results.ceiling = await generator.measure({ base: bare.url, targets: [{ path: '/' }], connections: CONNECTIONS });
    console.log(`\nLoad generator (${generator.size} processes) against an empty 200: ${results.ceiling.rps.toFixed(0)} req/s, p99 ${results.ceiling.p99.toFixed(1)} ms — no figure below can exceed this`);
    for (const tickets of SIZES) {
      results.sizes[tickets] = await benchSize(tickets, generator, bare);
      // Again after each size: the machine is shared, and the highest reading is the ceiling.
      await resetBare(bare.url);
      const again = await generator.measure({ base: bare.url, targets: [{ path: '/' }], connections: CONNECTIONS });
      results.sizes[tickets].ceilingAfter = again;
      if (again.rps > results.ceiling.rps) results.ceiling = again;
      console.log(`  load generator against an empty 200 again: ${again.rps.toFixed(0)} req/s`);
    }
  } finally {
    await generator.close();
    await stop(bare.child);
  }
  results.loadAverageAtEnd = os.loadavg()[0];
  printApiTable(results);
  console.log(`(machine load average ${results.loadAverageAtStart.toFixed(1)} at the start, ${results.loadAverageAtEnd.toFixed(1)} at the end, on ${os.cpus().length} cores: other work on the machine moves the absolute figures; the ratios are from alternated runs)`);
  saveResults('api', results);
  return results;
}

function printApiTable(results) {
  const sizes = Object.keys(results.sizes);
  const names = [...new Set(sizes.flatMap((n) => Object.keys(results.sizes[n].rows)))];
  const cell = (row) => {
    if (!row) return '—';
    const rps = row.cold ? '' : `${fmtRps(row.rps).trim()}, `;
    const ratio = row.vsBare ? ` (${row.vsBare.toFixed(2)}× bare at ${fmtRps(row.baseline.rps).trim()})` : row.vsQuiet ? ` (${row.vsQuiet.toFixed(2)}× 0 writes)` : '';
    return `${rps}p50 ${row.p50.toFixed(1)} / p99 ${row.p99.toFixed(1)} ms${ratio}${row.errors ? `, ${row.errors} errors` : ''}`;
  };
  const table = names.map((name) => [name, ...sizes.map((n) => cell(results.sizes[n].rows[name]))]);
  table.push(['server RSS after mixed load (fresh start)', ...sizes.map((n) => { const r = results.sizes[n].rss; return `${r.afterMB.toFixed(0)} MB after ${r.seconds} s (last-half median ${r.medianLastHalfMB.toFixed(0)}, highest ${r.maxDuringMB.toFixed(0)} MB)`; })]);
  table.push(['demo fill', ...sizes.map((n) => `${results.sizes[n].fillSeconds.toFixed(1)} s`)]);
  printTable(`API, ${results.connections} connections unless "1 conn"; load generator ceiling ${results.ceiling.rps.toFixed(0)} req/s`, ['', ...sizes.map((n) => `${Number(n).toLocaleString('en')} tickets`)], table);
}
