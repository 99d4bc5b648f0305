/**
 * The shapes of the API reference (design.md#api-reference), as JSON Schema 2020-12 inside OpenAPI 3.1.
 * Enums, limits and messages come from src/shared, so the reference cannot drift from the rules.
 */
import { APPS, AUDIT_KINDS, BULK_ACTIONS, BULK_MAX_TICKETS, COMMENT_LIMITS, CREATABLE_ROLES, LIMITS, LOG_ACTIONS, PRIORITIES, REPORT_GROUPS, ROLES, SKIP_REASONS, STATUSES } from '../../shared/index.ts';

export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const text = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const id: Schema = { type: 'integer', minimum: 1 };
const time: Schema = text({ format: 'date-time' });
const list = (items: Schema): Schema => ({ type: 'array', items });
const object = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({ type: 'object', properties, required });

/** `{message?, data}` around a value (design.md#api). */
export const envelope = (data: Schema): Schema => object({ message: text(), data }, ['data']);
/** `{message?, data: {list}}` around a list's items. */
export const listEnvelope = (items: Schema): Schema => envelope(object({ list: list(items) }));

const ticketFields: Record<string, Schema> = {
  title: text({ minLength: LIMITS.titleMinCreate, maxLength: LIMITS.textMax }),
  description: text({ minLength: LIMITS.descriptionMin, maxLength: LIMITS.descriptionMax }),
  priority: { enum: [...PRIORITIES] },
  category_id: id,
  service_id: id,
  app: { enum: [...APPS] },
  link: nullable('string', { maxLength: LIMITS.linkMax }),
  image: nullable('string', { description: `A data: URL of a PNG, JPEG, GIF or WebP image of at most ${LIMITS.imageMaxBytes} bytes.` }),
  due_date: nullable('string', { format: 'date', description: 'YYYY-MM-DD; empty or null for none.' }),
};

const queryFilter: Record<string, Schema> = {
  q: text(),
  status: { oneOf: [text(), list(text())] },
  app: { oneOf: [text(), list(text())] },
  priority: { oneOf: [text(), list(text())] },
  category_id: id,
  service_id: id,
  created_by_id: id,
  developer_id: { oneOf: [id, { const: 'none' }] },
  sla: { oneOf: [text(), list(text())] },
};

