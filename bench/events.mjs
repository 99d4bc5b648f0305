/**
 * Live updates under load (issue 12): a ticket write's latency and the server's RSS with 0 and
 * with 500 open GET /events streams (100 users × 5, the per-user cap), each write fanned out to
 * every stream. Writes are sequential status changes (close / reopen), so each latency is one
 * write's own. Target: p50 and p99 with 500 streams within 1.5× of the same with none.
 * Usage: npm run bench -- events
 *
 * Settings (environment): BENCH_STREAMS (500), BENCH_WRITES (200 per measurement), BENCH_ROUNDS (3,
 * alternating 0 and BENCH_STREAMS streams), BENCH_TICKETS (1000).
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { request } from './http-client.mjs';
import { summarize } from './load.mjs';
import { memoryOf, run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, printTable, saveResults } from './report.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1000);
const PER_USER = 5;
const WARMUP_WRITES = 30;
const TARGET_RATIO = 1.5;
const USER_PASSWORD = 'bench-stream-password';

const number = (id) => `TCK-${String(id).padStart(6, '0')}`;

function message(child, key) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (key in m) {
        child.off('message', on);
        resolve(m[key]);
      }
    };
    child.on('message', on);
  });
}

async function json(url, method, path, token, body) {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, body: body && JSON.stringify(body) });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** `count` sequential status changes on one keep-alive connection; their latencies in ms. */
async function timeWrites(url, token, count, state) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const id = 1 + (state.next++ % TICKETS);
    const to = state.closed.has(id) ? 'opened' : 'closed';
    const t0 = performance.now();
    const answer = await request(agent, url, { method: 'PATCH', path: `/api/tickets/${number(id)}`, headers, body: JSON.stringify({ status: to }) });
    latencies.push(performance.now() - t0);
    if (answer.status === 409) state.closed.has(id) ? state.closed.delete(id) : state.closed.add(id);
    else if (answer.status !== 200) throw new Error(`PATCH answered ${answer.status}`);
    else to === 'closed' ? state.closed.add(id) : state.closed.delete(id);
  }
  agent.destroy();
  return latencies;
}

export async function benchEvents() {
  const dataDir = tempDataDir();
  // Cheap hashes for the accounts the bench makes; the timed write hashes nothing.
  const env = { ...serverEnv(dataDir), SCRYPT_COST: '10', MAX_CONNECTIONS_PER_ADDRESS: String(STREAMS + 100), LOG_FORMAT: 'off' };
  console.log(`\n— events: ${TICKETS.toLocaleString('en')} tickets, ${STREAMS} streams, ${WRITES} writes per measurement`);
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  const app = await startListening('src/server/main.ts', env);
  const worker = fork(new URL('./event-streams-worker.mjs', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    await message(worker, 'ready');
    const admin = await signIn(app.url);
    const users = Math.ceil(STREAMS / PER_USER);
    const tokens = [];
    for (let i = 0; i < users; i++) {
      const email = `stream-${i}@bench.example.com`;
      await json(app.url, 'POST', '/api/auth/user/create', admin, { first_name: 'Stream', last_name: `User ${i}`, email, role: i % 2 ? 'developer' : 'support', password: USER_PASSWORD });
      const signedIn = await (await fetch(`${app.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: USER_PASSWORD }) })).json();
      tokens.push(signedIn.data.authorization.token);
    }
    const state = { next: 0, closed: new Set() };
    await timeWrites(app.url, admin, WARMUP_WRITES, state);
    const settle = () => new Promise((r) => setTimeout(r, 500));
    // Alternating rounds, so a noisy neighbour on the machine weighs on both sides alike.
    const before = [];
    const during = [];
    let rss0 = 0;
    let rssOpen = 0;
    let rssAfterWrites = 0;
    let opened = 0;
    let delivered = 0;
    let expected = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await settle();
      if (round === 0) rss0 = memoryOf(app.child.pid).rssMB;
      before.push(...(await timeWrites(app.url, admin, WRITES, state)));

      worker.send({ open: { url: app.url, tokens, perToken: PER_USER } });
      opened = await message(worker, 'opened');
      await timeWrites(app.url, admin, WARMUP_WRITES, state);
      await settle();
      rssOpen = Math.max(rssOpen, memoryOf(app.child.pid).rssMB);
      during.push(...(await timeWrites(app.url, admin, WRITES, state)));
      await settle();
      rssAfterWrites = Math.max(rssAfterWrites, memoryOf(app.child.pid).rssMB);
      worker.send({ count: true });
      const counts = await message(worker, 'events');
      // Writes answered 409 (a demo ticket already in that state) publish nothing: every stream must have the same count.
      expected = Math.max(...counts);
      delivered = counts.filter((c) => c === expected).length;
      worker.send({ close: true });
      await message(worker, 'closed');
    }
    const after = [];
    const none = summarize([...before, ...after], 1);
    const many = summarize(during, 1);
    const ratio = { p50: many.p50 / none.p50, p99: many.p99 / none.p99 };
    printTable(`Ticket write (PATCH status): ${ROUNDS} rounds × ${WRITES} sequential writes on each side; streams held by another process`, ['streams', 'p50', 'p99', 'server RSS'], [
      ['0', fmtMs(none.p50), fmtMs(none.p99), `${rss0.toFixed(1)} MB`],
      [`${opened}`, fmtMs(many.p50), fmtMs(many.p99), `${rssOpen.toFixed(1)} MB open, ${rssAfterWrites.toFixed(1)} MB after the writes`],
    ]);
    const ok = ratio.p50 <= TARGET_RATIO && ratio.p99 <= TARGET_RATIO;
    console.log(`\nratio with ${opened} streams: p50 ${ratio.p50.toFixed(2)}×, p99 ${ratio.p99.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ok ? 'OK' : 'ABOVE TARGET'}`);
    console.log(`every event reached every stream (last round): ${delivered} of ${opened} streams got all ${expected}`);
    saveResults('events', {
      tickets: TICKETS, streams: opened, writes: WRITES, rounds: ROUNDS,
      none: { p50: none.p50, p99: none.p99, rssMB: rss0 },
      streamsOpen: { p50: many.p50, p99: many.p99, rssMB: rssOpen, rssAfterWritesMB: rssAfterWrites },
      ratio, delivered,
    });
  } finally {
    if (worker.connected) worker.send({ exit: true });
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEvents();
