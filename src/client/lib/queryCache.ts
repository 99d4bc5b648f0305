/**
 * The cache behind useQuery (design.md#query-cache, TanStack Query's defaults): entries by hashed array
 * key, shared in-flight requests, retries with back-off, prefix invalidation, and garbage
 * collection of entries nobody watches.
 *
 * Decisions where product.md leaves room:
 *  - Like TanStack's staleTime 0, a screen that mounts shows what is cached at once and
 *    refetches in the background; it never flashes back to 'Loading'.
 *  - `keepForever` entries (the activity log, "kept once loaded") are never dropped and not
 *    refetched on mount, but an explicit invalidate(['ticketlogs', …]) still refreshes them:
 *    a transition adds a log line, and a kept-but-wrong log would be worse than one request.
 *  - 4xx answers other than 408 and 429 are not retried: they will not change.
 *  - A failure shows at once, while the retries go on behind it: three retries take seven
 *    seconds, far too long to show 'Loading' for a read that has already failed. A retry that
 *    succeeds replaces the error with the data.
 *  - An invalidation during a fetch starts a new fetch and aborts the older one.
 *  - Nothing happens during render: entries are created, fetched and timed only when a screen
 *    subscribes (an effect, see queryWatch.ts), so StrictMode's double render changes nothing.
 */
export type QueryKey = readonly unknown[];

const MAX_RETRIES = 3;
const RETRY_CAP_MS = 30_000;
/** Unused entries are dropped this long after their last subscriber leaves (product.md#cache). */
const GC_TIME_MS = 5 * 60_000;

/** 1 s, 2 s, 4 s … never more than 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, RETRY_CAP_MS);

export interface Snapshot {
  data: unknown;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  /** A paged entry is loading one more page (see infiniteQuery.ts). */
  isFetchingNextPage: boolean;
}

/** Loads an entry's data; aborted when superseded or when nobody watches any more. */
export type Fetcher = (signal: AbortSignal) => Promise<unknown>;

export interface Entry {
  key: QueryKey;
  hash: string;
  fetcher: Fetcher;
  keepForever: boolean;
  stale: boolean;
  run: number;
  inFlight: Promise<void> | null;
  controller: AbortController | undefined;
  listeners: Set<() => void>;
  gcTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the data last arrived (Date.now()), 0 before; a refocused window refetches old data. */
  updatedAt: number;
  snapshot: Snapshot;
  /** Data kept beside the entry's own (a page read ahead, readAhead.ts): it takes the entry's changes. */
  aside?: EntryAside;
}

/** What the cache tells data kept beside an entry: a change just made to the entry's data (which was `before`), or that the entry went stale. */
export interface EntryAside {
  change(change: (data: unknown) => unknown, before: unknown): void;
  drop(): void;
}

const entries = new Map<string, Entry>();

function stable(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return Array.isArray(value) ? value.map(stable) : value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, stable(record[k])]));
}

/** Object keys are sorted so that {a, b} and {b, a} name the same entry. */
export const hashKey = (key: QueryKey) => JSON.stringify(stable(key));

function update(entry: Entry, patch: Partial<Snapshot>) {
  entry.snapshot = { ...entry.snapshot, ...patch };
  for (const listener of [...entry.listeners]) listener();
}

export function scheduleGc(entry: Entry) {
  clearTimeout(entry.gcTimer);
  if (entry.keepForever) return;
  entry.gcTimer = setTimeout(() => {
    if (entry.listeners.size === 0 && entries.get(entry.hash) === entry) entries.delete(entry.hash);
  }, GC_TIME_MS);
}

/** What a key shows before its entry exists: pending, nothing fetched. */
const PENDING: Snapshot = { data: undefined, error: null, isPending: true, isFetching: false, isFetchingNextPage: false };

/** The snapshot of a key, read during render; creates nothing. */
export const snapshotOf = (hash: string): Snapshot => entries.get(hash)?.snapshot ?? PENDING;

