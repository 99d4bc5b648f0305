/**
 * The work queue's query (design.md#work-queue-api): which tickets, in what order, how many. The server
 * parses it from the API's query string; the client keeps it in the page URL and sends it on.
 * One parser and one writer, so the two can never disagree on a name or a value.
 */
import { APPS, PRIORITIES, STATUSES, type AppName, type Priority } from './constants.ts';
import { EXTRA_SORTS, isDueDate, type ExtraSort } from './ticketFields.ts';
import type { FieldErrors } from './validators.ts';
import type { Ticket } from './types.ts';

/** The service-level states a list can ask for. */
export const SLA_FILTERS = ['due_soon', 'breached'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

const PRODUCT_SORT_LABELS = {
  newest: 'Newest',
  oldest: 'Oldest',
  priority: 'Priority',
  updated: 'Recently updated',
} as const;
export type Sort = keyof typeof PRODUCT_SORT_LABELS | ExtraSort;
export const SORT_LABELS = {
  ...PRODUCT_SORT_LABELS,
  ...Object.fromEntries(EXTRA_SORTS.map((sort) => [sort.name, sort.label])),
} as Record<Sort, string>;
export const SORTS = Object.keys(SORT_LABELS) as Sort[];

/** Stored statuses; 'reopened' (product.md#limits: a filter word) is accepted and means opened. */
export type StoredStatus = (typeof STATUSES)[number];

export const PAGE_SIZE = { default: 50, max: 200 } as const;
/** Longer searches are refused: nobody types this much, and FTS work grows with it. */
export const SEARCH_MAX_CHARS = 200;
/** Page items carry at most this much of the description. */
export const LIST_DESCRIPTION_CHARS = 200;

export interface TicketFilters {
  /** Words: every one must match (prefix, case- and accent-insensitive); a number finds its ticket. */
  q?: string;
  status?: StoredStatus[];
  app?: AppName[];
  priority?: Priority[];
  category_id?: number;
  service_id?: number;
  created_by_id?: number;
  /** A developer's id, or 'none' for tickets without a developer. */
  developer_id?: number | 'none';
  /** Service-level states (design.md#service-levels): due soon, breached, or both. */
  sla?: SlaFilter[];
  /** A day `YYYY-MM-DD`: tickets due before it. With today and open work it is the "Overdue" filter (product.md#due-date). */
  due_before?: string;
}

export interface TicketQuery extends TicketFilters {
  /** @default 50 */
  limit?: number;
  /** The `next_cursor` of the previous page. */
  cursor?: string;
  /** @default 'newest' */
  sort?: Sort;
}

/**
 * A text search counts its matches up to this many (docs/design.md#work-queue-api): past it, a word
 * most tickets hold, nobody reads the exact figure, and counting it read every match after each write.
 */
export const SEARCH_COUNT_CAP = 10_000;

/** What a page answer carries under `data`. */
export interface TicketPage {
  list: Ticket[];
  next_cursor: string | null;
  total: number;
  /** Present (true) when a text search found more than SEARCH_COUNT_CAP: `total` is then the cap. */
  total_capped?: true;
}

/** A page's total as people read it: "10,000+" when the search stopped counting. */
export const pageTotalLabel = (page: Pick<TicketPage, 'total' | 'total_capped'>, shown: number) =>
  page.total_capped ? `${SEARCH_COUNT_CAP.toLocaleString('en')}+` : String(Math.max(page.total, shown));

/** `GET /tickets/stats` under `data`. `unassigned` counts open work (not closed) without a developer. */
export interface TicketStats {
  total: number;
  status: Record<StoredStatus, number>;
  unassigned: number;
  /** Tickets due soon and breached (design.md#service-levels); 0 while SLA is off. */
  sla?: Record<SlaFilter, number>;
}

export const FILTER_PARAMS = ['q', 'status', 'app', 'priority', 'category_id', 'service_id', 'created_by_id', 'developer_id', 'sla', 'due_before'] as const;
export const PAGE_PARAMS = [...FILTER_PARAMS, 'sort', 'limit', 'cursor'] as const;

export const QUERY_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${PAGE_SIZE.max}.`,
  cursor: 'cursor is not valid for this list; start again from the first page.',
  q: `Search must be at most ${SEARCH_MAX_CHARS} characters.`,
  status: 'status must be opened, assigned or closed.',
  app: 'app must be shaq_app or shaq_express.',
  priority: 'priority must be low, medium or high.',
  id: 'must be a ticket, user, category or service id.',
  developer_id: 'developer_id must be an id or none.',
  sla: 'sla must be due_soon or breached.',
  due_before: 'due_before must be a date (YYYY-MM-DD).',
  sort: `sort must be ${SORTS.slice(0, -1).join(', ')} or ${SORTS.at(-1)}.`,
  invalid: 'The list parameters are not valid.',
} as const;

/** True when the query string names any work-queue parameter: the API then answers a page. */
export const asksForPage = (params: URLSearchParams) => PAGE_PARAMS.some((name) => params.has(name));

const ID = /^\d{1,15}$/;

function list<T extends string>(raw: string | null, allowed: readonly T[], alias: Record<string, T> = {}): T[] | undefined | null {
  if (raw === null || raw.trim() === '') return undefined;
  const values = raw.split(',').map((v) => v.trim().toLowerCase()).map((v) => alias[v] ?? v);
  if (!values.every((v) => (allowed as readonly string[]).includes(v))) return null;
  return [...new Set(values as T[])];
}

/**
 * Reads a query string; unknown names are ignored, unknown values are errors.
 * @param params the URL's search params
 * @param names which parameters to read @default PAGE_PARAMS
 */
export function parseTicketQuery(params: URLSearchParams, names: readonly string[] = PAGE_PARAMS): { query: TicketQuery; errors: FieldErrors } {
  const query: TicketQuery = {};
  const errors: FieldErrors = {};
  const get = (name: string) => (names.includes(name) ? params.get(name) : null);

  const limit = get('limit');
  if (limit !== null) {
    const n = ID.test(limit.trim()) ? Number(limit) : NaN;
    if (n >= 1 && n <= PAGE_SIZE.max) query.limit = n;
    else errors.limit = QUERY_MESSAGES.limit;
  }
  const cursor = get('cursor');
  if (cursor) query.cursor = cursor;
  const q = get('q');
  if (q !== null && q.trim() !== '') {
    if (q.length > SEARCH_MAX_CHARS) errors.q = QUERY_MESSAGES.q;
    else query.q = q.trim();
  }
  const enums = [
    ['status', STATUSES, { reopened: 'opened' }],
    ['app', APPS, {}],
    ['priority', PRIORITIES, {}],
    ['sla', SLA_FILTERS, {}],
  ] as const;
  for (const [name, allowed, alias] of enums) {
    const values = list<string>(get(name), allowed, alias);
    if (values === null) errors[name] = QUERY_MESSAGES[name];
    else if (values) (query as Record<string, unknown>)[name] = values;
  }
  for (const name of ['category_id', 'service_id', 'created_by_id'] as const) {
    const raw = get(name);
    if (raw === null || raw.trim() === '') continue;
    if (ID.test(raw.trim()) && Number(raw) >= 1) query[name] = Number(raw);
    else errors[name] = `${name} ${QUERY_MESSAGES.id}`;
  }
  const developer = get('developer_id')?.trim().toLowerCase();
  if (developer === 'none') query.developer_id = 'none';
  else if (developer && ID.test(developer) && Number(developer) >= 1) query.developer_id = Number(developer);
  else if (developer) errors.developer_id = QUERY_MESSAGES.developer_id;
  const dueBefore = get('due_before')?.trim();
  if (dueBefore && isDueDate(dueBefore)) query.due_before = dueBefore;
  else if (dueBefore) errors.due_before = QUERY_MESSAGES.due_before;
  const sort = get('sort')?.trim().toLowerCase();
  if (sort && (SORTS as readonly string[]).includes(sort)) query.sort = sort as Sort;
  else if (sort) errors.sort = QUERY_MESSAGES.sort;
  return { query, errors };
}

/** The canonical query string (fixed order, defaults and empties left out), without '?'. */
export function ticketQueryString(query: TicketQuery): string {
  const params = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = query[name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (name === 'sort' && value === 'newest') continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** `42`, `000042`, `TCK-42` and `tck-000042` all name ticket 42. */
export function ticketIdFromSearch(q: string): number | undefined {
  const match = /^(?:tck-?)?0*(\d{1,15})$/i.exec(q.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : undefined;
}
