/**
 * The one status-change call (close, reopen, assign, remove developer) and the cache groups every
 * ticket mutation refreshes. Lives here because the shared TicketCard closes tickets too; the
 * tickets feature builds its mutations on top of it.
 */
import type { Envelope, Ticket } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { invalidate } from '../../lib/query.ts';
import { ticketKeys } from '../../api/tickets.ts';

export type TicketArea = 'admin' | 'support' | 'developer';

export interface StatusChange {
  status: 'opened' | 'assigned' | 'closed';
  /** A developer's id to assign, null to remove the developer, absent to leave it alone. */
  developer_id?: number | null;
}

export interface StatusChangeVars extends StatusChange {
  number: string;
}

const TICKET_GROUPS = [ticketKeys.all, ticketKeys.mine, ticketKeys.details, ticketKeys.logs];

export const ticketPath = (number: string) => `/tickets/${encodeURIComponent(number)}`;

export function changeTicketStatus({ number, ...change }: StatusChangeVars) {
  return request<Envelope<Ticket>>(ticketPath(number), { method: 'PATCH', json: change });
}

/** Every list and detail on screen shows the new state without a reload. */
export function refreshTickets() {
  invalidate(...TICKET_GROUPS);
}

const DETAIL_PATHS: Record<TicketArea, string> = {
  admin: '/admin/ticket/',
  support: '/support/ticket-details/',
  developer: '/developer/ticket-details/',
};

export const detailPath = (area: TicketArea, number: string) => DETAIL_PATHS[area] + encodeURIComponent(number);
