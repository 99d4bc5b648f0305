/**
 * What one live event changes on a screen (design.md#live-updates), as pure rules shared by the
 * client (lib/liveUpdates.ts) and the capacity bench (bench/capacity/), so the bench's agents
 * refetch exactly as people's tabs do. A ticket event carries the ticket's list-visible fields:
 * a detail or a card patches in place; a list refetches only when the event could change what
 * it shows, at most once every LIST_REFETCH_EVERY_MS, and only while it is on screen.
 */
import type { TicketChange } from './comments.ts';
import type { Ticket } from './types.ts';
import { STATUSES } from './constants.ts';
import type { StoredStatus } from './workQueue.ts';

/** The fields a card shows, sent with every ticket event (a detail shows these and more). */
export const LIVE_TICKET_FIELDS = ['title', 'priority', 'status', 'developer', 'comment_count', 'has_image', 'updated_at', 'sla'] as const;
export type LiveTicketFields = Pick<Ticket, (typeof LIVE_TICKET_FIELDS)[number]>;

/** The data of one `event: ticket`; `ticket` and `from` are absent from a server older than these rules. */
export interface LiveTicketEvent {
  id: number;
  number: string;
  change: TicketChange;
  /** A transition's status before it ('status' events only). */
  from?: StoredStatus;
  ticket?: LiveTicketFields;
}

/** What lists learn of one event: its change word, or a transition from one status to another ('status:opened>assigned'). */
export type ListChange = TicketChange | 'any' | `status:${StoredStatus}>${StoredStatus}`;

const isStatus = (value: unknown): value is StoredStatus => (STATUSES as readonly unknown[]).includes(value);

/** The list change of a ticket event: a transition that says its statuses names them, so lists showing both need not refetch. */
export function listChangeOf(event: Partial<LiveTicketEvent>): ListChange | undefined {
  if (typeof event.change !== 'string') return undefined;
  const to = event.ticket?.status;
  if (event.change === 'status' && isStatus(event.from) && isStatus(to)) return `status:${event.from}>${to}`;
  return event.change;
}

/** A list on screen refetches at most this often, however many events arrive meanwhile. */
export const LIST_REFETCH_EVERY_MS = 3000;
/**
 * A list's refetch after a quiet spell waits a random part of this beyond the batch: every tab gets
 * the same event at the same moment, and would otherwise ask for its list in the same millisecond.
 */
export const LIST_REFETCH_JITTER_MS = 1000;
/** Events arriving together are applied together: one refetch per screen, not one per event. */
export const LIVE_BATCH_MS = 100;

export type CacheKey = readonly unknown[];
/** One SSE event as the stream spells it. */
export interface LiveStreamEvent {
  event: string;
  data: string;
}

/** The cache groups whose keys are lists and counts (filtered by listMayChange before refetching). */
export const LIST_GROUPS = ['tickets', 'mytickets'] as const;
const ALL_TICKET_KEYS: CacheKey[] = [['tickets'], ['mytickets'], ['singletickets'], ['ticketlogs'], ['comments']];

export function parseTicketEvent(data: string): Partial<LiveTicketEvent> | null {
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<LiveTicketEvent>) : null;
  } catch {
    return null;
  }
}

/**
 * The cache keys (prefixes) an event makes stale; undefined means everything ('reset': the server
 * could not resume), null nothing. Lists and counts follow every change (listMayChange says
 * which of them refetch); a detail the event's fields cannot describe (an edit, or an event
 * without them) and its log follow edits and transitions; its comments follow a comment.
 * Details and comments are keyed by the number in the address, and by the id for pages opened by id.
 */
export function staleKeysFor(event: LiveStreamEvent): CacheKey[] | undefined | null {
  if (event.event === 'reset') return undefined;
  if (event.event === 'resync') return [...ALL_TICKET_KEYS, ['notifications']];
  if (event.event === 'notification') return [['notifications']];
  if (event.event !== 'ticket') return null;
  const parsed = parseTicketEvent(event.data);
  if (!parsed) return null;
  const patched = parsed.ticket !== undefined && parsed.ticket !== null;
  const keys: CacheKey[] = [['tickets'], ['mytickets']];
  const names = [parsed.number, parsed.id === undefined ? undefined : String(parsed.id)].filter((name): name is string => typeof name === 'string' && name !== '');
  for (const name of names) {
    if (parsed.change === 'sla' && !patched) keys.push(['singletickets', name]);
    if (parsed.change === 'updated' || (parsed.change === 'status' && !patched)) keys.push(['singletickets', name]);
    if (parsed.change === 'updated' || parsed.change === 'status') keys.push(['ticketlogs', name]);
    if (parsed.change === 'comment') keys.push(['comments', name]);
  }
  return keys;
}

