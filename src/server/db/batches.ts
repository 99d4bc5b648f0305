/**
 * A write whose size grows with the data (renaming or removing a person with thousands of
 * tickets) done as bounded batches, each its own transaction, with a turn of the event loop
 * between: other requests are answered meanwhile (docs/design.md#no-stalls).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { transaction, type Db } from './database.ts';

/** Rows per batch: a ticket rewrite also rewrites its search index entry, about 0.1 ms each at 100,000 tickets (bench/README.md). */
export const WRITE_BATCH = 100;

/** Runs `step` (one batch; true while there may be more) until it says it was the last. */
export async function inBatches(db: Db, step: () => boolean): Promise<void> {
  while (transaction(db, step)) await nextTurn();
}
