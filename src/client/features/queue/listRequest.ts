/**
 * What a list URL asks the server for: its scope's source and the query, with the scope's fixed
 * filters (the signed-in user's id) and, when no status chip is on, the scope's default statuses;
 * 'Overdue' asks for open work due before today (filterState.ts). The list page reads it, and so
 * does any count of a list (a saved view's, composed in app/).
 */
import { localDay } from '../../../shared/ticketFields.ts';
import type { StoredStatus, TicketFilters, TicketQuery } from '../../../shared/workQueue.ts';
import type { TicketSource } from '../../api/tickets.ts';
import { queriedStatuses, shownStatuses } from './filterState.ts';
import { readListState, type ListState } from './listUrl.ts';
import type { ListConfig, ListScope } from './scopes.ts';

export interface ListRequest {
  state: ListState;
  scope: ListScope;
  source: TicketSource;
  /** The page's query: filters, fixed filters, statuses and sort. */
  query: TicketQuery;
  /** The chips' counts: the same without the statuses. */
  countFilters: TicketFilters;
  /** The pressed status chips; [] is 'All'. */
  shown: StoredStatus[];
  /** Whether the 'Overdue' chip is on. */
  overdue: boolean;
}

export const listUrlConfig = (config: ListConfig) => ({ param: config.param, scopes: config.scopes.map((scope) => scope.value) });

export function listRequest(config: ListConfig, search: string, userId: number | undefined): ListRequest {
  const state = readListState(search, listUrlConfig(config));
  const scope = config.scopes.find((candidate) => candidate.value === state.scope)!;
  const fixed = userId !== undefined ? (scope.fixed?.(userId) ?? {}) : {};
  const shown = shownStatuses(state.filters.status, scope);
  const overdue = state.overdue === true;
  const due_before = overdue ? localDay() : state.filters.due_before;
  const query: TicketQuery = { ...state.filters, ...fixed, status: queriedStatuses(shown, overdue), due_before, sort: state.sort };
  const countFilters: TicketFilters = { ...state.filters, ...fixed, status: undefined };
  return { state, scope, source: scope.source, query, countFilters, shown, overdue };
}