/** The entry of a key, made when missing; only subscriptions call this, never a render. */
export function ensureEntry(key: QueryKey, fetcher: Fetcher, keepForever: boolean): Entry {
  const hash = hashKey(key);
  let entry = entries.get(hash);
  if (!entry) {
    entry = {
      key, hash, fetcher, keepForever, stale: false, run: 0, inFlight: null, controller: undefined,
      listeners: new Set(), gcTimer: undefined, updatedAt: 0, snapshot: PENDING,
    };
    entries.set(hash, entry);
  }
  entry.fetcher = fetcher;
  return entry;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 4xx answer will not change on retry (408 and 429 excepted); everything else is retried. */
function retryable(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  return typeof status !== 'number' || status < 400 || status >= 500 || status === 408 || status === 429;
}

/**
 * Starts a fetch, or joins the one in flight unless `force` (an invalidation) asks for fresh data.
 * @param fetcher what to run instead of the entry's own fetcher (a paged entry's next page) @default entry.fetcher
 * @param nextPage the run loads one more page, flagged in the snapshot @default false
 */
export function fetchEntry(entry: Entry, force = false, fetcher = entry.fetcher, nextPage = false): Promise<void> {
  if (entry.inFlight && !force) return entry.inFlight;
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  const run = ++entry.run;
  const current = () => entry.run === run && entries.get(entry.hash) === entry;
  update(entry, { isFetching: true, isFetchingNextPage: nextPage });
  const work = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await fetcher(controller.signal);
        if (!current()) return;
        if (!nextPage) entry.stale = false;
        entry.updatedAt = Date.now();
        update(entry, { data, error: null, isPending: false, isFetching: false, isFetchingNextPage: false });
        return;
      } catch (caught) {
        if (!current()) return;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        const last = attempt >= MAX_RETRIES || !retryable(caught);
        // Shown now; isFetching stays true while the retries go on.
        update(entry, { error, isPending: entry.snapshot.data === undefined, isFetching: !last, isFetchingNextPage: !last && nextPage });
        if (last) return;
        await sleep(retryDelay(attempt));
        if (!current()) return;
      }
    }
  })().finally(() => {
    if (entry.run !== run) return;
    entry.inFlight = null;
    entry.controller = undefined;
  });
  entry.inFlight = work;
  return work;
}

/** Shows data that arrived another way (a page read ahead), as a fetch would. */
export const showData = (entry: Entry, data: unknown) => update(entry, { data, error: null });

/** The entry of a key, for the paged hook's page loads; undefined until a screen subscribed. */
export const entryOf = (hash: string): Entry | undefined => entries.get(hash);

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));

/** Stops the fetch in flight; the entry keeps its data, and the next screen on it fetches again. */
export function stopFetch(entry: Entry) {
  entry.controller?.abort();
  entry.controller = undefined;
  entry.run++;
  entry.inFlight = null;
  entry.snapshot = { ...entry.snapshot, isFetching: false, isFetchingNextPage: false };
}

/**
 * An entry gone stale: refetched now if a screen shows it. Otherwise a request in flight (a list
 * asked for before its screen came) is stopped, for its answer may predate the change; the
 * screen that comes fetches afresh.
 */
function staled(entry: Entry) {
  entry.stale = true;
  entry.aside?.drop();
  if (entry.listeners.size > 0) void fetchEntry(entry, true);
  else if (entry.inFlight) stopFetch(entry);
}

/** Marks every entry under any prefix stale; those on screen refetch now, the rest when next used. */
export function invalidate(...prefixes: QueryKey[]): void {
  for (const entry of entries.values()) {
    if (prefixes.length > 0 && !prefixes.some((prefix) => startsWith(entry.key, prefix))) continue;
    staled(entry);
  }
}

/** Replaces the data of every entry under a prefix that holds some (an optimistic change): watchers see it at once. */
export function updateData(prefix: QueryKey, change: (data: unknown) => unknown): void {
  for (const entry of entries.values()) {
    if (entry.snapshot.data !== undefined && startsWith(entry.key, prefix)) changeData(entry, change);
  }
}

/** Makes a change to an entry's data (watchers see it at once), and to the data kept beside it. */
function changeData(entry: Entry, change: (data: unknown) => unknown): void {
  const before = entry.snapshot.data;
  const data = change(before);
  if (data !== before) update(entry, { data });
  entry.aside?.change(change, before);
}

/** Every entry a screen is watching now. */
export const watchedEntries = (): Entry[] => [...entries.values()].filter((entry) => entry.listeners.size > 0);

/** Empties the cache and hands back what it held (clearQueries). */
export function takeAll(): Entry[] {
  const all = [...entries.values()];
  entries.clear();
  return all;
}

/**
 * Rewrites cached data in place (a live event's fields, design.md#live-updates): `patch` answers
 * the new data, or the same object when the entry is untouched. Nothing is refetched.
 */
export function patchData(patch: (data: unknown, key: QueryKey) => unknown): void {
  for (const entry of entries.values()) {
    if (entry.snapshot.data !== undefined) changeData(entry, (data) => patch(data, entry.key));
  }
}

/** Marks the entries `which` picks stale; those on screen refetch now. */
export function invalidateWhere(which: (key: QueryKey, watched: boolean) => boolean): void {
  for (const entry of entries.values()) {
    if (which(entry.key, entry.listeners.size > 0)) staled(entry);
  }
}