export const isListKey = (key: CacheKey) => (LIST_GROUPS as readonly unknown[]).includes(key[0]);

type ListQuery = { q?: unknown; sort?: unknown; priority?: unknown; app?: unknown; category_id?: unknown; service_id?: unknown; sla?: unknown; status?: unknown; developer_id?: unknown };
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
/** Filters an edit can move a ticket in or out of. */
const EDITABLE_FILTERS = ['q', 'priority', 'app', 'category_id', 'service_id'] as const;
/** Orders an edit or a comment can change. */
const EDIT_SORTS = ['priority', 'updated'];

/**
 * Whether a list or count under LIST_GROUPS (`[group, kind, query]`: kind 'page', 'one',
 * 'stats', 'counts', 'total' or 'report') can show something else after a change: a new ticket
 * or a reset always; a transition unless it leaves the list's tickets as they were (below); an
 * edit when the list filters or sorts on what an edit changes; a comment only where it reorders
 * ('Recently updated'); a service-level change where the list counts or filters by it. A card
 * already shown is patched from the event either way.
 */
export function listMayChange(change: ListChange, key: CacheKey): boolean {
  if (!isListKey(key)) return false;
  if (change === 'any' || change === 'created' || change === 'status') return true;
  const kind = key[1];
  const query = (key[2] && typeof key[2] === 'object' ? key[2] : {}) as ListQuery;
  if (kind === 'report') return change !== 'comment';
  const sorted = kind === 'page' || kind === 'one' ? query.sort : undefined;
  if (change.startsWith('status:')) return transitionMayChange(change, key, query, sorted);
  if (change === 'comment') return sorted === 'updated';
  if (change === 'sla') return kind === 'stats' || present(query.sla) || (typeof sorted === 'string' && !['newest', 'oldest', 'priority', 'updated'].includes(sorted));
  // 'updated': an edit.
  return EDITABLE_FILTERS.some((name) => present(query[name])) || (typeof sorted === 'string' && EDIT_SORTS.includes(sorted)) || present(query.sla);
}

/** Sorts a transition leaves in place: it changes neither a ticket's creation, nor its priority. */
const TRANSITION_STILL_SORTS = [undefined, 'newest', 'oldest', 'priority'];

/**
 * A transition from one status to another: the counts always (a status moved, or a developer:
 * 'Unassigned' counts open work without one, and a transition may move a service level), 'My
 * Tickets' lists always (they are whose tickets), and lists filtered by developer, service level or
 * words (a search matches the developer's name) or in an order a transition moves. Otherwise a
 * list or a total only when its status filter holds one of the two statuses and not the other.
 */
function transitionMayChange(change: string, key: CacheKey, query: ListQuery, sorted: unknown): boolean {
  const [from, to] = change.slice('status:'.length).split('>');
  if (key[0] !== 'tickets' || (key[1] !== 'page' && key[1] !== 'one' && key[1] !== 'total')) return true;
  if (present(query.developer_id) || present(query.sla) || present(query.q) || !TRANSITION_STILL_SORTS.includes(sorted as string | undefined)) return true;
  const shown: readonly unknown[] = Array.isArray(query.status) && query.status.length > 0 ? query.status : STATUSES;
  return shown.includes(from) !== shown.includes(to);
}

/** How long a list that refetched at `lastAt` waits before it may refetch again (0: now). */
export const listRefetchWait = (lastAt: number, now: number, every = LIST_REFETCH_EVERY_MS) => Math.max(0, lastAt + every - now);

type Patchable = { id: number; updated_at?: string };

/** The ticket with the event's fields; itself when it is another ticket or newer than the event. */
export function patchTicket<T extends Patchable>(ticket: T, event: LiveTicketEvent): T {
  if (ticket.id !== event.id || !event.ticket) return ticket;
  if (ticket.updated_at && event.ticket.updated_at < ticket.updated_at) return ticket;
  return { ...ticket, ...event.ticket };
}

/**
 * A cached answer with the event's ticket patched in: a detail (a ticket), a page
 * (`{list}`) or a paged list (an array of pages). The same object when nothing changed.
 */
export function patchCached(data: unknown, event: LiveTicketEvent): unknown {
  if (!data || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    const pages = data.map((page) => patchCached(page, event));
    return pages.some((page, i) => page !== data[i]) ? pages : data;
  }
  const record = data as { id?: unknown; list?: unknown };
  if (Array.isArray(record.list)) {
    const list = record.list as Patchable[];
    const next = list.map((item) => (item && typeof item === 'object' && item.id === event.id ? patchTicket(item, event) : item));
    return next.some((item, i) => item !== list[i]) ? { ...record, list: next } : data;
  }
  if (typeof record.id === 'number' && 'updated_at' in record) return patchTicket(record as Patchable, event);
  return data;
}
