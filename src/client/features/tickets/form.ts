/** The ticket form's state and what it turns into: the create payload and the edit diff. */
import type { AppName, Priority } from '../../../shared/constants.ts';
import type { Ticket } from '../../../shared/types.ts';
import type { NewTicket, TicketChanges } from './api.ts';

/** Select values are strings; ids become numbers only on the way out. */
export interface TicketFormValues {
  app: AppName | '';
  service: string;
  service_id: string;
  category: string;
  category_id: string;
  priority: Priority | '';
  title: string;
  description: string;
  link: string;
  image: string;
}

export const EMPTY_FORM: TicketFormValues = {
  app: '',
  service: '',
  service_id: '',
  category: '',
  category_id: '',
  priority: '',
  title: '',
  description: '',
  link: '',
  image: '',
};

export function formFromTicket(ticket: Ticket): TicketFormValues {
  return {
    app: ticket.app,
    service: ticket.service,
    service_id: String(ticket.service_id),
    category: ticket.category,
    category_id: String(ticket.category_id),
    priority: ticket.priority,
    title: ticket.title,
    description: ticket.description,
    link: ticket.link ?? '',
    image: ticket.image ?? '',
  };
}

/** What the form says, in the API's shape (validators read the same shape). */
export function toPayload(values: TicketFormValues): NewTicket {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    priority: values.priority as Priority,
    category_id: Number(values.category_id) || 0,
    service_id: Number(values.service_id) || 0,
    app: values.app as AppName,
    link: values.link.trim() || null,
    image: values.image || null,
  };
}

/** product.md#validation-ticket: only fields that differ from the loaded ticket are submitted. */
export function changedFields(ticket: Ticket, values: TicketFormValues): TicketChanges {
  const next = toPayload(values);
  const changes: TicketChanges = {};
  if (next.title !== ticket.title) changes.title = next.title;
  if (next.description !== ticket.description) changes.description = next.description;
  if (next.priority !== ticket.priority) changes.priority = next.priority;
  if (next.app !== ticket.app) changes.app = next.app;
  if (next.category_id !== ticket.category_id) Object.assign(changes, { category_id: next.category_id, category: values.category });
  if (next.service_id !== ticket.service_id) Object.assign(changes, { service_id: next.service_id, service: values.service });
  if (next.link !== (ticket.link || null)) changes.link = next.link;
  if (next.image !== (ticket.image || null)) changes.image = next.image;
  return changes;
}
