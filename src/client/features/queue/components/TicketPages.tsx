/**
 * A paged ticket list: 'Loading', '<message>...', the empty state, or the loaded pages as cards
 * or as a table, with 'Show more' and 'N of M' while more pages remain (M counts every match).
 */
import type { ReactNode } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { pageTotalLabel, type TicketPage } from '../../../../shared/workQueue.ts';
import type { InfiniteQueryResult } from '../../../lib/infiniteQuery.ts';
import { useWhenNearScreen } from '../../../lib/useWhenNearScreen.ts';
import { Button } from '../../../components/Button.tsx';
import { QueryError, QueryState } from '../../../components/QueryState.tsx';
import { TicketGrid } from './TicketGrid.tsx';
import { TicketTable, type TableSelection, type TableSort } from './TicketTable.tsx';
import type { Area } from '../../../lib/paths.ts';
import styles from './TicketGrid.module.css';

export type TicketView = 'cards' | 'table';

export interface TicketPagesProps {
  query: InfiniteQueryResult<TicketPage>;
  area: Area;
  /** What an empty list shows. */
  empty: ReactNode;
  /** @default 'cards' */
  view?: TicketView;
  /** Checkboxes in the table view (bulk actions). @default none */
  selection?: TableSelection;
  /** Sortable headers in the table view. @default none */
  sort?: TableSort;
}

const loadedTickets = (pages: readonly TicketPage[] | undefined): Ticket[] => pages?.flatMap((page) => page.list) ?? [];

export function TicketPages({ query, area, empty, view = 'cards', selection, sort }: TicketPagesProps) {
  // The next page is read ahead as 'Show more' nears the screen: the click then draws it at once.
  const more = useWhenNearScreen<HTMLDivElement>(query.readAhead, query.hasNextPage && !query.isFetchingNextPage, query.data);
  return (
    <QueryState query={query}>
      {(pages) => {
        const tickets = loadedTickets(pages);
        if (tickets.length === 0) return empty;
        return (
          <div className={styles.wrap}>
            {view === 'table' ? <TicketTable tickets={tickets} area={area} selection={selection} sort={sort} /> : <TicketGrid tickets={tickets} area={area} />}
            {/* A double click's second click is not a second page: a page read ahead shows at once,
                so that click would find nothing in flight to join. */}
            {query.hasNextPage && (
              <div ref={more} className={styles.more}>
                <Button variant="secondary" aria-busy={query.isFetchingNextPage} onClick={(event) => event.detail < 2 && void query.fetchNextPage()}>
                  Show more
                </Button>
                <span className={styles.count}>
                  {tickets.length} of {pages[0] ? pageTotalLabel(pages[0], tickets.length) : tickets.length}
                </span>
              </div>
            )}
            {/* A failed refresh or next page: the loaded pages stay, with the message and Retry below. */}
            {query.error && <QueryError error={query.error} onRetry={query.refetch} />}
          </div>
        );
      }}
    </QueryState>
  );
}
