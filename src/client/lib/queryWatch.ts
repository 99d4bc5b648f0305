/**
 * Screens on the cache (queryCache.ts): subscribing, leaving, and clearing.
 *  - A screen subscribes from an effect; the entry is made then, never during render.
 *  - A fetch nobody waits for any more (every screen on it left) is aborted. The check waits a
 *    microtask: StrictMode, and a screen handing a key over to the next, unsubscribe and
 *    subscribe again in one commit, and a request they share must survive that.
 *  - clearQueries (sign-in, sign-out) drops every entry; watching screens resubscribe onto fresh
 *    ones through the generation counter.
 */
import { ensureEntry, entryOf, fetchEntry, scheduleGc, stopFetch, takeAll, type Entry, type Fetcher, type QueryKey } from './queryCache.ts';

function release(entry: Entry, listener: () => void) {
  entry.listeners.delete(listener);
  if (entry.listeners.size > 0) return;
  scheduleGc(entry);
  queueMicrotask(() => {
    if (entry.listeners.size === 0 && entry.inFlight) stopFetch(entry);
  });
}

export interface WatchOptions {
  enabled: boolean;
  keepForever: boolean;
}

/**
 * A screen subscribes to a key (from an effect): the entry is made if missing, and fetched when
 * its data is missing or stale, or for a first watcher (kept entries only when missing or stale).
 */
export function watch(key: QueryKey, fetcher: Fetcher, options: WatchOptions, listener: () => void): () => void {
  const entry = ensureEntry(key, fetcher, options.keepForever);
  const first = entry.listeners.size === 0;
  entry.listeners.add(listener);
  clearTimeout(entry.gcTimer);
  const missing = entry.snapshot.data === undefined;
  if (options.enabled && (missing || entry.stale || (first && !entry.keepForever))) void fetchEntry(entry);
  return () => release(entry, listener);
}

/** Fetches a key again now, if a screen has made its entry. */
export function refetchKey(hash: string, fetcher?: Fetcher): Promise<void> {
  const entry = entryOf(hash);
  return entry ? fetchEntry(entry, true, fetcher) : Promise.resolve();
}

let generation = 0;
const clearListeners = new Set<() => void>();

/** Screens resubscribe when the cache is cleared: their entries are gone. */
export function subscribeClears(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}
export const cacheGeneration = () => generation;

/** Forgets everything (sign-in, sign-out); screens still watching re-read and start over. */
export function clearQueries(): void {
  const dropped = takeAll();
  generation++;
  for (const entry of dropped) {
    clearTimeout(entry.gcTimer);
    stopFetch(entry);
  }
  for (const listener of [...clearListeners]) listener();
}
