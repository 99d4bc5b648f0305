/** The ticket form's state and what it turns into: the create payload and the edit diff. */
import type { AppName, Priority } from '../../../shared/constants.ts';
import { EXTRA_FIELD_NAMES, TICKET_INPUT_FIELDS, toExtraValues, type ExtraFieldName, type TicketInputField } from '../../../shared/ticketFields.ts';
import type { Ticket } from '../../../shared/types.ts';
import type { NewTicket, TicketChanges } from '../../api/ticketChange.ts';

/** Select values are strings; ids become numbers only on the way out. Our own fields are text ('' for none). */
export interface TicketFormValues extends Record<ExtraFieldName, string> {
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

const extraValues = (of: (field: ExtraFieldName) => string | null) =>
  Object.fromEntries(EXTRA_FIELD_NAMES.map((field) => [field, of(field) ?? ''])) as Record<ExtraFieldName, string>;

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
  ...extraValues(() => ''),
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
    ...extraValues((field) => ticket[field]),
  };
}

/** A ticket draft without its image: what is stored when the image does not fit in storage. */
export function withoutImage(values: TicketFormValues): Partial<TicketFormValues> {
  const { image: _image, ...rest } = values;
  return rest;
}

/** The draft names of the ticket forms (lib/draft.ts). */
export const DRAFTS = {
  create: 'create-ticket',
  edit: (number: string) => `edit-ticket:${number}`,
};

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
    ...toExtraValues({ ...values }),
  };
}

/** The loaded ticket's value of an input field, as the form would send it (empty is null). */
function current(ticket: Ticket, field: TicketInputField): unknown {
  const value = ticket[field];
  return value === undefined || value === '' ? null : value;
}

/**
 * product.md#validation-ticket: only fields that differ from the loaded ticket are submitted.
 * Every input field is compared, so a field added to TICKET_INPUT_FIELDS is sent without more code.
 */
export function changedFields(ticket: Ticket, values: TicketFormValues): TicketChanges {
  const next = toPayload(values);
  const changes: Record<string, unknown> = {};
  for (const field of TICKET_INPUT_FIELDS) if (next[field] !== current(ticket, field)) changes[field] = next[field];
  // The names travel with their ids, as the form picked them.
  if ('category_id' in changes) changes.category = values.category;
  if ('service_id' in changes) changes.service = values.service;
  return changes as TicketChanges;
}
