/** `npm start`: serve the API and the built client until SIGTERM or SIGINT; SIGHUP reloads the TLS certificate. */
import { startServer } from './server.ts';
import { settingsFromEnv, type Settings } from './settings.ts';

/**
 * Tests only, and off unless TEST_CLOCK=stdin: the end-to-end suite moves this server's clock by
 * writing 'advance <ms>' lines to its stdin and waits for the 'clock advanced' reply, so a journey
 * about session expiry need not wait in real time.
 */
function stdinClock(afterAdvance: () => Promise<unknown>): () => number {
  let offset = 0;
  let partial = '';
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const ms = /^advance (\d+)$/.exec(line.trim())?.[1];
      if (ms === undefined) continue;
      offset += Number(ms);
      const advanced = offset;
      // What time alone changes (service levels) is looked at before the reply, not at the next tick of a real timer.
      void afterAdvance().finally(() => console.log(`clock advanced ${advanced}`));
    }
  });
  return () => Date.now() + offset;
}

/** The settings, or exit 1 with one line saying which one is wrong (no stack: it is not a bug). */
function readSettings(): Settings {
  try {
    return settingsFromEnv();
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

let afterAdvance: () => Promise<unknown> = async () => undefined;
const testClock = process.env.TEST_CLOCK === 'stdin' ? { now: stdinClock(() => afterAdvance()) } : {};
const server = await startServer({ ...readSettings(), ...testClock });
afterAdvance = () => server.app.sla.sweep();
// The end-to-end suite reads this line to find the port (PORT=0 picks a free one).
console.log(`Listening on ${server.url}`);

process.on('SIGHUP', () => server.reloadCertificate());

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  });
}
