/**
 * Everything a ticket list screen reads: its state from the URL, the pages, the chip counts and
 * the empty state. Filter and scope changes push a history entry (Back returns to the list as it
 * was); refining a search replaces it, so Back does not replay every word typed.
 */
import { useSearch, useLocation } from 'wouter';
import { localDay } from '../../../shared/ticketFields.ts';
import type { StoredStatus, TicketFilters } from '../../../shared/workQueue.ts';
import { prefetchTicketPages, useTicketPages, useTicketStats, useMyStatusCounts, useTicketTotal } from '../../api/tickets.ts';
import { useAuth } from '../../lib/auth.ts';
import { useSavedScroll, useScrollMemory } from '../../lib/scrollMemory.ts';
import type { TicketView } from './components/TicketPages.tsx';
import { emptyFor, type ListEmpty } from './emptyState.ts';
import { OPEN_STATUSES, statusesForUrl, toggleStatus } from './filterState.ts';
import { hasNarrowingFilters, listSearch, type ListState } from './listUrl.ts';
import { listRequest, listUrlConfig } from './listRequest.ts';
import type { ListConfig } from './scopes.ts';
import { storeView, storedView } from './view.ts';

export function useTicketList(config: ListConfig) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const userId = useAuth((state) => state.user?.id);
  const urlConfig = listUrlConfig(config);
  const { state, scope, query, countFilters, shown, overdue } = listRequest(config, search, userId);

  const go = (next: ListState, replace = false) => {
    const search = listSearch(next, urlConfig);
    // The new list's request leaves now, while the click renders 'Loading'.
    const shows = listRequest(config, search.replace(/^\?/, ''), userId);
    prefetchTicketPages(shows.source, shows.query);
    navigate(path + search, { replace });
  };
  const setFilters = (filters: TicketFilters, replace = false) => go({ ...state, filters }, replace);

  const setShown = (next: StoredStatus[], nextOverdue = overdue) =>
    go({ ...state, filters: { ...state.filters, status: statusesForUrl(next, scope) }, overdue: nextOverdue || undefined });

  const address = path + (search ? `?${search}` : '');
  const memory = useSavedScroll(address);
  const pages = useTicketPages(scope.source, query, memory[0]?.pages ?? 1);
  useScrollMemory(address, memory, pages.data?.length, !pages.isFetching);
  const stats = useTicketStats(countFilters, { enabled: scope.counts === 'stats' });
  const mine = useMyStatusCounts(countFilters, { enabled: scope.counts === 'mine' });
  const counts = scope.counts === 'stats' ? stats : mine;
  // The Overdue chip's count: today's overdue open work under the other filters.
  const overdueCount = useTicketTotal(scope.source, { ...countFilters, status: [...OPEN_STATUSES], due_before: localDay() });

  const narrowed = hasNarrowingFilters(state.filters, overdue);
  const scopeTotal = counts.data?.total ?? (counts.error ? 0 : undefined);
  const empty: ListEmpty | undefined = scopeTotal === undefined && !narrowed ? undefined : emptyFor(scope, shown, scopeTotal ?? 0, narrowed);

  return {
    state,
    scope,
    query,
    pages,
    counts: counts.data?.status,
    /** Due soon and breached under the other filters; only a stats scope knows them. */
    slaCounts: scope.counts === 'stats' ? stats.data?.sla : undefined,
    overdueCount: overdueCount.data,
    /** The pressed status chips; [] is 'All'. */
    shown,
    overdue,
    empty,
    view: state.view ?? storedView(userId),
    setScope: (value: string) => go({ ...state, scope: value }),
    setFilters,
    toggleStatus: (status: StoredStatus) => setShown(toggleStatus(shown, status), overdue && status !== 'closed'),
    showAll: () => setShown([]),
    /** Overdue keeps open work only: turning it on lets go of 'Closed'. */
    toggleOverdue: () => setShown(overdue ? shown : shown.filter((status) => status !== 'closed'), !overdue),
    setSort: (sort: ListState['sort']) => go({ ...state, sort }),
    setView(view: TicketView) {
      storeView(userId, view);
      go({ ...state, view }, true);
    },
    /** Keeps the scope, sort and view; drops search, status chips, 'Overdue' and the other filters. */
    clearFilters: () => go({ ...state, filters: {}, overdue: undefined }),
  };
}

export type TicketList = ReturnType<typeof useTicketList>;
