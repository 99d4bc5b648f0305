/**
 * Reading a paged list's next page ahead (docs/design.md#long-lists): when 'Show more' comes near
 * the screen, the page after the last one is fetched, so the click shows it with no wait. The page
 * read ahead is used once, and only while it is good: the list's last page is still the one it
 * follows, nothing in the cache changed since (a live event's patch, an invalidation, an
 * optimistic change), and it is recent. Otherwise the click fetches as before.
 */
import { cacheChanges, type Entry } from './queryCache.ts';

/** A page read ahead longer ago than this is fetched again on the click. */
export const READ_AHEAD_FRESH_MS = 30_000;

type FetchPage<P> = (cursor: string | undefined, signal: AbortSignal) => Promise<P>;

interface ReadAhead {
  /** The page it follows: the entry's last page when it was asked for. */
  after: unknown;
  changes: number;
  request: Promise<unknown>;
  controller: AbortController;
  page?: unknown;
  arrivedAt?: number;
}

const readAheads = new WeakMap<Entry, ReadAhead>();

const lastPageOf = (entry: Entry) => (entry.snapshot.data as unknown[] | undefined)?.at(-1);

/** Fetches the page after the entry's last one, unless it has it (or is fetching it) already. */
export function readAhead<P>(entry: Entry, fetchPage: FetchPage<P>, nextCursor: (page: P) => string | null, now = Date.now): void {
  const last = lastPageOf(entry) as P | undefined;
  if (last === undefined || entry.inFlight) return;
  const cursor = nextCursor(last);
  if (cursor === null) return;
  const known = readAheads.get(entry);
  if (known && known.after === last && known.changes === cacheChanges()) return;
  known?.controller.abort();
  const controller = new AbortController();
  const request = fetchPage(cursor, controller.signal);
  const record: ReadAhead = { after: last, changes: cacheChanges(), request, controller };
  readAheads.set(entry, record);
  request.then(
    (page) => Object.assign(record, { page, arrivedAt: now() }),
    () => readAheads.get(entry) === record && readAheads.delete(entry),
  );
}

/** What a click finds read ahead: the page itself, or its request still on its way (which the click's own fetch may stop). */
export type ReadAheadTaken<P> = { page: P } | { request: Promise<P>; stop(): void };

/**
 * The page read ahead after the entry's last page, if it is still good: the page itself once it
 * arrived (recently), the request while it is on its way; used only once.
 */
export function takeReadAhead<P>(entry: Entry, now = Date.now): ReadAheadTaken<P> | undefined {
  const record = readAheads.get(entry);
  readAheads.delete(entry);
  if (!record) return undefined;
  if (record.after !== lastPageOf(entry) || record.changes !== cacheChanges()) return dropped(record);
  if (record.arrivedAt === undefined) return { request: record.request as Promise<P>, stop: () => record.controller.abort() };
  return now() - record.arrivedAt <= READ_AHEAD_FRESH_MS ? { page: record.page as P } : undefined;
}

/** A page read ahead that will not be used: its request, if still on its way, is stopped. */
function dropped(record: ReadAhead): undefined {
  record.controller.abort();
  return undefined;
}

/** Forgets the entry's page read ahead (its screen left): a request on its way is stopped. */
export function dropReadAhead(entry: Entry): void {
  const record = readAheads.get(entry);
  readAheads.delete(entry);
  if (record) dropped(record);
}
