/**
 * The reports' own thread (store/report-runner.ts): a year of figures is hundreds of milliseconds
 * of SQL at 100,000 tickets, so it runs here, on a read-only connection of its own, and the
 * server's thread keeps answering meanwhile (docs/design.md#no-stalls).
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_REPORT_GROUP, lastDays, type ReportQuery } from '../../shared/index.ts';
import { createReportStore } from './report.ts';

export interface ReportAsk {
  id: number;
  query: ReportQuery;
}

const BUSY_TIMEOUT_MS = 5000;
/** The longest range the reports page offers: its first run reads the pages most asks read again. */
const WARM_UP_DAYS = 90;

const db = new DatabaseSync((workerData as { file: string }).file, { readOnly: true });
db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
const store = createReportStore(db);

// Before the first ask (which waits in the port meanwhile): the statements' first runs and the
// rollups' pages cost the first report after a start about 1.9 s at 1,000,000 tickets otherwise.
try {
  store.report({ ...lastDays(WARM_UP_DAYS, Date.now()), group: DEFAULT_REPORT_GROUP });
} catch {
  // An ask meets the same failure and answers it.
}

parentPort!.on('message', ({ id, query }: ReportAsk) => {
  try {
    parentPort!.postMessage({ id, report: store.report(query) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
