/**
 * Reads that recover on their own (issue 13): when the browser comes back online every read on
 * screen that failed or may have missed a change refetches; when the window regains focus (or
 * the tab becomes visible) the ones whose data is older than STALE_AFTER_MS, or that failed, do.
 * Entries kept forever (the activity log) refetch only when they failed or were invalidated.
 */
import { onConnectionRestored } from './connection.ts';
import { fetchEntry, watchedEntries, type Entry } from './queryCache.ts';

/**
 * Data younger than this is fresh enough on a refocus: switching windows back and forth must
 * not refetch every list (live updates keep tickets fresh meanwhile).
 */
export const STALE_AFTER_MS = 30_000;

const needsRefetch = (entry: Entry, now: number, maxAge: number) =>
  entry.snapshot.error !== null || entry.stale || (!entry.keepForever && now - entry.updatedAt >= maxAge);

/**
 * Refetches the watched entries that failed, are stale, or are older than `maxAge` ms.
 * @param restart also restart reads already running (a retry waiting out its back-off) @default false
 */
export function refetchWatched(maxAge: number, restart = false): void {
  const now = Date.now();
  for (const entry of watchedEntries()) {
    if ((restart || !entry.inFlight) && needsRefetch(entry, now, maxAge)) void fetchEntry(entry, true);
  }
}

/** Listens for 'online' (or the server answering again), window focus and the tab becoming visible; returns the way to stop. */
export function startRefetchTriggers(target: Window = window): () => void {
  // Offline, any change may have been missed: everything on screen refetches.
  const online = () => refetchWatched(0, true);
  const focus = () => {
    if (target.document.visibilityState === 'visible') refetchWatched(STALE_AFTER_MS);
  };
  target.addEventListener('online', online);
  target.addEventListener('focus', focus);
  target.document.addEventListener('visibilitychange', focus);
  // The server answers again after calls got none (the browser never went offline).
  const stopRestored = onConnectionRestored(online);
  return () => {
    stopRestored();
    target.removeEventListener('online', online);
    target.removeEventListener('focus', focus);
    target.document.removeEventListener('visibilitychange', focus);
  };
}
