/**
 * API throughput and p99 under 50 connections (DESIGN §8): the project's server with 10,000
 * tickets beside a bare node:http server in the same run. Usage: npm run bench -- api
 */
import { load } from './load.mjs';
import { run, serverEnv, signIn, startListening, tempDataDir } from './processes.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONNECTIONS = 50;

const fmt = (r) => `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;

export async function benchApi() {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env);

  const bare = await startListening('bench/bare-server.mjs', env);
  const baseline = await load({ url: bare.url, connections: CONNECTIONS, durationMs: DURATION_MS });
  bare.child.kill('SIGTERM');

  const app = await startListening('src/server/main.ts', env);
  const token = await signIn(app.url);
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip' };
  const list = await (await fetch(`${app.url}/api/tickets`, { headers: auth })).json();
  const number = list.data.list[Math.floor(list.data.list.length / 2)].number;

  const detail = await load({ url: `${app.url}/api/tickets/${number}`, headers: auth, connections: CONNECTIONS, durationMs: DURATION_MS });
  const all = await load({ url: `${app.url}/api/tickets`, headers: auth, connections: CONNECTIONS, durationMs: DURATION_MS });
  app.child.kill('SIGTERM');

  console.log(`\nAPI, ${CONNECTIONS} connections, ${TICKETS} tickets`);
  console.log(`bare node:http            ${fmt(baseline)}`);
  console.log(`GET /api/tickets/{number} ${fmt(detail)}   ${(detail.rps / baseline.rps).toFixed(2)}x of bare`);
  console.log(`GET /api/tickets (gzip)   ${fmt(all)}   ${(all.rps / baseline.rps).toFixed(3)}x of bare`);
  return { baseline, detail, all };
}
