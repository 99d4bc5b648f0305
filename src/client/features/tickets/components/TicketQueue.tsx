/** A ticket list screen's body: toolbar, then the paged list or the empty state that fits. */
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TicketPages } from './TicketPages.tsx';
import type { ListEmpty } from '../queue/emptyState.ts';
import type { ListConfig } from '../queue/scopes.ts';
import { useTicketList, type TicketList } from '../queue/useTicketList.ts';
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
  return (
    <>
      <TicketToolbar list={list} config={config} />
      <TicketPages query={list.pages} area={config.area} view={list.view} empty={<Empty empty={list.empty} list={list} />} />
    </>
  );
}
