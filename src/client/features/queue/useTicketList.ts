/**
 * Everything a ticket list screen reads: its state from the URL, the pages, the chip counts and
 * the empty state. Filter and scope changes push a history entry (Back returns to the list as it
 * was); refining a search replaces it, so Back does not replay every word typed.
 */
import { useSearch, useLocation } from 'wouter';
import type { Status } from '../../../shared/constants.ts';
import type { TicketFilters } from '../../../shared/workQueue.ts';
import { useTicketPages, useTicketStats, useMyStatusCounts } from '../../api/tickets.ts';
import { useAuth } from '../../lib/auth.ts';
import { useSavedScroll, useScrollMemory } from '../../lib/scrollMemory.ts';
import type { TicketView } from './components/TicketPages.tsx';
import { emptyFor, type ListEmpty } from './emptyState.ts';
import { hasNarrowingFilters, listSearch, type ListState } from './listUrl.ts';
import { listRequest, listUrlConfig } from './listRequest.ts';
import type { ListConfig } from './scopes.ts';
import { storeView, storedView } from './view.ts';

export function useTicketList(config: ListConfig) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const userId = useAuth((state) => state.user?.id);
  const urlConfig = listUrlConfig(config);
  const { state, scope, query, countFilters } = listRequest(config, search, userId);

  const go = (next: ListState, replace = false) => navigate(path + listSearch(next, urlConfig), { replace });
  const setFilters = (filters: TicketFilters, replace = false) => go({ ...state, filters }, replace);

  const selected = state.filters.status ?? [];

  const address = path + (search ? `?${search}` : '');
  const memory = useSavedScroll(address);
  const pages = useTicketPages(scope.source, query, memory[0]?.pages ?? 1);
  useScrollMemory(address, memory, pages.data?.length, !pages.isFetching);
  const stats = useTicketStats(countFilters, { enabled: scope.counts === 'stats' });
  const mine = useMyStatusCounts(countFilters, { enabled: scope.counts === 'mine' });
  const counts = scope.counts === 'stats' ? stats : mine;

  const narrowed = hasNarrowingFilters(state.filters);
  const scopeTotal = counts.data?.total ?? (counts.error ? 0 : undefined);
  const empty: ListEmpty | undefined = scopeTotal === undefined && !narrowed ? undefined : emptyFor(scope, selected as Status[], scopeTotal ?? 0, narrowed);

  return {
    state,
    scope,
    query,
    pages,
    counts: counts.data?.status,
    /** Due soon and breached under the other filters; only a stats scope knows them. */
    slaCounts: scope.counts === 'stats' ? stats.data?.sla : undefined,
    empty,
    view: state.view ?? storedView(userId),
    setScope: (value: string) => go({ ...state, scope: value }),
    setFilters,
    setSort: (sort: ListState['sort']) => go({ ...state, sort }),
    setView(view: TicketView) {
      storeView(userId, view);
      go({ ...state, view }, true);
    },
    /** Keeps the scope, sort and view; drops search, status chips and the other filters. */
    clearFilters: () => go({ ...state, filters: {} }),
  };
}

export type TicketList = ReturnType<typeof useTicketList>;
