/**
 * useInfiniteQuery: a list read page by page, over the same cache as useQuery (queryCache.ts),
 * so it shares its rules: keys by prefix, one request in flight per key, retries with
 * back-off, garbage collection 5 minutes after the last screen leaves.
 *
 * The entry's data is the array of pages loaded so far. Decisions:
 *  - A refetch (mount, invalidate) walks again from the first page for as many pages as are
 *    loaded and swaps them in at once: a ticket that moved between pages can neither show twice
 *    nor vanish, and the list keeps its length, so Back lands on the same place.
 *  - Asking for the next page while a refetch runs waits for it, then continues from its last
 *    page; two clicks on 'Show more' load one page.
 *  - The next page may be read ahead (readAhead.ts); asking for it then shows it at once.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { ensureEntry, entryOf, fetchEntry, hashKey, scheduleGc, showData, snapshotOf, type Entry, type QueryKey } from './queryCache.ts';
import { dropReadAhead, readAhead, takeReadAhead } from './readAhead.ts';
import { cacheGeneration, refetchKey, subscribeClears, watch } from './queryWatch.ts';
import { useLatest } from './useLatest.ts';

export interface InfiniteQueryResult<P> {
  /** The pages loaded so far, in order. */
  data: P[] | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage(): Promise<void>;
  /** Fetches the next page now, to show it at once when asked for (docs/design.md#long-lists). */
  readAhead(): void;
  refetch(): void;
}

export interface InfiniteQueryOptions<P> {
  /** The cursor of the page after this one, or null on the last page. */
  nextCursor(page: P): string | null;
  /** Fetch only when true. @default true */
  enabled?: boolean;
  /** Pages to load when nothing is cached yet (a list reopened with Back after its entry was dropped). @default 1 */
  initialPages?: number;
}

type FetchPage<P> = (cursor: string | undefined, signal: AbortSignal) => Promise<P>;

const pagesOf = <P,>(entry: Entry) => entry.snapshot.data as P[] | undefined;

/** Walks from the first page up to `want` pages, stopping at the last one. */
async function walk<P>(fetchPage: FetchPage<P>, nextCursor: (page: P) => string | null, want: number, signal: AbortSignal): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < want; i++) {
    const page = await fetchPage(cursor, signal);
    pages.push(page);
    const next = nextCursor(page);
    if (next === null) break;
    cursor = next;
  }
  return pages;
}

/** Loads the page after the last one; joins a page load in flight, waits for a refetch first. */
export async function fetchNextPage<P>(entry: Entry, fetchPage: FetchPage<P>, nextCursor: (page: P) => string | null): Promise<void> {
  if (entry.inFlight) {
    if (entry.snapshot.isFetchingNextPage) return entry.inFlight;
    await entry.inFlight;
    if (entry.inFlight) return entry.inFlight;
  }
  const last = pagesOf<P>(entry)?.at(-1);
  const cursor = last === undefined ? null : nextCursor(last);
  if (cursor === null) return;
  const ahead = takeReadAhead<P>(entry);
  if (ahead && 'page' in ahead) return showData(entry, [...(pagesOf<P>(entry) ?? []), ahead.page]);
  // A page read ahead and still on its way is waited for, not asked again (once: a retry asks anew);
  // stopping this fetch (an invalidation, the list left) stops that request too.
  let onItsWay = ahead;
  const loadNext = async (signal: AbortSignal) => {
    const joined = onItsWay;
    onItsWay = undefined;
    if (joined) signal.addEventListener('abort', joined.stop, { once: true });
    const page = joined ? await joined.request.catch(() => fetchPage(cursor, signal)) : await fetchPage(cursor, signal);
    return [...(pagesOf<P>(entry) ?? []), page];
  };
  return fetchEntry(entry, false, loadNext, true);
}

/**
 * Starts a list's first page before its screen renders (a filter chip or a sort header, at the
 * click): the screen's subscription then joins the request instead of making its own after the
 * render. A list with data already cached is left alone: its screen refreshes it anyway.
 */
export function prefetchFirstPage<P>(key: QueryKey, fetchPage: FetchPage<P>, nextCursor: (page: P) => string | null): void {
  const entry = ensureEntry(key, (signal) => walk(fetchPage, nextCursor, 1, signal), false);
  if (entry.snapshot.data !== undefined || entry.inFlight) return;
  void fetchEntry(entry);
  // Dropped in time if no screen ever watches it.
  if (entry.listeners.size === 0) scheduleGc(entry);
}

export function useInfiniteQuery<P>(key: QueryKey, fetchPage: FetchPage<P>, options: InfiniteQueryOptions<P>): InfiniteQueryResult<P> {
  const { nextCursor, enabled = true, initialPages = 1 } = options;
  const hash = hashKey(key);
  const latest = useLatest({ fetchPage, nextCursor, initialPages });
  const generation = useSyncExternalStore(subscribeClears, cacheGeneration);
  const subscribeEntry = useCallback(
    (listener: () => void) => {
      // A refetch walks as many pages as are loaded (or initialPages when none are).
      const refetchAll = (signal: AbortSignal) => {
        const { fetchPage, nextCursor, initialPages } = latest.current;
        const loaded = (snapshotOf(hash).data as P[] | undefined)?.length;
        return walk(fetchPage, nextCursor, Math.max(1, loaded ?? initialPages), signal);
      };
      const leave = watch(key, refetchAll, { enabled, keepForever: false }, listener);
      return () => {
        leave();
        const entry = entryOf(hash);
        if (entry && entry.listeners.size === 0) dropReadAhead(entry);
      };
    },
    // `key` is named by its hash: a new array with the same parts is the same query.
    [hash, enabled, generation, latest],
  );
  const snapshot = useSyncExternalStore(subscribeEntry, () => snapshotOf(hash));
  const pages = snapshot.data as P[] | undefined;
  const last = pages?.at(-1);
  const refetch = useCallback(() => void refetchKey(hash), [hash]);
  const next = useCallback(async () => {
    const entry = entryOf(hash);
    if (entry) await fetchNextPage(entry, latest.current.fetchPage, latest.current.nextCursor);
  }, [hash, latest]);
  const ahead = useCallback(() => {
    const entry = entryOf(hash);
    if (entry) readAhead(entry, latest.current.fetchPage, latest.current.nextCursor);
  }, [hash, latest]);
  return { ...snapshot, data: pages, hasNextPage: last !== undefined && nextCursor(last) !== null, fetchNextPage: next, readAhead: ahead, refetch };
}
