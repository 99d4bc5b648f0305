/** Start the project's server (or any script that prints `Listening on URL`) as a child process. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A first start on an old 1M-ticket file runs its migrations first: BENCH_START_TIMEOUT_MS gives it longer. */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 30_000);

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

export function tempDataDir() {
  return mkdtempSync(join(tmpdir(), 'helpdesk-bench-'));
}

export function serverEnv(dataDir) {
  return { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
}

/** Resolves with { url, child } once the process prints its `Listening on` line. */
export function startListening(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), START_TIMEOUT_MS);
    let out = '';
    let listening = false;
    // Keep draining stdout (request logs) once listening, without keeping it.
    child.stdout.on('data', (chunk) => {
      if (listening) return;
      out += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}

/** A fresh data folder filled by the demo script with `tickets` tickets, the server listening on it: { url, child, close() }; close() stops it and removes the folder. */
export async function startDemoServer(tickets) {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  await run('src/server/demo.ts', ['--tickets', String(tickets)], env, { quiet: true });
  const app = await startListening('src/server/main.ts', env);
  return {
    ...app,
    async close() {
      await stop(app.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a script to its end; resolves with its run time in ms. */
export function run(script, args, env, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script, ...args], { env, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${script} exited with ${code}`))));
  });
}

export async function signIn(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(ADMIN),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.authorization.token;
}

/** Resident memory of a process, from /proc (Linux): { rssMB, peakMB }. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
}

/** Stops a child and waits for it to exit. */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
