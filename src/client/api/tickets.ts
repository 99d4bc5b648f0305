/** Ticket reads shared by every area; mutations live in features/tickets/api.ts. */
import type { ListEnvelope, Envelope, Ticket, TicketLogEntry } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { useQuery } from '../lib/query.ts';

const DETAILS = 'singletickets';
const LOGS = 'ticketlogs';

/** DESIGN §6's cache groups; every ticket change refreshes all four (see ticketChanges.ts). */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: ['mytickets'] as const,
  details: [DETAILS] as const,
  logs: [LOGS] as const,
  one: (id: string) => [DETAILS, id] as const,
  log: (id: string) => [LOGS, id] as const,
};

export function useTickets() {
  return useQuery(ticketKeys.all, async () => (await request<ListEnvelope<Ticket>>('/tickets')).data.list);
}

export function useMyTickets() {
  return useQuery(ticketKeys.mine, async () => (await request<ListEnvelope<Ticket>>('/tickets/myTickets')).data.list);
}

export function useTicket(id: string | undefined) {
  return useQuery(
    ticketKeys.one(id ?? ''),
    async () => (await request<Envelope<Ticket>>(`/tickets/${encodeURIComponent(id ?? '')}`)).data,
    { enabled: Boolean(id) },
  );
}

/** SPEC §4: the log is fetched only when there is a ticket id, and kept once loaded. */
export function useTicketLog(id: string | undefined) {
  return useQuery(
    ticketKeys.log(id ?? ''),
    async () => (await request<ListEnvelope<TicketLogEntry>>(`/activity-log/${encodeURIComponent(id ?? '')}`)).data.list,
    { enabled: Boolean(id), keepForever: true },
  );
}
