/**
 * A fake of the work-queue endpoints (design.md#work-queue-api) over an array of tickets, for fakeApi:
 * GET /tickets and /tickets/myTickets answer pages (filtered, sorted, cursor = offset),
 * /tickets/stats the counts, /tickets/export.csv a small CSV. A list request without
 * parameters — the whole list, which no screen may ask for any more — answers 400, so a
 * screen that does so fails its test loudly.
 */
import { asksForPage, parseTicketQuery, PAGE_SIZE, type TicketFilters, type TicketPage, type SlaFilter, type TicketQuery, type TicketStats } from '../../src/shared/workQueue.ts';
import type { Ticket } from '../../src/shared/types.ts';
import type { FakeRequest, Reply, Route } from './fakeApi.ts';

export const FULL_LIST_REFUSED = 'The client asked for the whole list.';
const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

const stored = (ticket: Ticket) => (ticket.status === 'reopened' ? 'opened' : ticket.status);

export function matches(ticket: Ticket, filters: TicketFilters): boolean {
  const q = filters.q?.toLowerCase();
  const text = [ticket.number, ticket.title, ticket.description, ticket.created_by, ticket.developer?.name, ticket.category, ticket.service];
  if (q && !q.split(/\s+/).every((word) => text.some((field) => field?.toLowerCase().includes(word)))) return false;
  if (filters.status && !filters.status.includes(stored(ticket))) return false;
  if (filters.app && !filters.app.includes(ticket.app)) return false;
  if (filters.priority && !filters.priority.includes(ticket.priority)) return false;
  if (filters.category_id !== undefined && ticket.category_id !== filters.category_id) return false;
  if (filters.service_id !== undefined && ticket.service_id !== filters.service_id) return false;
  if (filters.created_by_id !== undefined && ticket.created_by_id !== filters.created_by_id) return false;
  if (filters.sla && !filters.sla.includes(ticket.sla?.state as SlaFilter)) return false;
  if (filters.due_before !== undefined && !(ticket.due_date && ticket.due_date < filters.due_before)) return false;
  if (filters.developer_id === 'none') return !ticket.developer?.id;
  if (filters.developer_id !== undefined && ticket.developer?.id !== filters.developer_id) return false;
  return true;
}

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

export function sorted(tickets: readonly Ticket[], sort: TicketQuery['sort'] = 'newest'): Ticket[] {
  const newest = (a: Ticket, b: Ticket) => desc(a.created_at, b.created_at) || b.id - a.id;
  const order = {
    newest,
    oldest: (a: Ticket, b: Ticket) => -newest(a, b),
    priority: (a: Ticket, b: Ticket) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || newest(a, b),
    updated: (a: Ticket, b: Ticket) => desc(a.updated_at, b.updated_at) || b.id - a.id,
    due: (a: Ticket, b: Ticket) => -desc(a.due_date ?? '9999-12-31', b.due_date ?? '9999-12-31') || a.id - b.id,
  }[sort];
  return [...tickets].sort(order);
}

function params(req: FakeRequest) {
  return new URLSearchParams(req.path.split('?')[1] ?? '');
}

function invalid(errors: Record<string, string>): Reply | undefined {
  const first = Object.values(errors)[0];
  return first ? { status: 422, body: { message: first, errors } } : undefined;
}

export function page(tickets: readonly Ticket[], req: FakeRequest): Reply {
  const search = params(req);
  if (!asksForPage(search)) return { status: 400, body: { message: FULL_LIST_REFUSED } };
  const { query, errors } = parseTicketQuery(search);
  const bad = invalid(errors);
  if (bad) return bad;
  const all = sorted(tickets.filter((ticket) => matches(ticket, query)), query.sort);
  const start = Number(query.cursor ?? 0);
  const end = start + (query.limit ?? PAGE_SIZE.default);
  const data: TicketPage = { list: all.slice(start, end), next_cursor: end < all.length ? String(end) : null, total: all.length };
  return { body: { data } };
}

export function stats(tickets: readonly Ticket[], req: FakeRequest): Reply {
  const { query, errors } = parseTicketQuery(params(req));
  const bad = invalid(errors);
  if (bad) return bad;
  const found = tickets.filter((ticket) => matches(ticket, query));
  const count = (status: string) => found.filter((ticket) => stored(ticket) === status).length;
  const data: TicketStats = {
    total: found.length,
    status: { opened: count('opened'), assigned: count('assigned'), closed: count('closed') },
    unassigned: found.filter((ticket) => stored(ticket) !== 'closed' && !ticket.developer?.id).length,
  };
  // Like a server with service levels: counted once any ticket carries them.
  if (tickets.some((ticket) => ticket.sla)) {
    const inState = (state: SlaFilter) => found.filter((ticket) => ticket.sla?.state === state).length;
    data.sla = { due_soon: inState('due_soon'), breached: inState('breached') };
  }
  return { body: { data } };
}

export function csv(tickets: readonly Ticket[], req: FakeRequest): Reply {
  const { query } = parseTicketQuery(params(req));
  const rows = sorted(tickets.filter((ticket) => matches(ticket, query)), query.sort).map((t) => `${t.number},${t.title}`);
  return { body: ['number,title', ...rows].join('\r\n') };
}

export interface TicketServerOptions {
  /** What /tickets/myTickets pages through. @default every ticket */
  mine?: readonly Ticket[];
}

/**
 * The routes of the ticket lists over `tickets` (a live array: push to it and invalidate to see
 * the change). Spread into fakeApi: fakeApi({ ...ticketRoutes(tickets), 'GET /users': … }).
 */
export function ticketRoutes(tickets: readonly Ticket[], options: TicketServerOptions = {}): Record<string, Route> {
  return {
    'GET /tickets': (req) => page(tickets, req),
    'GET /tickets/myTickets': (req) => page(options.mine ?? tickets, req),
    'GET /tickets/stats': (req) => stats(tickets, req),
    'GET /tickets/export.csv': (req) => csv(tickets, req),
  };
}
