/**
 * `npm start` reads `.env` when there is one and says nothing when there is none (Node's own
 * `--env-file-if-exists` printed '.env not found. Continuing without it.' once per process, so
 * twice per start). The real command runs in a scratch copy of the project (no `.env`, its own
 * dist/ and data/, the installed packages linked), and stops at the server's 'Listening on' line.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What a scratch copy leaves out: the work tree's own state, and what `npm start` never reads. */
const NOT_COPIED = new Set(['.env', '.git', 'dist', 'data', 'node_modules', 'tests']);
const START_TIMEOUT_MS = 60_000;

let scratch: string;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'helpdesk-env-file-'));
  // Copied, not linked: the build names its outputs after its inputs' real paths.
  for (const name of await readdir(ROOT)) {
    if (!NOT_COPIED.has(name)) await cp(join(ROOT, name), join(scratch, name), { recursive: true });
  }
  await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
});

afterEach(() => rm(scratch, { recursive: true, force: true }));

/** Runs `npm start` in the scratch copy until the server listens; answers its address and stderr. */
async function npmStart(): Promise<{ url: string; stderr: string; stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(scratch, 'data'), ADMIN_PASSWORD: 'Admin-pass-123', SCRYPT_COST: '10' };
  for (const name of ['API_BASE', 'DIST_DIR', 'NODE_OPTIONS']) delete env[name];
  // Its own process group, so that stopping it stops the build's and the server's node too.
  const child = spawn('npm', ['run', '--silent', 'start'], { cwd: scratch, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Listening on (http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!.replace(/\/$/, ''));
    });
    void exited.then(() => reject(new Error(`npm start ended before listening:\n${stdout}\n${stderr}`)));
  });
  return {
    url,
    get stderr() {
      return stderr;
    },
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

describe('npm start and .env', () => {
  it('says nothing about a missing .env', async () => {
    const server = await npmStart();
    await server.stop();
    expect(server.stderr).toBe('');
  }, START_TIMEOUT_MS);

  it('reads .env when there is one, in the build and in the server', async () => {
    await writeFile(join(scratch, '.env'), 'API_BASE=/from-env-file\n');
    const server = await npmStart();
    try {
      const health = await fetch(`${server.url}/from-env-file/health`);
      expect(health.status).toBe(200);
      // The client was built against the same base.
      const assets = join(scratch, 'dist/assets');
      const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
      const texts = await Promise.all(scripts.map((name) => readFile(join(assets, name), 'utf8')));
      expect(texts.some((text) => text.includes('"/from-env-file"')), 'a script calls /from-env-file').toBe(true);
    } finally {
      await server.stop();
    }
    expect(server.stderr).toBe('');
  }, START_TIMEOUT_MS);
});
