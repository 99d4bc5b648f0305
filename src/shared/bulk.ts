/**
 * Bulk actions on the work queue (design.md#bulk-actions): what `POST /tickets/bulk` takes, why a ticket is
 * skipped, and the sentence that sums up the result. The server answers with that sentence and the
 * client shows it, so both say the same thing.
 */
import { FILTER_PARAMS, parseTicketQuery, type TicketFilters } from './workQueue.ts';
import { toId, type FieldErrors } from './validators.ts';
import type { Role } from './constants.ts';

/** At most this many tickets are touched by one bulk action; more is refused, never cut short. */
export const BULK_MAX_TICKETS = 500;

export const BULK_ACTIONS = ['assign', 'remove_developer', 'close', 'reopen'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The actions a role may ever take (design.md#permissions); whether each ticket allows it is still the server's
 * call, ticket by ticket. A developer may assign only themselves, which a bulk picker doesn't offer.
 */
export const BULK_ACTIONS_BY_ROLE: Record<Role, readonly BulkAction[]> = {
  super: ['assign', 'remove_developer', 'close', 'reopen'],
  support: ['close', 'reopen'],
  developer: ['close'],
};

/** What each action is called on its button, in the confirmation's question, and in the result. */
export const BULK_ACTION_LABELS: Record<BulkAction, { button: string; verb: string; done: string }> = {
  assign: { button: 'Assign', verb: 'Assign', done: 'assigned' },
  remove_developer: { button: 'Remove developer', verb: 'Remove the developer from', done: 'unassigned' },
  close: { button: 'Close', verb: 'Close', done: 'closed' },
  reopen: { button: 'Reopen', verb: 'Reopen', done: 'reopened' },
};

/** Why a ticket was left as it was. */
export const SKIP_REASONS = {
  notFound: 'not found',
  notAllowed: 'not allowed',
  alreadyClosed: 'already closed',
  notClosed: 'not closed',
  closed: 'closed',
  alreadyAssigned: 'already assigned',
  notAssigned: 'not assigned',
  noDeveloper: 'no developer',
} as const;
export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];

export const BULK_MESSAGES = {
  body: 'The request must be a JSON object.',
  action: 'action must be assign, remove_developer, close or reopen.',
  target: 'Give either ids or filter, not both.',
  ids: 'ids must be a list of ticket numbers or ids.',
  idsEmpty: 'Choose at least one ticket.',
  idsDuplicate: 'ids names a ticket more than once.',
  tooMany: `A bulk action takes at most ${BULK_MAX_TICKETS} tickets.`,
  filter: 'filter must be an object of work-queue filters (q, status, app, priority, category_id, service_id, created_by_id, developer_id, sla, due_before).',
  filterTooMany: (total: number) =>
    `The filter matches ${total} tickets; a bulk action takes at most ${BULK_MAX_TICKETS}. Narrow the filter and try again.`,
  developer: 'Developer must be selected.',
} as const;

export interface BulkRequest {
  action: BulkAction;
  /** Ticket numbers (TCK-000042) or numeric ids; exactly one of ids and filter is given. */
  ids: (string | number)[] | null;
  filter: TicketFilters | null;
  developer_id?: number;
}

export interface BulkSkip {
  number: string;
  reason: SkipReason;
}

/** `POST /tickets/bulk` under `data`. */
export interface BulkResult {
  changed: string[];
  skipped: BulkSkip[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRef = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && value.length <= 30) || toId(value) !== undefined;

/** A filter object as the work queue's query string reads it, so it means exactly what the list showed. */
function readFilter(raw: Record<string, unknown>): { filter?: TicketFilters; error?: string } {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    if (!(FILTER_PARAMS as readonly string[]).includes(name)) return { error: BULK_MESSAGES.filter };
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) return { error: BULK_MESSAGES.filter };
    params.set(name, values.join(','));
  }
  const { query, errors } = parseTicketQuery(params, FILTER_PARAMS);
  const first = Object.values(errors)[0];
  return first ? { error: first } : { filter: query };
}

/** Checks a request body; errors name the field at fault, and nothing is done when there are any. */
export function parseBulkRequest(body: unknown): { request?: BulkRequest; errors: FieldErrors } {
  if (!isObject(body)) return { errors: { body: BULK_MESSAGES.body } };
  const action = body.action;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action)) return { errors: { action: BULK_MESSAGES.action } };
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasFilter = body.filter !== undefined && body.filter !== null;
  if (hasIds === hasFilter) return { errors: { ids: BULK_MESSAGES.target } };

  const request: BulkRequest = { action: action as BulkAction, ids: null, filter: null };
  if (hasIds) {
    const ids = body.ids;
    if (!Array.isArray(ids) || !ids.every(isRef)) return { errors: { ids: BULK_MESSAGES.ids } };
    if (ids.length === 0) return { errors: { ids: BULK_MESSAGES.idsEmpty } };
    if (ids.length > BULK_MAX_TICKETS) return { errors: { ids: BULK_MESSAGES.tooMany } };
    const keys = ids.map((id) => String(id).trim().toUpperCase());
    if (new Set(keys).size !== keys.length) return { errors: { ids: BULK_MESSAGES.idsDuplicate } };
    request.ids = ids as (string | number)[];
  } else {
    if (!isObject(body.filter)) return { errors: { filter: BULK_MESSAGES.filter } };
    const { filter, error } = readFilter(body.filter);
    if (error) return { errors: { filter: error } };
    request.filter = filter!;
  }
  if (action === 'assign') {
    const developerId = toId(body.developer_id);
    if (developerId === undefined) return { errors: { developer_id: BULK_MESSAGES.developer } };
    request.developer_id = developerId;
  }
  return { request, errors: {} };
}

/** "12 closed", "12 closed, 1 skipped: already closed", "3 closed, 3 skipped: 2 already closed, 1 not allowed". */
export function bulkSummary(action: BulkAction, result: BulkResult): string {
  const done = `${result.changed.length} ${BULK_ACTION_LABELS[action].done}`;
  if (result.skipped.length === 0) return done;
  const counts = new Map<string, number>();
  for (const { reason } of result.skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const reasons = counts.size === 1 ? [...counts.keys()] : [...counts].map(([reason, n]) => `${n} ${reason}`);
  return `${done}, ${result.skipped.length} skipped: ${reasons.join(', ')}`;
}

/** The confirmation's question: "Close 12 tickets?". */
export function bulkQuestion(action: BulkAction, count: number): string {
  return `${BULK_ACTION_LABELS[action].verb} ${count} ${count === 1 ? 'ticket' : 'tickets'}?`;
}
