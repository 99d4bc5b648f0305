/**
 * Short searches at 100,000 tickets (issue 20: "a search of one or two letters costs no more than
 * any other, ≤ 50 ms"). Each sample is read right after a write, so no answer comes from the
 * cache; the baseline, read the same way in the same run, is a search for a common word. Then
 * four clients loop on one-letter searches (each after a write) while /api/health is timed: a
 * short search must not hold everyone else up.
 * `npm run bench -- search`; BENCH_SEARCH_TICKETS (default 100,000).
 */
import http from 'node:http';
import { rmSync } from 'node:fs';
import { DEMO_SEARCH_WORDS } from '../src/server/demo-data.ts';
import { coldReads, query, startWriter } from './api.mjs';
import { request } from './http-client.mjs';
import { summarize } from './load.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_SEARCH_TICKETS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 60);
const TARGET_MS = 50;
const LOOPS = 4;
const HEALTH_SAMPLES = 200;
const LETTERS = 'aeiouscptmrdlb';

const search = (q) => `/api/tickets?${query({ limit: 50, q })}`;

/** /api/health's latency while LOOPS clients each write and then search one letter, again and again. */
async function healthUnderShortSearches(base, headers, writer) {
  let running = true;
  const loop = async (n) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = n; running; i += LOOPS) {
      await writer.write();
      const answer = await request(agent, base, { path: search(LETTERS[i % LETTERS.length]), headers });
      if (answer.status !== 200) throw new Error(`one-letter search answered ${answer.status}`);
    }
    agent.destroy();
  };
  const loops = Array.from({ length: LOOPS }, (_, n) => loop(n));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  for (let i = 0; i < HEALTH_SAMPLES; i++) {
    const t0 = performance.now();
    await request(agent, base, { path: '/api/health' });
    times.push(performance.now() - t0);
  }
  running = false;
  await Promise.all(loops);
  agent.destroy();
  return summarize(times, 1);
}

export async function benchSearch() {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  const result = { tickets: TICKETS, rows: {} };
  console.log(`\nShort searches: ${TICKETS.toLocaleString('en')} tickets, filling…`);
  result.fillSeconds = (await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true })) / 1000;
  const app = await startListening('src/server/main.ts', env);
  try {
    const token = await signIn(app.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
    const writer = startWriter(app.url, headers, TICKETS, 0.001);
    const terms = { 'one letter "a"': 'a', 'one letter "e"': 'e', 'two letters "cu"': 'cu', 'two letters "pa"': 'pa', [`baseline: a common word "${DEMO_SEARCH_WORDS.common}"`]: DEMO_SEARCH_WORDS.common };
    const cold = await coldReads(app.url, headers, writer, Object.values(terms).map(search), SAMPLES);
    const figures = ({ p50, p99 }) => ({ p50, p99 });
    for (const [name, q] of Object.entries(terms)) result.rows[`search ${name}, right after a write`] = figures(cold[search(q)]);
    result.rows[`/api/health while ${LOOPS} clients loop on one-letter searches`] = figures(await healthUnderShortSearches(app.url, headers, writer));
    await writer.stop();
    const baseline = cold[search(DEMO_SEARCH_WORDS.common)].p50;
    result.worstShortP50 = Math.max(...['a', 'e', 'cu', 'pa'].map((q) => cold[search(q)].p50));
    result.ratioToCommonWord = result.worstShortP50 / baseline;
    result.meetsTarget = result.worstShortP50 <= TARGET_MS;
  } finally {
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const table = Object.entries(result.rows).map(([name, r]) => [name, `${r.p50.toFixed(1)} ms`, `${r.p99.toFixed(1)} ms`]);
  printTable(`Short searches: ${TICKETS.toLocaleString('en')} tickets (target ≤ ${TARGET_MS} ms p50; slowest short search / common word p50 ${result.ratioToCommonWord.toFixed(2)}×)`, ['', 'p50', 'p99'], table);
  saveResults('search', result);
  return result;
}
