/**
 * The list toolbar: scope, view and export on top; search, status chips and sort; the other
 * filters. On phones one row holds the search, a 'Filters (n)' button and the sort; the chips,
 * filters, layout and export move into a sheet it opens, so the first ticket shows without
 * scrolling (docs/design.md#phone-queue).
 */
import { useState, type ReactNode } from 'react';
import { SORTS, SORT_LABELS, type Sort } from '../../../../shared/workQueue.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ToggleGroup } from '../../../components/ToggleGroup.tsx';
import { useSlaOn } from '../../../api/sla.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/useMediaQuery.ts';
import type { TicketList } from '../useTicketList.ts';
import type { ListConfig } from '../scopes.ts';
import { hasNarrowingFilters } from '../listUrl.ts';
import { ExportButton } from './ExportButton.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { FilterSelects } from './FilterSelects.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SlaFilter } from './SlaFilter.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import styles from './TicketToolbar.module.css';

const VIEWS = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
] as const;

const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
const SHEET_TITLE = 'Filters';

/** The filters a person chose (the search aside): the status chips when they differ from the default (the URL then names them), 'Overdue' and the selects. */
function chosenCount(filters: TicketList['state']['filters'], overdue: boolean): number {
  const { q: _q, status, ...others } = filters;
  return (status?.length ? 1 : 0) + (overdue ? 1 : 0) + Object.values(others).filter((value) => value !== undefined).length;
}

function FiltersSheet({ count, children }: { count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.disclosure} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {SHEET_TITLE}
        {count > 0 ? ` (${count})` : ''}
      </button>
      <Dialog open={open} sheet title={SHEET_TITLE} onClose={() => setOpen(false)}>
        <div className={styles.sheet}>
          {children}
          <Button variant="primary" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      </Dialog>
    </>
  );
}

export function TicketToolbar({ list, config }: { list: TicketList; config: ListConfig }) {
  const { state, setFilters } = list;
  // Widening the window with the sheet open unmounts it: everything is back inline.
  const phone = useMediaQuery(PHONE_QUERY);

  const slaOn = useSlaOn();
  const sla = state.filters.sla;
  const chips = (
    <>
      <StatusFilter
        shown={list.shown}
        overdue={list.overdue}
        counts={list.counts}
        overdueCount={list.overdueCount}
        onToggle={list.toggleStatus}
        onAll={list.showAll}
        onOverdue={list.toggleOverdue}
      />
      {(slaOn || sla) && <SlaFilter selected={sla ?? []} counts={list.slaCounts} onChange={(next) => setFilters({ ...state.filters, sla: next })} />}
    </>
  );
  const layout = <ToggleGroup label="Layout" value={list.view} options={VIEWS} onChange={list.setView} />;
  const exportButton = config.exportCsv && list.scope.source === 'all' && <ExportButton query={list.query} />;
  const sort = <FilterSelect label="Sort" value={state.sort ?? 'newest'} options={SORT_OPTIONS} onChange={(sort) => list.setSort(sort === 'newest' ? undefined : (sort as Sort))} />;
  const filters = (
    <>
      <FilterSelects filters={state.filters} onChange={(filters) => setFilters(filters)} developerFilter={config.developerFilter} />
      {hasNarrowingFilters(state.filters, list.overdue) && (
        <button type="button" className={styles.clear} onClick={list.clearFilters}>
          Clear filters
        </button>
      )}
    </>
  );
  const search = <SearchBox value={state.filters.q ?? ''} onSearch={(q, replace) => setFilters({ ...state.filters, q: q || undefined }, replace)} />;

  if (phone) {
    return (
      <div className={styles.toolbar}>
        <ToggleGroup value={state.scope} options={config.scopes} onChange={list.setScope} />
        <div className={styles.phoneRow}>
          {search}
          <FiltersSheet count={chosenCount(state.filters, list.overdue)}>
            {chips}
            <div className={styles.filters}>{filters}</div>
            {layout}
            {exportButton}
          </FiltersSheet>
          {sort}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.toolbar}>
      <div className={styles.row}>
        <ToggleGroup value={state.scope} options={config.scopes} onChange={list.setScope} />
        <div className={`${styles.actions} ${styles.end}`}>
          {layout}
          {exportButton}
        </div>
      </div>
      <div className={styles.row}>
        {search}
        {chips}
        <div className={`${styles.actions} ${styles.end}`}>{sort}</div>
      </div>
      <div className={styles.filters}>{filters}</div>
    </div>
  );
}
