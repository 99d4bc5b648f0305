/**
 * Reports on their own thread (store/report-worker.ts): started on the first report, stopped
 * when none was asked for a while or the server closes. The same figures as the store's, made
 * off the event loop.
 */
import { Worker } from 'node:worker_threads';
import type { Report, ReportQuery } from '../../shared/index.ts';

/** A report now and then need not keep a thread and a connection open between times. */
const IDLE_STOP_MS = 60_000;
const WORKER_URL = new URL('./report-worker.ts', import.meta.url);

type Answer = { id: number; report: Report; error?: undefined } | { id: number; error: string };
interface Waiting {
  resolve: (report: Report) => void;
  reject: (error: Error) => void;
}

export type ReportRunner = ReturnType<typeof createReportRunner>;

export function createReportRunner(dbFile: string) {
  /** The thread and the asks it has yet to answer: a thread that stops fails only its own. */
  let current: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  function stop(): Promise<void> {
    clearTimeout(idleTimer);
    const running = current;
    current = undefined;
    return running ? running.worker.terminate().then(() => undefined) : Promise.resolve();
  }

  function start(): NonNullable<typeof current> {
    const worker = new Worker(WORKER_URL, { workerData: { file: dbFile } });
    const waiting = new Map<number, Waiting>();
    const failAll = (error: Error) => {
      for (const ask of waiting.values()) ask.reject(error);
      waiting.clear();
    };
    // Never what keeps the process alive: a server shutting down does not wait for it.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const ask = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error === undefined) ask?.resolve(answer.report);
      else ask?.reject(new Error(`report failed: ${answer.error}`));
      if (waiting.size === 0 && current?.worker === worker) idleTimer = setTimeout(() => void stop(), IDLE_STOP_MS).unref();
    });
    worker.on('error', (error: Error) => failAll(error));
    worker.on('exit', (code) => {
      if (current?.worker === worker) current = undefined;
      failAll(new Error(`report thread stopped (exit code ${code})`));
    });
    return { worker, waiting };
  }

  return {
    report(query: ReportQuery): Promise<Report> {
      clearTimeout(idleTimer);
      current ??= start();
      const { worker, waiting } = current;
      const id = nextId++;
      const answer = new Promise<Report>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, query });
      return answer;
    },
    close: stop,
  };
}
