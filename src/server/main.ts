/** `npm start`: serve the API and the built client until SIGTERM or SIGINT. */
import { startServer } from './server.ts';
import { settingsFromEnv } from './settings.ts';

const server = await startServer(settingsFromEnv());
// The end-to-end suite reads this line to find the port (PORT=0 picks a free one).
console.log(`Listening on ${server.url}`);

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
