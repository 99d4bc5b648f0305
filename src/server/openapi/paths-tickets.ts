/** Tickets, the work queue, reports and bulk actions (product.md#calls, design.md#work-queue-api). */
import { APPS, FILTER_PARAMS, PAGE_PARAMS, PAGE_SIZE, PRIORITIES, REPORT_MAX_DAYS, SEARCH_MAX_CHARS, SLA_FILTERS, SORTS, STATUSES } from '../../shared/index.ts';
import type { OperationSpec, QueryParam } from './describe.ts';
import { envelope, listEnvelope, ref } from './schemas.ts';

const TAG = 'Tickets';
const commaList = (values: readonly string[]) => ({ type: 'string', description: `Comma-separated: ${values.join(', ')}.` });
const idParam = { type: 'integer', minimum: 1 };

const QUERY: Record<string, QueryParam> = {
  q: { schema: { type: 'string', maxLength: SEARCH_MAX_CHARS }, description: 'Words, each matched as a prefix; a number finds its ticket.' },
  status: { schema: commaList([...STATUSES, 'reopened']) },
  app: { schema: commaList(APPS) },
  priority: { schema: commaList(PRIORITIES) },
  category_id: { schema: idParam },
  service_id: { schema: idParam },
  created_by_id: { schema: idParam },
  developer_id: { schema: { oneOf: [idParam, { const: 'none' }] }, description: "A developer's id, or `none` for tickets without one." },
  sla: { schema: commaList(SLA_FILTERS), description: 'Service-level states (design.md#service-levels).' },
  due_before: { schema: { type: 'string', format: 'date' }, description: 'Tickets due before this day; with today and open work, the overdue ones.' },
  sort: { schema: { enum: SORTS, default: 'newest' } },
  limit: { schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE.max, default: PAGE_SIZE.default } },
  cursor: { schema: { type: 'string' }, description: 'The `next_cursor` of the previous page.' },
};
const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, QUERY[name]!]));

/** A ticket's number (TCK-000042, any case) or its id. */
export const TICKET_REF = { id: { type: 'string', description: 'The ticket number (TCK-000042, any case) or its numeric id.' } };

const wholeListOrPage = {
  description: 'Without parameters the whole list (streamed, newest first); with any work-queue parameter one page.',
  schema: { oneOf: [listEnvelope(ref('Ticket')), envelope(ref('TicketPage'))] },
};

export const TICKET_OPERATIONS: OperationSpec[] = [
  { method: 'GET', path: '/tickets', operationId: 'listTickets', summary: 'Every ticket, or one page of the work queue', tag: TAG, query: pick(PAGE_PARAMS), ok: wholeListOrPage, refusals: [422, 503] },
  { method: 'GET', path: '/tickets/myTickets', operationId: 'listMyTickets', summary: 'The tickets the caller created or is assigned to', tag: TAG, query: pick(PAGE_PARAMS), ok: wholeListOrPage, refusals: [422, 503] },
  { method: 'GET', path: '/tickets/stats', operationId: 'ticketStats', summary: 'Counts by status, and open work without a developer', tag: TAG, query: pick(FILTER_PARAMS), ok: { description: 'The counts.', schema: envelope(ref('TicketStats')) }, refusals: [422] },
  {
    method: 'GET',
    path: '/tickets/export.csv',
    operationId: 'exportTickets',
    summary: 'The matching tickets as CSV',
    description: 'Streamed; cells that a spreadsheet would read as a formula are quoted and defused.',
    tag: TAG,
    query: pick([...FILTER_PARAMS, 'sort']),
    ok: { description: 'CSV with a header row, as an attachment.', content: { 'text/csv': { schema: { type: 'string' } } } },
    refusals: [422, 503],
  },
  {
    method: 'GET',
    path: '/tickets/report',
    operationId: 'ticketReport',
    summary: 'Created, closed and open per day, time to assign and close, per group (super)',
    tag: 'Reports',
    query: {
      from: { schema: { type: 'string', format: 'date' }, required: true, description: 'First UTC day.' },
      to: { schema: { type: 'string', format: 'date' }, required: true, description: `Last UTC day, at most ${REPORT_MAX_DAYS} days after from.` },
      group: { schema: { ...ref('ReportGroup'), default: 'category' } },
    },
    ok: { description: 'The report.', schema: envelope(ref('Report')) },
    refusals: [403, 422],
  },
  {
    method: 'POST',
    path: '/tickets/bulk',
    operationId: 'bulkAction',
    summary: 'One action on up to 500 tickets, each checked like a single change',
    tag: TAG,
    body: ref('BulkRequest'),
    jsonOnly: true,
    ok: { description: 'What changed and what was skipped, summed up in `message`.', schema: envelope(ref('BulkResult')) },
  },
  { method: 'GET', path: '/tickets/{id}', operationId: 'getTicket', summary: 'One ticket, its image included', tag: TAG, pathParams: TICKET_REF, ok: { description: 'The ticket.', schema: envelope(ref('Ticket')) }, refusals: [404] },
  {
    method: 'GET',
    path: '/tickets/{id}/image',
    operationId: 'getTicketImage',
    summary: "The ticket's image as bytes of its own type",
    tag: TAG,
    pathParams: TICKET_REF,
    ok: { description: 'The image.', content: Object.fromEntries(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) },
    refusals: [404],
  },
  { method: 'GET', path: '/activity-log/{id}', operationId: 'getActivityLog', summary: "The ticket's activity log", tag: TAG, pathParams: TICKET_REF, ok: { description: 'The log, oldest first.', schema: listEnvelope(ref('TicketLogEntry')) }, refusals: [404] },
  { method: 'POST', path: '/tickets', operationId: 'createTicket', summary: 'Opens a ticket (super, support)', tag: TAG, body: ref('TicketInput'), ok: { status: 201, description: 'The ticket.', schema: envelope(ref('Ticket')) }, refusals: [403] },
  {
    method: 'PATCH',
    path: '/tickets/{id}',
    operationId: 'changeTicketStatus',
    summary: 'Assign, remove the developer, close or reopen',
    description: '`{status: "assigned", developer_id}` assigns (`developer_id: null` removes the developer); `closed` closes; `opened` reopens (a developer: gives back a ticket assigned to them).',
    tag: TAG,
    pathParams: TICKET_REF,
    body: { type: 'object', properties: { status: { enum: [...STATUSES] }, developer_id: { type: ['integer', 'null'] } }, required: ['status'] },
    ok: { description: 'The ticket after the change.', schema: envelope(ref('Ticket')) },
    refusals: [403, 404, 409],
  },
  {
    method: 'PATCH',
    path: '/tickets/{id}/edit',
    operationId: 'editTicket',
    summary: "Changes the ticket's fields (its creator, while opened)",
    tag: TAG,
    pathParams: TICKET_REF,
    body: ref('TicketEdit'),
    ok: { description: 'The ticket after the change.', schema: envelope(ref('Ticket')) },
    refusals: [403, 404, 409],
  },
];
