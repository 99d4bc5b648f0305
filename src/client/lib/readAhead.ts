/**
 * Reading a paged list's next page ahead (docs/design.md#long-lists): when 'Show more' comes near
 * the screen, the page after the last one is fetched, so the click shows it with no wait. The page
 * read ahead is used once, and only while it is good: the list's last page is still the one it
 * follows, the list has not gone stale since (an invalidation drops it), and it is recent.
 * Otherwise the click fetches as before. A change made to the list's pages meanwhile (a live
 * event's patch, an optimistic change) is made to the page read ahead too, on its arrival if it
 * is still on its way: so a busy queue, where such changes come every few seconds, keeps it.
 */
import type { Entry } from './queryCache.ts';

/** A page read ahead longer ago than this is fetched again on the click. */
export const READ_AHEAD_FRESH_MS = 30_000;
/** More changes than this while the page is on its way (a request that hangs on a busy queue): it is dropped. */
export const READ_AHEAD_MAX_PENDING = 50;

type FetchPage<P> = (cursor: string | undefined, signal: AbortSignal) => Promise<P>;
type Change = (data: unknown) => unknown;

interface ReadAhead {
  /** The page it follows: the entry's last page when it was asked for. */
  after: unknown;
  /** The page, with every change made to the list while it was on its way. */
  request: Promise<unknown>;
  controller: AbortController;
  /** Changes made to the list while the page was on its way. */
  pending: Change[];
  page?: unknown;
  arrivedAt?: number;
}

const readAheads = new WeakMap<Entry, ReadAhead>();

const lastPageOf = (entry: Entry) => (entry.snapshot.data as unknown[] | undefined)?.at(-1);
/** A change to a list's pages, made to one page. */
const changePage = (page: unknown, change: Change) => (change([page]) as unknown[])[0];

/** Fetches the page after the entry's last one, unless it has it (or is fetching it) already. */
export function readAhead<P>(entry: Entry, fetchPage: FetchPage<P>, nextCursor: (page: P) => string | null, now = Date.now): void {
  const last = lastPageOf(entry) as P | undefined;
  if (last === undefined || entry.inFlight) return;
  const cursor = nextCursor(last);
  if (cursor === null) return;
  if (readAheads.get(entry)?.after === last) return;
  dropReadAhead(entry);
  const controller = new AbortController();
  const record: ReadAhead = { after: last, controller, pending: [], request: Promise.resolve() };
  record.request = fetchPage(cursor, controller.signal).then((page) => {
    const changed = record.pending.reduce(changePage, page);
    Object.assign(record, { page: changed, pending: [], arrivedAt: now() });
    return changed;
  });
  readAheads.set(entry, record);
  entry.aside = {
    change(change, before) {
      if (record.arrivedAt !== undefined) record.page = changePage(record.page, change);
      else if (record.pending.push(change) > READ_AHEAD_MAX_PENDING) return dropReadAhead(entry);
      // The list's pages were changed alike: the page it follows is now the changed one.
      if (record.after === (before as unknown[]).at(-1)) record.after = lastPageOf(entry);
    },
    drop: () => dropReadAhead(entry),
  };
  record.request.catch(() => readAheads.get(entry) === record && forget(entry));
}

/** What a click finds read ahead: the page itself, or its request still on its way (which the click's own fetch may stop). */
export type ReadAheadTaken<P> = { page: P } | { request: Promise<P>; stop(): void };

/**
 * The page read ahead after the entry's last page, if it is still good: the page itself once it
 * arrived (recently), the request while it is on its way; used only once.
 */
export function takeReadAhead<P>(entry: Entry, now = Date.now): ReadAheadTaken<P> | undefined {
  const record = readAheads.get(entry);
  if (!record) return undefined;
  if (record.after !== lastPageOf(entry)) return void dropReadAhead(entry);
  readAheads.delete(entry);
  if (record.arrivedAt === undefined) {
    // Changes still reach it until it arrives; the click's fetch then adds it to the list.
    const arrived = () => readAheads.get(entry) === undefined && delete entry.aside;
    record.request.then(arrived, arrived);
    return { request: record.request as Promise<P>, stop: () => record.controller.abort() };
  }
  delete entry.aside;
  return now() - record.arrivedAt <= READ_AHEAD_FRESH_MS ? { page: record.page as P } : undefined;
}

/** Forgets the entry's page read ahead (dropped, or its screen left): a request on its way is stopped. */
export function dropReadAhead(entry: Entry): void {
  readAheads.get(entry)?.controller.abort();
  forget(entry);
}

function forget(entry: Entry) {
  readAheads.delete(entry);
  delete entry.aside;
}
