/**
 * Mixed load: many keep-alive connections reading pages (`GET /api/tickets?limit=50`, with
 * filters, sorts and next cursors), searches, stats, details and activity logs, with some
 * writes, over demo data. Reports errors, latency percentiles, throughput and server RSS.
 */
import http from 'node:http';
import { ADMIN, api, memoryOf, percentile, prng, removeDir, request, runDemo, serverEnv, signIn, sleep, startServer, stopServer, tempDir, viaV4 } from './lib.mjs';

const DEMO_PASSWORD = 'demo-password';
const SEARCH_WORDS = ['customer', 'error', 'payment', 'login', 'crash', 'refund', 'android', 'checkout', 'invoice', 'timeout', 'slow', 'map', 'dri', 'pay', 'card failed'];
const OK = new Set([200, 201, 304]);
/** Answers slower than this are described in `slowSamples`. */
const SLOW_SAMPLE_MS = 5000;

/**
 * Fills an empty DATA_DIR with the demo (N tickets), starts the server and signs in an admin,
 * a support and a developer account. Returns { server, base, dataDir, ctx }.
 */
export async function demoServer({ tickets, env: extraEnv = {} }) {
  const dataDir = tempDir();
  const env = serverEnv(dataDir, extraEnv);
  const fillStarted = performance.now();
  await runDemo(env, tickets);
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const server = await startServer(env);
  const base = viaV4(server.port);
  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const users = (await api(base, 'GET', '/api/users', { token: admin })).json.data.list;
  const support = users.find((u) => u.role === 'support');
  const developer = users.find((u) => u.role === 'developer');
  const categories = (await api(base, 'GET', '/api/config/categories', { token: admin })).json.data.list;
  const services = (await api(base, 'GET', '/api/config/services', { token: admin })).json.data.list.filter((s) => s.app === 'shaq_app');
  const total = (await api(base, 'GET', '/api/tickets?limit=1', { token: admin })).json.data.total;
  const ctx = {
    tokens: { admin, support: await signIn(base, support.email, DEMO_PASSWORD), developer: await signIn(base, developer.email, DEMO_PASSWORD) },
    developerId: developer.id,
    categoryId: categories[0].id,
    serviceId: services[0].id,
    maxTicketId: total,
  };
  return { server, base, dataDir, ctx, fillSeconds };
}

/** One operation of the mix; returns { kind, method, path, token, json? }. */
function pickOperation(rng, ctx, lane, writeShare) {
  const token = rng.pick([ctx.tokens.admin, ctx.tokens.support, ctx.tokens.developer]);
  const r = rng.next();
  if (r < writeShare) {
    // Writes: support creates, the admin assigns and closes the lane's own tickets.
    const own = lane.created.find((t) => t.status !== 'closed');
    if (own && rng.chance(0.6)) {
      const next = own.status === 'opened' ? { status: 'assigned', developer_id: ctx.developerId } : { status: 'closed' };
      return { kind: 'write', method: 'PATCH', path: `/api/tickets/${own.id}`, token: ctx.tokens.admin, json: next, own, target: next.status };
    }
    const title = `Load test ticket ${rng.int(1e9)}`;
    const json = { title, description: `Created under load: ${title}.`, priority: rng.pick(['low', 'medium', 'high']), category_id: ctx.categoryId, service_id: ctx.serviceId, app: 'shaq_app', link: '', image: '' };
    return { kind: 'write', method: 'POST', path: '/api/tickets', token: ctx.tokens.support, json };
  }
  const rest = (r - writeShare) / (1 - writeShare);
  if (rest < 0.35) {
    // Half the time the lane walks on: the next page of the same query, by its cursor.
    if (lane.cursor && rng.chance(0.5)) return { kind: 'page', method: 'GET', path: `/api/tickets?limit=50${lane.filter}&cursor=${encodeURIComponent(lane.cursor)}`, token, filter: lane.filter };
    const filter = rng.pick(['', '&status=opened', '&status=assigned,closed', '&app=shaq_express', '&priority=high', '&sort=priority', '&sort=updated', '&developer_id=none', '&sort=oldest&status=closed']);
    return { kind: 'page', method: 'GET', path: `/api/tickets?limit=50${filter}`, token, filter };
  }
  if (rest < 0.55) return { kind: 'search', method: 'GET', path: `/api/tickets?limit=50&q=${encodeURIComponent(rng.pick(SEARCH_WORDS))}`, token };
  if (rest < 0.7) return { kind: 'stats', method: 'GET', path: `/api/tickets/stats${rng.pick(['', '', '?app=shaq_app', '?q=payment'])}`, token };
  if (rest < 0.93) return { kind: 'detail', method: 'GET', path: `/api/tickets/${1 + rng.int(ctx.maxTicketId)}`, token };
  return { kind: 'log', method: 'GET', path: `/api/activity-log/${1 + rng.int(ctx.maxTicketId)}`, token };
}

/**
 * Runs the mix for `seconds` over `connections` keep-alive connections against a running server.
 * Returns { requests, errors, errorSamples, byKind, p50, p99, max, rps }.
 */
