/**
 * What a list URL asks the server for: its scope's source and the query, with the scope's fixed
 * filters (the signed-in user's id) and, when no status chip is on, the scope's default statuses.
 * The list page reads it, and so does any count of a list (a saved view's, composed in app/).
 */
import type { TicketFilters, TicketQuery } from '../../../shared/workQueue.ts';
import type { TicketSource } from '../../api/tickets.ts';
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
}

export const listUrlConfig = (config: ListConfig) => ({ param: config.param, scopes: config.scopes.map((scope) => scope.value) });

export function listRequest(config: ListConfig, search: string, userId: number | undefined): ListRequest {
  const state = readListState(search, listUrlConfig(config));
  const scope = config.scopes.find((candidate) => candidate.value === state.scope)!;
  const fixed = userId !== undefined ? (scope.fixed?.(userId) ?? {}) : {};
  const selected = state.filters.status ?? [];
  const status = selected.length > 0 ? selected : scope.defaultStatus;
  const query: TicketQuery = { ...state.filters, ...fixed, status: status.length > 0 ? [...status] : undefined, sort: state.sort };
  return { state, scope, source: scope.source, query, countFilters: { ...state.filters, ...fixed, status: undefined } };
}
