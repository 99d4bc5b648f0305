/** A ticket list screen's body: toolbar, then the paged list or the empty state that fits; in the table view, bulk actions. */
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { ticketQueryString, type TicketFilters } from '../../../../shared/workQueue.ts';
import { TicketPages } from './TicketPages.tsx';
import type { ListEmpty } from '../emptyState.ts';
import type { ListConfig } from '../scopes.ts';
import { allLoadedSelected, isSelected, toggleLoaded, toggleRow, useSelection } from '../selection.ts';
import { useTicketList, type TicketList } from '../useTicketList.ts';
import type { TableSelection } from './TicketTable.tsx';
import { BulkBar } from './BulkBar.tsx';
import { TicketToolbar } from './TicketToolbar.tsx';

/** Our own words (product.md has none for a search): says what happened and how to undo it. */
export const NO_MATCH = 'No tickets match these filters.';

function Empty({ empty, list }: { empty: ListEmpty | undefined; list: TicketList }) {
  // The empty state depends on whether the scope holds any ticket at all: wait for the count.
  if (empty === undefined) return <p role="status">Loading</p>;
  if (empty !== 'noMatch') return <EmptyState variant={empty} />;
  return (
    <EmptyState message={NO_MATCH}>
      <Button variant="secondary" onClick={list.clearFilters}>
        Clear filters
      </Button>
    </EmptyState>
  );
}

export function TicketQueue({ config }: { config: ListConfig }) {
  const list = useTicketList(config);
  const user = useAuth((state) => state.user);
  const [selection, setSelection] = useSelection(`${list.state.scope}?${ticketQueryString(list.query)}&${list.view}`);
  const pages = list.pages.data;
  const tickets = pages?.flatMap((page) => page.list) ?? [];
  const loaded = tickets.map((ticket) => ticket.number);
  const total = Math.max(pages?.[0]?.total ?? 0, loaded.length);
  const { sort: _sort, ...filter } = list.query;
  // "All matching" is sent as a filter over every ticket: only a scope that is one (not an admin's created-or-assigned) can offer it.
  const matchingFilter: TicketFilters | undefined = list.scope.counts === 'stats' ? filter : undefined;
  const bulk = list.view === 'table' && user !== null;

  const tableSelection: TableSelection = {
    isSelected: (number) => isSelected(selection, number),
    loaded: allLoadedSelected(selection, loaded) ? 'all' : loaded.some((number) => isSelected(selection, number)) ? 'some' : 'none',
    onToggle: (number, range) => setSelection(toggleRow(selection, loaded, number, range)),
    onToggleLoaded: () => setSelection(toggleLoaded(selection, loaded)),
  };

  return (
    <>
      <TicketToolbar list={list} config={config} />
      {bulk && user && (
        <BulkBar selection={selection} onSelect={setSelection} tickets={tickets} total={total} filter={matchingFilter} user={user} area={config.area} />
      )}
      <TicketPages
        query={list.pages}
        area={config.area}
        view={list.view}
        selection={bulk ? tableSelection : undefined}
        sort={{ sort: list.state.sort ?? 'newest', onSort: list.setSort }}
        empty={<Empty empty={list.empty} list={list} />}
      />
    </>
  );
}