export const SCHEMAS: Record<string, Schema> = {
  Error: {
    ...object({ message: text(), errors: { type: 'object', additionalProperties: list(text()), description: 'Only on a 422: each field with its messages.' } }, ['message']),
    description: 'Every refusal (design.md#errors-envelope). `message` is what the client shows; on a 422 it is the first field\'s message.',
  },
  Message: object({ message: text() }),
  User: object({
    id,
    first_name: text(),
    last_name: text(),
    email: text({ format: 'email' }),
    role: { enum: [...ROLES] },
    last_seen: nullable('string', { format: 'date-time' }),
    source: { enum: ['password', 'directory'], description: 'A directory account has no password: it signs in through the directory, and its password cannot be changed here.' },
  }),
  SignIn: object({ user: ref('User'), authorization: object({ token: text(), type: { const: 'bearer' } }) }),
  Ticket: object(
    {
      id,
      number: text({ pattern: '^TCK-\\d{6,}$' }),
      ...ticketFields,
      category: text(),
      service: text(),
      has_image: { type: 'boolean' },
      comment_count: { type: 'integer', minimum: 0 },
      status: { enum: [...STATUSES] },
      created_by: text(),
      created_by_id: nullable('integer'),
      developer: { oneOf: [object({ id: nullable('integer'), name: text() }), { type: 'null' }] },
      created_at: time,
      updated_at: time,
      watching: { type: 'boolean', description: 'Detail answers only: whether the caller watches the ticket.' },
      watchers: { ...list(ref('Watcher')), description: 'Detail answers only: who watches it.' },
      sla: ref('TicketSla'),
    },
    ['id', 'number', 'title', 'description', 'priority', 'category_id', 'service_id', 'app', 'link', 'category', 'service', 'has_image', 'status', 'created_by', 'created_by_id', 'developer', 'created_at', 'updated_at', 'sla'],
  ),
  TicketInput: { ...object(ticketFields, ['title', 'description', 'priority', 'category_id', 'service_id', 'app']), description: 'The ticket fields (product.md#ticket-fields).' },
  TicketEdit: { ...object(ticketFields, []), description: 'Only the fields that change.' },
  TicketPage: object(
    {
      list: list(ref('Ticket')),
      next_cursor: nullable('string'),
      total: { type: 'integer' },
      total_capped: { type: 'boolean', const: true, description: 'Present when a text search found more than 10,000 tickets: `total` is then 10,000.' },
    },
    ['list', 'next_cursor', 'total'],
  ),
  TicketStats: object({
    total: { type: 'integer' },
    status: object(Object.fromEntries(STATUSES.map((status) => [status, { type: 'integer' }]))),
    unassigned: { type: 'integer' },
    sla: object({ due_soon: { type: 'integer' }, breached: { type: 'integer' } }),
  }),
  TicketLogEntry: object({
    id,
    name: text(),
    action: { enum: [...LOG_ACTIONS] },
    assigned_at: nullable('string', { format: 'date-time' }),
    closed_at: nullable('string', { format: 'date-time' }),
    opened_at: nullable('string', { format: 'date-time' }),
    unassigned_at: nullable('string', { format: 'date-time' }),
    created_at: time,
    assignee: nullable('string', { description: "The developer an 'assigned' entry gave the ticket to (their first name); null on other entries and on assignments logged before the field." }),
  }),
  Category: object({ id, name: text() }),
  Service: object({ id, name: text(), app: { enum: [...APPS] } }),
  Comment: object({
    id,
    ticket_id: id,
    author: object({ id: nullable('integer'), name: text(), role: { enum: [...ROLES] } }),
    body: text({ minLength: COMMENT_LIMITS.bodyMin, maxLength: COMMENT_LIMITS.bodyMax }),
    created_at: time,
    edited_at: nullable('string', { format: 'date-time' }),
  }),
  Report: object({
    per_day: list(object({ date: text({ format: 'date' }), created: { type: 'integer' }, closed: { type: 'integer' }, backlog: { type: 'integer' } })),
    time_to_assign: ref('Percentiles'),
    time_to_close: ref('Percentiles'),
    groups: list(object({ key: text(), label: text(), created: { type: 'integer' }, closed: { type: 'integer' }, open: { type: 'integer' }, median_close_hours: nullable('number'), sla_met_share: nullable('number', { minimum: 0, maximum: 1 }) })),
  }),
  Percentiles: { ...object({ p50: nullable('number'), p90: nullable('number') }), description: 'Hours; null when nothing was measured.' },
  BulkRequest: {
    type: 'object',
    properties: {
      action: { enum: [...BULK_ACTIONS] },
      ids: { oneOf: [list({ oneOf: [text({ maxLength: 30 }), id] }), { type: 'null' }], maxItems: BULK_MAX_TICKETS },
      filter: { oneOf: [{ type: 'object', properties: queryFilter, additionalProperties: false }, { type: 'null' }] },
      developer_id: { ...id, description: 'Only with `assign`.' },
    },
    required: ['action'],
    description: `Exactly one of ids and filter; at most ${BULK_MAX_TICKETS} tickets.`,
  },
  BulkResult: object({ changed: list(text()), skipped: list(object({ number: text(), reason: { enum: Object.values(SKIP_REASONS) } })) }),
  BackupState: object({
    scheduled: { type: 'boolean' },
    dir: nullable('string'),
    every_hours: { type: 'number' },
    keep: { type: 'integer' },
    last_success: { oneOf: [object({ at: time, file: text(), bytes: { type: 'integer' }, ms: { type: 'number' } }), { type: 'null' }] },
    failure: { oneOf: [object({ at: time, message: text() }), { type: 'null' }] },
  }),
  AuditEntry: object({
    id: { type: 'integer' },
    at: time,
    actor: object({ id: { type: 'integer' }, name: text() }),
    address: text(),
    kind: { enum: [...AUDIT_KINDS] },
    target: object({ id: { type: ['integer', 'null'] }, label: text() }),
    before: { type: ['object', 'null'] },
    after: { type: ['object', 'null'] },
  }),
  NewAccount: object({
    first_name: text({ minLength: LIMITS.nameMin }),
    last_name: text({ minLength: LIMITS.nameMin }),
    email: text({ format: 'email' }),
    role: { enum: [...CREATABLE_ROLES] },
    password: text({ minLength: LIMITS.accountPasswordMin }),
  }),
  ReportGroup: { enum: [...REPORT_GROUPS] },
};
