/** Stopping the server: timers and workers first, then the connections (in-flight requests get a grace), mail, and the database last. */
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';

/** In-flight requests get this long to finish on shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_REAP_EVERY_MS = 50;

export interface ShutdownParts {
  /** Timers, workers and streams to stop at once. */
  stops: Array<() => void>;
  server: HttpServer | HttpsServer;
  /** The mail worker's stop, awaited before the database closes. */
  mailStopped: () => Promise<unknown>;
  closeDatabase: () => void;
}

export function shutdown({ stops, server, mailStopped, closeDatabase }: ShutdownParts): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const stop of stops) stop();
    const mail = mailStopped();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // Keep-alive connections go idle once their request is answered; close them as they do.
    const reaper = setInterval(() => server.closeIdleConnections(), IDLE_REAP_EVERY_MS).unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(reaper);
      void mail.then(() => {
        closeDatabase();
        resolve();
      });
    });
    server.closeIdleConnections();
  });
}
