/**
 * Starts the real server the way `npm start` does (minus the build: `npm test` builds first),
 * on port 0 with a fresh data directory, and stops it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export const ADMIN = {
  email: 'admin@helpdesk.test',
  password: 'Admin-pass-123',
  firstName: 'Ada',
} as const;

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Moves the server's clock forward; needs `TEST_CLOCK: 'stdin'` in the journey's env. */
  advanceClock(ms: number): Promise<void>;
  /**
   * Stops the server and starts it again on the same address with the same data (a deploy or a
   * crash): pages left open must find it again by themselves. `whileDown` runs between the two.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/** `extraEnv` adds settings for one journey (e.g. a short SESSION_IDLE_HOURS). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const built = join(ROOT, 'dist');
  if (!existsSync(join(built, 'index.html'))) {
    throw new Error('dist/index.html is missing: build the client first (`node build.mjs`; `npm test` does it).');
  }
  const root = await mkdtemp(join(tmpdir(), 'helpdesk-e2e-'));
  const dataDir = join(root, 'data');
  // A private copy of the built client: a rebuild in the work tree meanwhile (new hashed file
  // names, old ones deleted) cannot pull chunks from under a running journey.
  const distDir = join(root, 'dist');
  await cp(built, distDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_FIRST_NAME: ADMIN.firstName,
    SCRYPT_COST: '10',
    ...extraEnv,
  };
  delete env.API_BASE; // the client bundle is built with the default /api
  const started = await launch(env, root);
  const { url } = started;
  let { child, log } = started;

  let clockOffset = 0;
  return {
    url,
    dataDir,
    output: () => log.text,
    async advanceClock(ms) {
      if (!child.stdin) throw new Error("advanceClock needs the journey's env to say TEST_CLOCK: 'stdin'");
      clockOffset += ms;
      const reply = `clock advanced ${clockOffset}\n`;
      // The listener above appends to `log` first, so each check sees the newest output.
      const applied = new Promise<void>((done) => {
        const check = () => {
          if (!log.text.includes(reply)) return;
          child.stdout!.off('data', check);
          done();
        };
        child.stdout!.on('data', check);
      });
      child.stdin.write(`advance ${ms}\n`);
      await applied;
    },
    async restart(whileDown) {
      await stopChild(child);
      await whileDown?.();
      // The same port: a browser holding the old address must reach the new server.
      const before = log.text;
      ({ child, log } = await launch({ ...env, PORT: new URL(url).port }, root));
      log.text = before + log.text;
    },
    stop: async () => {
      await stopChild(child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Spawns the server and waits for "Listening on"; a failed start removes `root` and throws. */
async function launch(env: NodeJS.ProcessEnv, root: string): Promise<{ child: ChildProcess; url: string; log: { text: string } }> {
  const child = spawn(process.execPath, [join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env,
    // The test clock listens on stdin (src/server/main.ts); otherwise the server gets none.
    stdio: [env.TEST_CLOCK === 'stdin' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  const log = { text: '' };
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    log.text += chunk;
  });

  let url: string;
  try {
    url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not print "Listening on" within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: string) => {
        log.text += chunk;
        const match = /Listening on (http:\/\/\S+)/.exec(log.text);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1]!.replace(/\/$/, ''));
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited before listening (code ${code}, signal ${signal})`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log.text}`);
  }

  return { child, url, log };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
