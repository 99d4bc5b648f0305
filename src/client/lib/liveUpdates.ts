/**
 * Live updates (design.md#live-updates): the tab's one event stream, turned into cache invalidations so lists,
 * details, tiles and comments refresh without a reload, and the header's "Live" indicator.
 * Started by the app when a session exists and stopped when it ends.
 */
import { useSyncExternalStore } from 'react';
import { openEventStream, type StreamEvent, type StreamStatus } from './eventStream.ts';
import { LIVE_BATCH_MS, isListKey, listChangeOf, listMayChange, parseTicketEvent, patchCached, staleKeysFor, type LiveTicketEvent } from '../../shared/liveRules.ts';
import { createListRefetcher, type ListChange } from './listRefetch.ts';
import { invalidate, type QueryKey } from './query.ts';
import { invalidateWhere, patchData } from './queryCache.ts';
import { GROUPS } from './useChange.ts';

/** What one ticket event says (design.md#live-updates); the rules live in shared/liveRules.ts. */
export type { LiveTicketEvent as TicketEvent } from '../../shared/liveRules.ts';

/**
 * The cache keys an event makes stale; undefined means everything ('reset'), null nothing.
 * Lists and counts among them refetch on the list schedule (listRefetch.ts), the rest at once.
 */
export const keysForEvent = (event: StreamEvent): QueryKey[] | undefined | null => staleKeysFor(event);

/** More distinct keys than this in one batch: refresh every ticket group instead of remembering them. */
const MAX_BATCH_KEYS = 64;
const ALL_TICKET_KEYS: QueryKey[] = [GROUPS.singletickets, GROUPS.ticketlogs, GROUPS.comments];
/** The groups whose cached answers carry tickets a live event patches. */
const PATCHED_GROUPS: readonly unknown[] = [GROUPS.tickets[0], GROUPS.mytickets[0], GROUPS.singletickets[0]];
const patchable = (key: QueryKey) => PATCHED_GROUPS.includes(key[0]) && (key[0] !== GROUPS.singletickets[0] || key.length === 2);

/** Writes the event's ticket fields into every cached detail and card of it. */
function patchFromEvent(event: StreamEvent): ListChange | undefined {
  if (event.event === 'resync') return 'any';
  if (event.event !== 'ticket') return undefined;
  const parsed = parseTicketEvent(event.data);
  if (!parsed || typeof parsed.change !== 'string') return undefined;
  if (parsed.ticket && typeof parsed.id === 'number') {
    const ticketEvent = parsed as LiveTicketEvent;
    patchData((data, key) => (patchable(key) ? patchCached(data, ticketEvent) : data));
  }
  return listChangeOf(parsed);
}

let status: StreamStatus = 'off';
const listeners = new Set<() => void>();
function setStatus(next: StreamStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** The stream's state: 'live', 'reconnecting', 'connecting' or 'off'. */
export function useLiveStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

/** Opens the tab's stream; answers stop(). A second call while one runs reuses it. */
let running: { users: number; stop(): void } | undefined;

export function startLiveUpdates(): () => void {
  if (!running) {
    const pending = new Map<string, QueryKey>();
    let everything = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (everything) invalidate();
      else if (pending.size > 0) invalidate(...pending.values());
      pending.clear();
      everything = false;
    };
    const lists = createListRefetcher({
      refetch: (changes) => invalidateWhere((key) => isListKey(key) && [...changes].some((change) => listMayChange(change, key))),
    });
    const onEvent = (event: StreamEvent) => {
      const keys = keysForEvent(event);
      if (keys === null) return;
      const listChange = keys === undefined ? undefined : patchFromEvent(event);
      if (listChange !== undefined) lists.add(listChange);
      if (keys === undefined) everything = true;
      else if (!everything) {
        for (const key of keys) if (!isListKey(key)) pending.set(JSON.stringify(key), key);
        if (pending.size === 0) return;
        if (pending.size > MAX_BATCH_KEYS) {
          pending.clear();
          for (const key of ALL_TICKET_KEYS) pending.set(JSON.stringify(key), key);
        }
      }
      timer ??= setTimeout(flush, LIVE_BATCH_MS);
    };
    // Back after a drop: whatever changed meanwhile may not be replayed, so the ticket reads refresh once.
    const onOpen = (again: boolean) => {
      if (again) onEvent({ id: undefined, event: 'resync', data: '' });
    };
    const close = openEventStream({ onEvent, onOpen, onStatus: setStatus });
    const stop = () => {
      close();
      clearTimeout(timer);
      pending.clear();
      lists.stop();
      setStatus('off');
    };
    running = { users: 0, stop };
  }
  const current = running;
  current.users += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    current.users -= 1;
    if (current.users === 0) {
      current.stop();
      if (running === current) running = undefined;
    }
  };
}
