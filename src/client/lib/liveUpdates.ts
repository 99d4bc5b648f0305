/**
 * Live updates (design.md#live-updates): the tab's one event stream, turned into cache invalidations so lists,
 * details, tiles and comments refresh without a reload, and the header's "Live" indicator.
 * Started by the app when a session exists and stopped when it ends.
 */
import { useSyncExternalStore } from 'react';
import { openEventStream, type StreamEvent, type StreamStatus } from './eventStream.ts';
import { invalidate, type QueryKey } from './query.ts';
import { GROUPS } from './useChange.ts';

/** What one ticket event says (design.md#live-updates). */
export interface TicketEvent {
  id: number;
  number: string;
  /** 'sla': time alone made the ticket due soon or breached (design.md#service-levels). */
  change: 'created' | 'updated' | 'status' | 'comment' | 'sla';
}

/**
 * The cache keys an event makes stale; undefined means everything ('reset': the server could not
 * resume, so anything may have changed). Lists, stats and counts follow every change; a ticket's
 * detail and log follow its edits and transitions; its comments follow a comment. Details and
 * comments are keyed by the number in the address; the id is added for pages opened by id.
 * A notification refreshes the bell; a reconnect refreshes it too, as it does every ticket read.
 */
export function keysForEvent(event: StreamEvent): QueryKey[] | undefined | null {
  if (event.event === 'reset') return undefined;
  if (event.event === 'resync') return [...ALL_TICKET_KEYS, GROUPS.notifications];
  // The bell's count and the open panel's list (design.md#notifications); the data only says how many.
  if (event.event === 'notification') return [GROUPS.notifications];
  if (event.event !== 'ticket') return null;
  let parsed: Partial<TicketEvent>;
  try {
    parsed = JSON.parse(event.data) as Partial<TicketEvent>;
  } catch {
    return null;
  }
  const keys: QueryKey[] = [GROUPS.tickets, GROUPS.mytickets];
  const names = [parsed.number, parsed.id === undefined ? undefined : String(parsed.id)].filter((name): name is string => typeof name === 'string' && name !== '');
  for (const name of names) {
    if (parsed.change === 'sla') keys.push([...GROUPS.singletickets, name]);
    if (parsed.change === 'updated' || parsed.change === 'status') keys.push([...GROUPS.singletickets, name], [...GROUPS.ticketlogs, name]);
    if (parsed.change === 'comment') keys.push([...GROUPS.comments, name]);
  }
  return keys;
}

/** Every ticket read: lists, stats, details, logs and comments. */
const ALL_TICKET_KEYS: QueryKey[] = [GROUPS.tickets, GROUPS.mytickets, GROUPS.singletickets, GROUPS.ticketlogs, GROUPS.comments];

/** Events arriving together are applied together: one refetch per screen, not one per event. */
const BATCH_MS = 100;
/** More distinct keys than this in one batch: refresh every ticket group instead of remembering them. */
const MAX_BATCH_KEYS = 64;

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
    const onEvent = (event: StreamEvent) => {
      const keys = keysForEvent(event);
      if (keys === null) return;
      if (keys === undefined) everything = true;
      else if (!everything) {
        for (const key of keys) pending.set(JSON.stringify(key), key);
        if (pending.size > MAX_BATCH_KEYS) {
          pending.clear();
          for (const key of ALL_TICKET_KEYS) pending.set(JSON.stringify(key), key);
        }
      }
      timer ??= setTimeout(flush, BATCH_MS);
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
