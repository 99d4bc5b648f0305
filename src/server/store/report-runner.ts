/**
 * Reports on their own thread (store/report-worker.ts): started with the server and kept for its
 * life, so the first report after a start or a write finds the thread's modules, connection and
 * statements ready (docs/design.md#report-thread). A thread that stopped (a crash, or `close`) is
 * started again by the next ask. The same figures as the store's, made off the event loop.
 */
import { Worker } from 'node:worker_threads';
import type { Report, ReportQuery } from '../../shared/index.ts';

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
  let started = 0;

  function stop(): Promise<void> {
    const running = current;
    current = undefined;
    return running ? running.worker.terminate().then(() => undefined) : Promise.resolve();
  }

  function start(): NonNullable<typeof current> {
    const worker = new Worker(WORKER_URL, { workerData: { file: dbFile } });
    started++;
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
    });
    worker.on('error', (error: Error) => failAll(error));
    worker.on('exit', (code) => {
      if (current?.worker === worker) current = undefined;
      failAll(new Error(`report thread stopped (exit code ${code})`));
    });
    return { worker, waiting };
  }

  return {
    /** Starts the thread now (it readies itself with a report of its own), unless one runs. */
    start(): void {
      current ??= start();
    },
    report(query: ReportQuery): Promise<Report> {
      current ??= start();
      const { worker, waiting } = current;
      const id = nextId++;
      const answer = new Promise<Report>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, query });
      return answer;
    },
    /** How many threads were started so far, and whether one runs now: the tests' view of the policy. */
    threads(): { started: number; running: boolean } {
      return { started, running: current !== undefined };
    },
    close: stop,
  };
}
