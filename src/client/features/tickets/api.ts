/** Ticket mutations: create, edit and the status changes. Each toasts and refreshes the ticket caches. */
import type { AppName, Priority } from '../../../shared/constants.ts';
import type { Envelope, Ticket } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import {
  changeTicketStatus,
  refreshTickets,
  ticketPath,
  type StatusChangeVars,
} from '../../components/tickets/ticketChanges.ts';

export interface NewTicket {
  title: string;
  description: string;
  priority: Priority;
  category_id: number;
  service_id: number;
  app: AppName;
  link: string | null;
  image: string | null;
}

export type TicketChanges = Partial<NewTicket & { category: string; service: string }>;

type Answer = Envelope<Ticket>;

function handlers<V>(onDone?: (answer: Answer, vars: V) => void) {
  return {
    onSuccess(answer: Answer, vars: V) {
      if (answer.message) toast.success(answer.message);
      refreshTickets();
      onDone?.(answer, vars);
    },
    onError(error: Error) {
      toast.error(error.message);
    },
  };
}

/** product.md#ticket-fields: created_by, developer_name, number and status are sent empty; the server fills them. */
export function createTicket(ticket: NewTicket) {
  return request<Answer>('/tickets', {
    method: 'POST',
    json: { ...ticket, created_by: '', developer_name: '', number: '', status: '' },
  });
}

export function editTicket({ number, changes }: { number: string; changes: TicketChanges }) {
  return request<Answer>(`${ticketPath(number)}/edit`, { method: 'PATCH', json: changes });
}

export function useCreateTicket(onDone?: (answer: Answer) => void) {
  return useMutation(createTicket, handlers(onDone));
}

export function useEditTicket(onDone?: (answer: Answer) => void) {
  return useMutation(editTicket, handlers(onDone));
}

export function useChangeStatus(onDone?: (answer: Answer, vars: StatusChangeVars) => void) {
  return useMutation(changeTicketStatus, handlers(onDone));
}
