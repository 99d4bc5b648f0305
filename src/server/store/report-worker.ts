/**
 * The reports' own thread (store/report-runner.ts): a year of figures is hundreds of milliseconds
 * of SQL at 100,000 tickets, so it runs here, on a read-only connection of its own, and the
 * server's thread keeps answering meanwhile (docs/design.md#no-stalls).
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { ReportQuery } from '../../shared/index.ts';
import { createReportStore } from './report.ts';

export interface ReportAsk {
  id: number;
  query: ReportQuery;
}

const BUSY_TIMEOUT_MS = 5000;

const db = new DatabaseSync((workerData as { file: string }).file, { readOnly: true });
db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
const store = createReportStore(db);

parentPort!.on('message', ({ id, query }: ReportAsk) => {
  try {
    parentPort!.postMessage({ id, report: store.report(query) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
