/**
 * The list toolbar: scope, view and export on top; search and sort; status chips with counts;
 * the other filters, which fold behind a 'Filters' button on phones so the list stays in view.
 */
import { useId, useState } from 'react';
import { SORTS, SORT_LABELS, type Sort } from '../../../../shared/workQueue.ts';
import { ToggleGroup } from '../../../components/ToggleGroup.tsx';
import type { TicketList } from '../useTicketList.ts';
import type { ListConfig } from '../scopes.ts';
import { hasNarrowingFilters } from '../listUrl.ts';
import { ExportButton } from './ExportButton.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { FilterSelects } from './FilterSelects.tsx';
import { SearchBox } from './SearchBox.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import styles from './TicketToolbar.module.css';

const VIEWS = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
] as const;

const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

export function TicketToolbar({ list, config }: { list: TicketList; config: ListConfig }) {
  const { state, setFilters } = list;
  const [open, setOpen] = useState(false);
  const panel = useId();
  const { q: _q, status: _status, ...others } = state.filters;
  const active = Object.values(others).filter((value) => value !== undefined).length;

  return (
    <div className={styles.toolbar}>
      <div className={styles.row}>
        <ToggleGroup value={state.scope} options={config.scopes} onChange={list.setScope} />
        <div className={`${styles.actions} ${styles.end}`}>
          <ToggleGroup label="Layout" value={list.view} options={VIEWS} onChange={list.setView} />
          {config.exportCsv && list.scope.source === 'all' && <ExportButton query={list.query} />}
        </div>
      </div>
      <div className={styles.row}>
        <SearchBox value={state.filters.q ?? ''} onSearch={(q, replace) => setFilters({ ...state.filters, q: q || undefined }, replace)} />
        <StatusFilter
          shown={list.shown}
          overdue={list.overdue}
          counts={list.counts}
          overdueCount={list.overdueCount}
          onToggle={list.toggleStatus}
          onAll={list.showAll}
          onOverdue={list.toggleOverdue}
        />
        <div className={`${styles.actions} ${styles.end}`}>
          <FilterSelect label="Sort" value={state.sort ?? 'newest'} options={SORT_OPTIONS} onChange={(sort) => list.setSort(sort === 'newest' ? undefined : (sort as Sort))} />
          <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            Filters{active > 0 ? ` (${active})` : ''}
          </button>
        </div>
      </div>
      <div id={panel} className={styles.filters} data-open={open || undefined}>
        <FilterSelects filters={state.filters} onChange={(filters) => setFilters(filters)} developerFilter={config.developerFilter} />
        {hasNarrowingFilters(state.filters, list.overdue) && (
          <button type="button" className={styles.clear} onClick={list.clearFilters}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
