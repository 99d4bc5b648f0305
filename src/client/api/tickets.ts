/**
 * Ticket reads for every area; changes live in ticketChange.ts. Lists are read page by page
 * (product.md#work-queue): no screen ever asks for the whole list.
 */
import { STATUSES } from '../../shared/constants.ts';
import type { ListEnvelope, Envelope, Ticket, TicketLogEntry } from '../../shared/types.ts';
import { PAGE_SIZE, ticketQueryString, type TicketFilters, type TicketPage, type TicketQuery, type TicketStats } from '../../shared/workQueue.ts';
import { request } from '../lib/request.ts';
import { useQuery } from '../lib/query.ts';
import { prefetchFirstPage, useInfiniteQuery } from '../lib/infiniteQuery.ts';
import { GROUPS } from '../lib/useChange.ts';

/** Keys under the ticket cache groups (product.md#cache); every ticket change refreshes all four. */
const ticketKeys = {
  one: (id: string) => [...GROUPS.singletickets, id] as const,
  log: (id: string) => [...GROUPS.ticketlogs, id] as const,
};

/** Which list a screen pages through: every ticket, or the caller's (created or assigned). */
export type TicketSource = 'all' | 'mine';

const SOURCES = {
  all: { path: '/tickets', group: GROUPS.tickets[0] },
  mine: { path: '/tickets/myTickets', group: GROUPS.mytickets[0] },
} as const;

/** Always carries `limit`, so the server answers a page even for the unfiltered newest-first list. */
const ticketListPath = (source: TicketSource, query: TicketQuery) =>
  `${SOURCES[source].path}?${ticketQueryString({ limit: PAGE_SIZE.default, ...query })}`;

const nextCursor = (page: TicketPage) => page.next_cursor ?? null;

const pagesKey = (source: TicketSource, query: TicketQuery) => [SOURCES[source].group, 'page', query];
const pageFetcher = (source: TicketSource, query: TicketQuery) => async (cursor: string | undefined, signal: AbortSignal) =>
  (await request<Envelope<TicketPage>>(ticketListPath(source, { ...query, cursor }), { signal })).data;

/**
 * One list, page by page, under its group ('tickets' or 'mytickets'), so every ticket change
 * (TICKET_GROUPS in lib/useChange.ts) refreshes it.
 * @param initialPages pages to load when nothing is cached (a list reopened with Back) @default 1
 */
export function useTicketPages(source: TicketSource, query: TicketQuery, initialPages = 1) {
  return useInfiniteQuery(pagesKey(source, query), pageFetcher(source, query), { nextCursor, initialPages });
}

/** Starts the first page of the list a click is about to show (useTicketPages joins it). */
export const prefetchTicketPages = (source: TicketSource, query: TicketQuery) => prefetchFirstPage(pagesKey(source, query), pageFetcher(source, query), nextCursor);

/**
 * One page of a list at a cursor, on its own (the kiosk turns through pages and keeps none):
 * under the list's group, so the live stream refreshes it too.
 */
export function useTicketPage(source: TicketSource, query: TicketQuery, options: { enabled?: boolean } = {}) {
  return useQuery(
    [SOURCES[source].group, 'one', query],
    async (signal) => (await request<Envelope<TicketPage>>(ticketListPath(source, query), { signal })).data,
    options,
  );
}

/** Counts for tiles and status chips; filters only, over every ticket. */
export function useTicketStats(filters: TicketFilters, options: { enabled?: boolean } = {}) {
  return useQuery(
    [...GROUPS.tickets, 'stats', filters],
    async (signal) => (await request<Envelope<TicketStats>>(`/tickets/stats?${ticketQueryString(filters)}`, { signal })).data,
    options,
  );
}

/**
 * Counts per status for a list that stats cannot describe (an admin's My Tickets: created OR
 * assigned): the total of a one-ticket page per status.
 */
export function useMyStatusCounts(filters: TicketFilters, options: { enabled?: boolean } = {}) {
  return useQuery(
    [...GROUPS.mytickets, 'counts', filters],
    async (signal): Promise<TicketStats> => {
      const totals = await Promise.all(
        STATUSES.map(async (status) => (await request<Envelope<TicketPage>>(ticketListPath('mine', { ...filters, status: [status], limit: 1 }), { signal })).data.total),
      );
      const status = Object.fromEntries(STATUSES.map((name, i) => [name, totals[i] ?? 0])) as TicketStats['status'];
      return { total: totals.reduce((a, b) => a + b, 0), status, unassigned: 0 };
    },
    options,
  );
}

/**
 * How many tickets a list holds (a saved view's count, the 'Overdue' chip's), from the server's
 * kept index counts (design.md#work-queue-api): the stats' total over every ticket, or the total
 * of a one-ticket page for my-tickets (created OR assigned, which stats cannot say) and for a due
 * day (no kept count: one SQL count instead of the stats' six). Under the list's cache group, so
 * every ticket change refreshes it like the stat tiles.
 */
export function useTicketTotal(source: TicketSource, filters: TicketFilters, options: { enabled?: boolean } = {}) {
  const byStats = source === 'all' && filters.due_before === undefined;
  return useQuery(
    source === 'all' ? [...GROUPS.tickets, 'total', filters] : [...GROUPS.mytickets, 'total', filters],
    async (signal) =>
      byStats
        ? (await request<Envelope<TicketStats>>(`/tickets/stats?${ticketQueryString(filters)}`, { signal })).data.total
        : (await request<Envelope<TicketPage>>(ticketListPath(source, { ...filters, limit: 1 }), { signal })).data.total,
    options,
  );
}

/** The CSV of a filtered, sorted list (product.md#work-queue); fetched with the token, never linked. */
export const ticketExportPath = (query: TicketQuery) => `/tickets/export.csv?${ticketQueryString(query)}`;

export function useTicket(id: string | undefined) {
  return useQuery(
    ticketKeys.one(id ?? ''),
    async (signal) => (await request<Envelope<Ticket>>(`/tickets/${encodeURIComponent(id ?? '')}`, { signal })).data,
    { enabled: Boolean(id) },
  );
}

/** product.md#cache: the log is fetched only when there is a ticket id, and kept once loaded. */
export function useTicketLog(id: string | undefined) {
  return useQuery(
    ticketKeys.log(id ?? ''),
    async (signal) => (await request<ListEnvelope<TicketLogEntry>>(`/activity-log/${encodeURIComponent(id ?? '')}`, { signal })).data.list,
    { enabled: Boolean(id), keepForever: true },
  );
}
