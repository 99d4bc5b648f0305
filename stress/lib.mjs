/**
 * Shared pieces of `npm run stress`: a seeded PRNG, the server as a child process, raw HTTP
 * requests from a chosen client address, percentiles and memory. node: built-ins only.
 * All traffic goes to 127.0.0.1 or ::1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The checkout whose server is stressed: this one, or STRESS_SERVER_DIR (to compare a change side by side). */
export const SERVER_DIR = process.env.STRESS_SERVER_DIR ? resolve(process.env.STRESS_SERVER_DIR) : ROOT;
export const SERVER_SCRIPT = join(SERVER_DIR, 'src/server/main.ts');
export const DEMO_SCRIPT = join(SERVER_DIR, 'src/server/demo.ts');
export const ADMIN = { email: 'stress-admin@example.com', password: 'stress-password-1' };
const START_TIMEOUT_MS = 60_000;

/** mulberry32: a small seeded PRNG, so a run with the same seed sends the same requests. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    /** true with probability p */
    chance: (p) => next() < p,
    pick: (list) => list[int(list.length)],
    between: (lo, hi) => lo + next() * (hi - lo),
  };
}

export function tempDir(prefix = 'helpdesk-stress-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Environment of a stress server: quiet log, cheap hashes unless told otherwise. */
export function serverEnv(dataDir, extra = {}) {
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SCRYPT_COST: '4',
    LOG_FORMAT: 'off',
    ...extra,
  };
  // `SCRYPT_COST: undefined` asks for the server's default (17).
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/**
 * Starts `node src/server/main.ts` and resolves once it prints `Listening on URL`:
 * { url, port, child, pid, stderr(), exited() }.
 */
export function startServer(env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SERVER_SCRIPT], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms: ${out}${err}`));
    }, START_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      if (listening) return;
      out += chunk;
      const match = /Listening on (https?:\/\/\S+)/.exec(out);
      if (match) {
        listening = true;
        clearTimeout(timer);
        const url = match[1];
        resolvePromise({
          url,
          port: Number(new URL(url).port),
          child,
          pid: child.pid,
          stderr: () => err,
          exited: () => child.exitCode !== null || child.signalCode !== null,
        });
      }
    });
    // Unexpected errors land on stderr: kept (bounded) for the report.
    child.stderr.on('data', (chunk) => {
      if (err.length < 200_000) err += chunk;
    });
    child.on('exit', (code, signal) => {
      if (!listening) {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening: ${out}${err}`));
      }
    });
  });
}

/** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
export function stopServer(server, graceMs = 5000) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** kill -9, resolved once the process has exited. */
export function killServer(server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill('SIGKILL');
  });
}

/** Runs the demo generator on an empty DATA_DIR. */
export function runDemo(env, tickets) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', DEMO_SCRIPT, '--tickets', String(tickets)], {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`demo exited with ${code}: ${out}`))));
  });
}

/** The base URL of a server, seen from the other address family (listening on '::'). */
export const viaV4 = (port) => `http://127.0.0.1:${port}`;
export const viaV6 = (port) => `http://[::1]:${port}`;

/**
 * One request; never rejects. Answer: { status (0 = no answer), body (string), ms, error? }.
 * `headers` may hold anything; `body` a string or Buffer; `timeoutMs` bounds the whole call.
 */
export function request(base, { method = 'GET', path, headers = {}, body, agent, timeoutMs = 30_000, keepBody = true, maxBody = 1 << 20 }) {
  const started = performance.now();
  return new Promise((resolvePromise) => {
    let done = false;
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolvePromise({ ...answer, ms: performance.now() - started, connectMs, sentMs, reused: req?.reusedSocket ?? false, localPort });
    };
    let connectMs = NaN;
    let sentMs = NaN;
    let localPort;
    let req;
    try {
      req = http.request(base + path, { method, headers, agent: agent ?? false, insecureHTTPParser: false }, (res) => {
        const chunks = [];
        let size = 0;
        res.on('data', (chunk) => {
          size += chunk.length;
          if (keepBody && size <= maxBody) chunks.push(chunk);
        });
        res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, bytes: size, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => finish({ status: 0, body: '', error: error.code ?? String(error) }));
        res.on('aborted', () => finish({ status: 0, body: '', error: 'aborted' }));
      });
    } catch (error) {
      // Node itself refuses some header values or paths before sending: not the server's doing.
      resolvePromise({ status: -1, body: '', error: error.code ?? String(error), ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish({ status: 0, body: '', error: 'timeout' });
    }, timeoutMs);
    req.on('error', (error) => finish({ status: 0, body: '', error: error.code ?? error.message }));
    req.on('socket', (socket) => {
      localPort = socket.localPort;
      if (!socket.connecting) connectMs = 0;
      else
        socket.once('connect', () => {
          connectMs = performance.now() - started;
          localPort = socket.localPort;
        });
    });
    req.on('finish', () => (sentMs = performance.now() - started));
    try {
      req.end(body);
    } catch (error) {
      req.destroy();
      finish({ status: -1, body: '', error: error.code ?? String(error) });
    }
  });
}

