/**
 * Saved views (design.md#saved-views): a named ticket list, kept as the list's URL search string.
 * The server checks a view's query with the work queue's own parser (workQueue.ts) plus the few
 * names only the list page reads (its scope or tab, and the layout), so a saved view always opens
 * a list the page can show. The built-in views are defined here, per role, and never stored.
 */
import type { Role } from './constants.ts';
import { hasControlCharacters, type FieldErrors } from './validators.ts';
import { FILTER_PARAMS, parseTicketQuery, ticketQueryString } from './workQueue.ts';

/** `GET /views` items; `shared` views show for everyone and only supers change them. */
export interface SavedView {
  id: number;
  name: string;
  /** The list's search string without '?', e.g. `scope=my&status=opened&sort=priority&view=table`. */
  query: string;
  shared: boolean;
}

export const VIEW_LIMITS = {
  nameMax: 60,
  queryMax: 1_000,
  /** Per person for their own views, and again for all shared views together. */
  perOwner: 50,
} as const;

/** The names a list page reads besides the work-queue filters and sort, with their values. */
export const LIST_PAGE_PARAMS = {
  /** Admin and support lists: all tickets or mine. */
  scope: ['all', 'my'],
  /** The developer list: assigned to me, or all. */
  tab: ['assigned', 'all'],
  /** The "Overdue" chip: open work due before today, the day the list is opened (issue 24's chips). */
  overdue: ['1'],
  /** The layout. */
  view: ['cards', 'table'],
} as const satisfies Record<string, readonly string[]>;
type PageParam = keyof typeof LIST_PAGE_PARAMS;
const PAGE_PARAM_NAMES = Object.keys(LIST_PAGE_PARAMS) as PageParam[];

const VIEW_QUERY_PARAMS = [...FILTER_PARAMS, 'sort'] as const;

export const VIEW_MESSAGES = {
  name: `name must be 1 to ${VIEW_LIMITS.nameMax} characters.`,
  nameTaken: 'You already have a view with this name.',
  sharedNameTaken: 'A shared view already has this name.',
  query: `query must be a list's search string of at most ${VIEW_LIMITS.queryMax} characters.`,
  unknownParam: (name: string) => `${name} is not a list filter, sort, scope or layout.`,
  pageParam: (name: PageParam) => `${name} must be ${LIST_PAGE_PARAMS[name].join(' or ')}.`,
  shared: 'shared must be true or false.',
  tooMany: `You have ${VIEW_LIMITS.perOwner} views, the most one person keeps; delete one first.`,
  tooManyShared: `There are ${VIEW_LIMITS.perOwner} shared views, the most kept; delete one first.`,
  created: 'View saved',
  renamed: 'View renamed',
  deleted: 'View deleted',
} as const;

/**
 * Checks a view's query and writes it canonically (fixed order, defaults left out), or names
 * the first parameter that is not one a list page reads.
 */
export function parseViewQuery(raw: unknown): { query?: string; errors: FieldErrors } {
  if (typeof raw !== 'string' || raw.length > VIEW_LIMITS.queryMax || hasControlCharacters(raw)) return { errors: { query: VIEW_MESSAGES.query } };
  const params = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  for (const name of params.keys()) {
    const known = (VIEW_QUERY_PARAMS as readonly string[]).includes(name) || (PAGE_PARAM_NAMES as string[]).includes(name);
    if (!known) return { errors: { query: VIEW_MESSAGES.unknownParam(name) } };
  }
  const { query, errors } = parseTicketQuery(params, VIEW_QUERY_PARAMS);
  const first = Object.values(errors)[0];
  if (first) return { errors: { query: first } };
  for (const name of PAGE_PARAM_NAMES) {
    const value = params.get(name);
    if (value !== null && !(LIST_PAGE_PARAMS[name] as readonly string[]).includes(value)) return { errors: { query: VIEW_MESSAGES.pageParam(name) } };
  }
  // The order the list page writes its URL in: scope or tab, filters and sort, overdue, layout.
  const page = (names: PageParam[]) => names.filter((name) => params.has(name)).map((name) => `${name}=${params.get(name)}`);
  const parts = [...page(['scope', 'tab']), ticketQueryString(query), ...page(['overdue', 'view'])].filter(Boolean);
  return { query: parts.join('&'), errors: {} };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function parseViewName(raw: unknown): { name?: string; errors: FieldErrors } {
  const name = text(raw);
  if (!name || name.length > VIEW_LIMITS.nameMax || hasControlCharacters(raw)) return { errors: { name: VIEW_MESSAGES.name } };
  return { name, errors: {} };
}

export interface ViewInput {
  name: string;
  query: string;
  shared: boolean;
}

/** `POST /views`: `{name, query, shared?}`; who may share is the route's business. */
export function parseViewInput(body: Record<string, unknown>): { input?: ViewInput; errors: FieldErrors } {
  const name = parseViewName(body.name);
  const query = parseViewQuery(body.query ?? '');
  const sharedOk = body.shared === undefined || typeof body.shared === 'boolean';
  const errors: FieldErrors = { ...name.errors, ...query.errors, ...(sharedOk ? {} : { shared: VIEW_MESSAGES.shared }) };
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { name: name.name!, query: query.query!, shared: body.shared === true }, errors };
}

/** A view every list offers, not stored: its query is made for the person looking. */
export interface BuiltInView {
  key: 'my-open-work' | 'unassigned' | 'overdue';
  name: string;
  query: string;
}

// Written as the list page writes its URL, so a built-in view and the same list saved are equal.
const OPEN_WORK = ticketQueryString({ status: ['opened', 'assigned'] });
const UNASSIGNED = ticketQueryString({ status: ['opened'], developer_id: 'none' });
/** The list with its "Overdue" chip on: open work whose due date has passed, in the viewer's calendar. */
const OVERDUE = 'overdue=1';

/**
 * The built-in views of each role (product.md#saved-views). "My open work": a developer's tickets
 * assigned to them, support's and a super's own tickets, not closed. "Unassigned": opened
 * tickets without a developer. "Overdue": everyone's open work past its manual due date (the
 * list asks for `due_before` today). (SPEC's developer list reads `tab`, the others `scope`.)
 */
export const BUILT_IN_VIEWS: Record<Role, readonly BuiltInView[]> = {
  super: [
    { key: 'my-open-work', name: 'My open work', query: `scope=my&${OPEN_WORK}` },
    { key: 'unassigned', name: 'Unassigned', query: UNASSIGNED },
    { key: 'overdue', name: 'Overdue', query: OVERDUE },
  ],
  support: [
    { key: 'my-open-work', name: 'My open work', query: OPEN_WORK },
    { key: 'unassigned', name: 'Unassigned', query: `scope=all&${UNASSIGNED}` },
    { key: 'overdue', name: 'Overdue', query: `scope=all&${OVERDUE}` },
  ],
  developer: [
    { key: 'my-open-work', name: 'My open work', query: OPEN_WORK },
    { key: 'unassigned', name: 'Unassigned', query: `tab=all&${UNASSIGNED}` },
    { key: 'overdue', name: 'Overdue', query: `tab=all&${OVERDUE}` },
  ],
};