export async function runMix(base, ctx, { connections, seconds, seed = 7, writeShare = 0.05, timeoutMs = 30_000, stopSignal } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = [];
  const byKind = {};
  const errorSamples = [];
  const slowSamples = [];
  let slowCount = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const lanes = Array.from({ length: connections }, async (_, i) => {
    const rng = prng(seed * 10_000 + i);
    const lane = { cursor: null, created: [] };
    while (performance.now() < deadline && !stopSignal?.stopped) {
      const op = pickOperation(rng, ctx, lane, writeShare);
      const headers = { Accept: 'application/json', Authorization: `Bearer ${op.token}` };
      let body;
      if (op.json) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(op.json);
      }
      const answer = await request(base, { method: op.method, path: op.path, headers, body, agent, timeoutMs, keepBody: Boolean(op.kind === 'page' || op.kind === 'write' || errorSamples.length < 10), maxBody: 4 << 20 });
      latencies.push(answer.ms);
      if (answer.ms > SLOW_SAMPLE_MS) slowCount++;
      if (answer.ms > SLOW_SAMPLE_MS && slowSamples.length < 10) {
        const at = ((performance.now() - started - answer.ms) / 1000).toFixed(1);
        slowSamples.push(`${op.method} ${op.path} sent at ${at} s took ${Math.round(answer.ms)} ms → ${answer.status || answer.error} (${answer.reused ? 'reused' : 'new'} connection, connected after ${Math.round(answer.connectMs)} ms, request written after ${Math.round(answer.sentMs)} ms)`);
      }
      const kind = (byKind[op.kind] ??= { requests: 0, errors: 0, latencies: [] });
      kind.requests++;
      kind.latencies.push(answer.ms);
      // A detail or log of a ticket that does not exist would be a 404: ids are 1..total, all present.
      if (!OK.has(answer.status)) {
        errors++;
        kind.errors++;
        if (errorSamples.length < 10) {
          const at = ((performance.now() - started - answer.ms) / 1000).toFixed(1);
          const how = answer.status ? '' : ` (sent at ${Math.round(answer.sentMs)} ms, ${answer.reused ? 'reused' : 'new'} connection, port ${answer.localPort})`;
          errorSamples.push(`${op.method} ${op.path} at ${at} s → ${answer.status || answer.error}${how} ${answer.body.slice(0, 160)}`);
        }
        continue;
      }
      if (op.kind === 'page' && answer.status === 200) {
        try {
          lane.cursor = JSON.parse(answer.body).data.next_cursor;
          lane.filter = op.filter;
        } catch {
          lane.cursor = null;
        }
      }
      if (op.kind === 'write') {
        if (op.method === 'POST') lane.created.push({ id: JSON.parse(answer.body).data.id, status: 'opened' });
        else op.own.status = op.target;
        if (lane.created.length > 20) lane.created = lane.created.filter((t) => t.status !== 'closed');
      }
    }
  });
  await Promise.all(lanes);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const kinds = Object.fromEntries(
    Object.entries(byKind).map(([name, k]) => [name, { requests: k.requests, errors: k.errors, p50: percentile(k.latencies, 50), p99: percentile(k.latencies, 99) }]),
  );
  return {
    connections,
    seconds: elapsed,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    errors,
    errorSamples,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((a, b) => Math.max(a, b), -Infinity),
    slowCount,
    slowSamples,
    byKind: kinds,
  };
}

/** Samples a process's RSS every `everyMs` until stopped: { stop() → { maxRssMB, lastRssMB, peakMB } }. */
export function sampleMemory(pid, everyMs = 500) {
  let max = 0;
  let last = NaN;
  const timer = setInterval(() => {
    const { rssMB } = memoryOf(pid);
    if (Number.isFinite(rssMB)) {
      last = rssMB;
      max = Math.max(max, rssMB);
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const now = memoryOf(pid);
      return { maxRssMB: Math.max(max, now.rssMB || 0), lastRssMB: Number.isFinite(now.rssMB) ? now.rssMB : last, peakMB: now.peakMB };
    },
  };
}

/**
 * @param {{connections?: number, seconds?: number, tickets?: number, writeShare?: number, log?: (line: string) => void}} options
 */
export async function mixedLoad({ connections = 200, seconds = 60, warmupSeconds = 0, tickets = 10_000, writeShare = 0.05, seed = 7, log = () => {} } = {}) {
  const { server, base, dataDir, ctx, fillSeconds } = await demoServer({ tickets });
  let crashed = false;
  server.child.on('exit', () => (crashed = true));
  try {
    const rssBefore = memoryOf(server.pid).rssMB;
    log(`  load: ${tickets} demo tickets filled in ${fillSeconds.toFixed(1)} s; ${connections} connections for ${seconds} s`);
    // A cold start (empty answer cache, every connection new) is reported apart from the run.
    const warmup = warmupSeconds > 0 ? await runMix(base, ctx, { connections, seconds: warmupSeconds, seed: seed + 1, writeShare }) : undefined;
    const memory = sampleMemory(server.pid);
    const mix = await runMix(base, ctx, { connections, seconds, seed, writeShare });
    const mem = memory.stop();
    await sleep(10);
    const health = await api(base, 'GET', '/api/health');
    const cold = warmup && { seconds: warmup.seconds, requests: warmup.requests, errors: warmup.errors, errorSamples: warmup.errorSamples, p99: warmup.p99, max: warmup.max, slowCount: warmup.slowCount, slowSamples: warmup.slowSamples };
    return { tickets, ...mix, warmup: cold, rssBeforeMB: rssBefore, ...mem, crashed: crashed || health.status !== 200, stderr: server.stderr().slice(0, 1000) };
  } finally {
    await stopServer(server);
    removeDir(dataDir);
  }
}