/** JSON call helper: resolves { status, json, body }. */
export async function api(base, method, path, { token, json, agent, timeoutMs } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const answer = await request(base, { method, path, headers, body, agent, timeoutMs });
  let parsed;
  try {
    parsed = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    parsed = undefined;
  }
  return { ...answer, json: parsed };
}

export async function signIn(base, email, password) {
  const answer = await api(base, 'POST', '/api/auth/sign-in', { json: { email, password } });
  const token = answer.json?.data?.authorization?.token;
  if (answer.status !== 200 || !token) throw new Error(`sign-in ${email} failed: ${answer.status} ${answer.body.slice(0, 200)}`);
  return token;
}

/**
 * A small world over the API: a category, a service per app, `support` and `developer`
 * accounts (signed in), and the admin's token.
 */
export async function createWorld(base, { suffix = '' } = {}) {
  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const must = async (answer, what) => {
    if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${answer.body.slice(0, 200)}`);
    return answer.json.data;
  };
  const category = await must(await api(base, 'POST', '/api/config/categories', { token: admin, json: { name: `Stress category${suffix}` } }), 'category');
  const service = await must(await api(base, 'POST', '/api/config/services', { token: admin, json: { name: `Stress service${suffix}`, app: 'shaq_app' } }), 'service');
  const express = await must(
    await api(base, 'POST', '/api/config/services', { token: admin, json: { name: `Stress express${suffix}`, app: 'shaq_express' } }),
    'service',
  );
  const account = async (role, name) => {
    const email = `${name}${suffix}@example.com`.toLowerCase();
    const password = `${role}-password-1`;
    const user = await must(
      await api(base, 'POST', '/api/auth/user/create', { token: admin, json: { first_name: name, last_name: 'Stress', email, role, password } }),
      `create ${role}`,
    );
    return { id: user.id, email, password, token: await signIn(base, email, password) };
  };
  return {
    admin: { id: 1, email: ADMIN.email, password: ADMIN.password, token: admin },
    support: await account('support', 'Sophie'),
    developer: await account('developer', 'Devon'),
    categoryId: category.id,
    serviceId: service.id,
    expressServiceId: express.id,
  };
}

export function ticketBody(world, title, extra = {}) {
  return {
    title,
    description: `Written by the stress suite: ${title}.`,
    priority: 'medium',
    category_id: world.categoryId,
    service_id: world.serviceId,
    app: 'shaq_app',
    link: '',
    image: '',
    ...extra,
  };
}

/** Percentile of a list of numbers (nearest rank); NaN for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Resident memory of a process from /proc (Linux), in MB: { rssMB, peakMB }. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: NaN, peakMB: NaN };
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `worker(i)` for i in 0..count-1 with at most `concurrency` at once. */
export async function pool(count, concurrency, worker) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const i = next++;
      await worker(i);
    }
  });
  await Promise.all(lanes);
}

/** Stack-trace and file-path leaks in an answer. */
const LEAK_PATTERNS = [/\n\s+at /, / {4}at /, /node:internal/, /file:\/\//, /\.(?:ts|mjs|js):\d+/, /\/src\/server\//];
export function leaks(text) {
  if (!text) return false;
  if (text.includes(ROOT) || text.includes(SERVER_DIR)) return true;
  return LEAK_PATTERNS.some((pattern) => pattern.test(text));
}
