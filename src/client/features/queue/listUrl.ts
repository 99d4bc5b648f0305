/**
 * A ticket list's state lives in the page URL, so a link opens the same list and Back and
 * Forward return to it: the scope (or tab), the work-queue filters and sort written by the
 * shared ticketQueryString, and the view. Defaults are left out, so the plain path is the
 * default list.
 */
import { FILTER_PARAMS, parseTicketQuery, ticketQueryString, type Sort, type TicketFilters } from '../../../shared/workQueue.ts';
import type { TicketView } from './components/TicketPages.tsx';

export interface ListState {
  /** The scope or tab's value (All/My, Assigned/All). */
  scope: string;
  filters: TicketFilters;
  /** Absent means newest first. */
  sort?: Sort;
  /** Absent means the view this user last chose on this device. */
  view?: TicketView;
  /** The 'Overdue' chip: open work past its due day, today in the viewer's calendar (so the URL stays right tomorrow). */
  overdue?: boolean;
}

export interface ListUrlConfig {
  /** The query-string name of the scope: 'scope' (admin, support) or 'tab' (developer). */
  param: string;
  /** Allowed scope values; the first is the default. */
  scopes: readonly string[];
}

const VIEWS: readonly TicketView[] = ['cards', 'table'];
const OVERDUE_PARAM = 'overdue';

/** Reads the list state; values it does not know fall back to the defaults instead of failing. */
export function readListState(search: string, config: ListUrlConfig): ListState {
  const params = new URLSearchParams(search);
  const scope = params.get(config.param);
  const { query, errors } = parseTicketQuery(params, [...FILTER_PARAMS, 'sort']);
  for (const name of Object.keys(errors)) delete (query as Record<string, unknown>)[name];
  const { sort, ...filters } = query;
  const view = params.get('view') as TicketView | null;
  return {
    scope: scope && config.scopes.includes(scope) ? scope : config.scopes[0]!,
    filters,
    sort,
    view: view && VIEWS.includes(view) ? view : undefined,
    overdue: params.get(OVERDUE_PARAM) === '1' || undefined,
  };
}

/** '?scope=my&q=printer&status=closed&view=table', or '' for the default list. */
export function listSearch(state: ListState, config: ListUrlConfig): string {
  const parts: string[] = [];
  if (state.scope !== config.scopes[0]) parts.push(`${config.param}=${encodeURIComponent(state.scope)}`);
  const query = ticketQueryString({ ...state.filters, sort: state.sort });
  if (query) parts.push(query);
  if (state.overdue) parts.push(`${OVERDUE_PARAM}=1`);
  if (state.view) parts.push(`view=${state.view}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Filters the user chose beyond the status chips ('Overdue' among them): an empty list then means "nothing matches". */
export function hasNarrowingFilters(filters: TicketFilters, overdue = false): boolean {
  const { status: _status, ...rest } = filters;
  return overdue || Object.values(rest).some((value) => value !== undefined && value !== '');
}
