/**
 * The audit log (design.md#audit-log): what a super changed, as `GET /audit` answers it and
 * `/admin/audit` shows it. Its query is parsed here for the server and written here for the
 * client, like the work queue's, so the two never disagree on a name or a value.
 */
import type { BulkAction } from './bulk.ts';
import { dayStart } from './report.ts';
import type { FieldErrors } from './validators.ts';
import { PAGE_SIZE } from './workQueue.ts';

/** What each kind of change is called on screen; the key is stored, `group.change`. */
export const AUDIT_KIND_LABELS = {
  'account.created': 'Account created',
  'account.updated': 'Profile updated',
  'account.password_changed': 'Own password changed',
  'account.password_reset': 'Password reset',
  'account.deleted': 'Account deleted',
  'category.created': 'Category created',
  'category.renamed': 'Category renamed',
  'category.deleted': 'Category deleted',
  'service.created': 'Service created',
  'service.updated': 'Service updated',
  'service.deleted': 'Service deleted',
  'tickets.bulk_assign': 'Bulk assign',
  'tickets.bulk_remove_developer': 'Bulk remove developer',
  'tickets.bulk_close': 'Bulk close',
  'tickets.bulk_reopen': 'Bulk reopen',
  'setting.sla': 'Service levels changed',
  'view.created': 'Shared view created',
  'view.renamed': 'Shared view renamed',
  'view.deleted': 'Shared view deleted',
  'reply.created': 'Canned reply created',
  'reply.updated': 'Canned reply updated',
  'reply.deleted': 'Canned reply deleted',
} as const satisfies Record<string, string> & Record<`tickets.bulk_${BulkAction}`, string>;
export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];

/** A `kind` filter may name a whole group: `account` is every `account.*`. */
export const AUDIT_GROUP_LABELS = {
  account: 'Accounts',
  category: 'Categories',
  service: 'Services',
  tickets: 'Bulk ticket changes',
  setting: 'Settings',
  view: 'Shared views',
  reply: 'Canned replies',
} as const;
export type AuditGroup = keyof typeof AUDIT_GROUP_LABELS;
export const AUDIT_GROUPS = Object.keys(AUDIT_GROUP_LABELS) as AuditGroup[];

export const AUDIT_KEEP_DAYS_DEFAULT = 365;

/** One change, as the API answers it. `before`/`after` are the changed thing's fields (never a password), null where it did not exist. */
export interface AuditEntry {
  id: number;
  at: string;
  /** The super who made the change; the name as it was then. */
  actor: { id: number; name: string };
  /** The client address the change came from. */
  address: string;
  kind: AuditKind;
  /** What was changed: its id (null for a bulk change) and a label as it was then. */
  target: { id: number | null; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditFilters {
  actor_id?: number;
  /** A kind, or a group of kinds. */
  kind?: AuditKind | AuditGroup;
  /** First UTC day, YYYY-MM-DD, included. */
  from?: string;
  /** Last UTC day, YYYY-MM-DD, included. */
  to?: string;
}

export interface AuditQuery extends AuditFilters {
  /** @default 50 */
  limit?: number;
  cursor?: string;
}

/** `GET /audit` under `data`: newest first. */
export interface AuditPage {
  list: AuditEntry[];
  next_cursor: string | null;
  total: number;
}

export const AUDIT_FILTER_PARAMS = ['actor_id', 'kind', 'from', 'to'] as const;
export const AUDIT_PARAMS = [...AUDIT_FILTER_PARAMS, 'limit', 'cursor'] as const;

export const AUDIT_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${PAGE_SIZE.max}.`,
  cursor: 'cursor is not valid for this list; start again from the first page.',
  actor_id: 'actor_id must be a user id.',
  kind: `kind must be one of ${AUDIT_GROUPS.join(', ')} or a kind such as account.created.`,
  from: 'from must be a date written YYYY-MM-DD.',
  to: 'to must be a date written YYYY-MM-DD.',
  order: 'to must be the same day as from or later.',
} as const;

const ID = /^\d{1,15}$/;

const isKindFilter = (value: string): value is AuditKind | AuditGroup =>
  (AUDIT_KINDS as readonly string[]).includes(value) || (AUDIT_GROUPS as readonly string[]).includes(value);

/** Reads a query string; unknown names are ignored, unusable values are errors. */
export function parseAuditQuery(params: URLSearchParams): { query: AuditQuery; errors: FieldErrors } {
  const query: AuditQuery = {};
  const errors: FieldErrors = {};
  const get = (name: string) => params.get(name)?.trim() ?? '';

  const limit = get('limit');
  if (limit) {
    const n = ID.test(limit) ? Number(limit) : NaN;
    if (n >= 1 && n <= PAGE_SIZE.max) query.limit = n;
    else errors.limit = AUDIT_MESSAGES.limit;
  }
  if (get('cursor')) query.cursor = get('cursor');
  const actor = get('actor_id');
  if (actor) {
    if (ID.test(actor) && Number(actor) >= 1) query.actor_id = Number(actor);
    else errors.actor_id = AUDIT_MESSAGES.actor_id;
  }
  const kind = get('kind').toLowerCase();
  if (kind) {
    if (isKindFilter(kind)) query.kind = kind;
    else errors.kind = AUDIT_MESSAGES.kind;
  }
  for (const name of ['from', 'to'] as const) {
    const day = get(name);
    if (!day) continue;
    if (Number.isNaN(dayStart(day))) errors[name] = AUDIT_MESSAGES[name];
    else query[name] = day;
  }
  if (query.from && query.to && query.to < query.from) errors.to = AUDIT_MESSAGES.order;
  return { query, errors };
}

/** The canonical query string (fixed order, empties left out), without '?'. */
export function auditQueryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_PARAMS) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
