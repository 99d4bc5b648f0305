/**
 * Ticket changes: create, edit and the status changes (close, reopen, assign, remove developer).
 * Each goes through useChange: toast, refresh every ticket group, then the caller's landing.
 */
import { EXTRA_FIELD_NAMES, type TicketInput } from '../../shared/ticketFields.ts';
import type { Envelope, Ticket } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { TICKET_GROUPS, useChange, type ChangeOptions } from '../lib/useChange.ts';

export type NewTicket = TicketInput;

export type TicketChanges = Partial<NewTicket & { category: string; service: string }>;

export interface StatusChange {
  status: 'opened' | 'assigned' | 'closed';
  /** A developer's id to assign, null to remove the developer, absent to leave it alone. */
  developer_id?: number | null;
}

export interface StatusChangeVars extends StatusChange {
  number: string;
}

type Answer = Envelope<Ticket>;
/** What a screen adds to the shared step: where to land, what to close. */
export type TicketChangeOptions<V> = Omit<ChangeOptions<V, Answer>, 'refresh'>;

const ticketPath = (number: string) => `/tickets/${encodeURIComponent(number)}`;

/**
 * product.md#ticket-fields: created_by, developer_name, number and status are sent empty; the
 * server fills them. Our own fields (EXTRA_FIELDS) are sent only when they hold a value, so the
 * payload stays exactly the product's otherwise.
 */
function createTicket(ticket: NewTicket) {
  const unset = EXTRA_FIELD_NAMES.filter((field) => ticket[field] === null);
  const json: Record<string, unknown> = { ...ticket, created_by: '', developer_name: '', number: '', status: '' };
  for (const field of unset) delete json[field];
  return request<Answer>('/tickets', { method: 'POST', json });
}

function editTicket({ number, changes }: { number: string; changes: TicketChanges }) {
  return request<Answer>(`${ticketPath(number)}/edit`, { method: 'PATCH', json: changes });
}

/** The one status-change call (product.md#transitions). */
function changeStatus({ number, ...change }: StatusChangeVars) {
  return request<Answer>(ticketPath(number), { method: 'PATCH', json: change });
}

export const useCreateTicket = (options?: TicketChangeOptions<NewTicket>) => useChange(createTicket, { ...options, refresh: TICKET_GROUPS });

export const useEditTicket = (options?: TicketChangeOptions<{ number: string; changes: TicketChanges }>) =>
  useChange(editTicket, { ...options, refresh: TICKET_GROUPS });

export const useChangeStatus = (options?: TicketChangeOptions<StatusChangeVars>) => useChange(changeStatus, { ...options, refresh: TICKET_GROUPS });
