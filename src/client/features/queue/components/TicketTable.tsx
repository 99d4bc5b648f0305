/**
 * The compact view of a ticket list: one row per ticket (design.md#queue-wave-3). The title takes
 * the free width (ellipsis, the whole title on hover and on focus); columns of less value fold
 * first as the table narrows, so it never scrolls sideways; the header stays in view; sortable
 * headers set the list's sort (aria-sort says which). A click anywhere on a row, or Enter on the
 * focused row, opens the ticket; its checkbox, links and buttons keep their own meaning.
 * ArrowUp/ArrowDown move between rows (Home/End jump to the ends).
 */
import { useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import type { Ticket } from '../../../../shared/types.ts';
import type { Sort } from '../../../../shared/workQueue.ts';
import { detailPath, type Area } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/auth.ts';
import { reachedThroughHistory } from '../../../lib/scrollMemory.ts';
import { useLatest } from '../../../lib/useLatest.ts';
import { COLUMNS, fittingColumns, nextSort, SELECT_PX, sortOf, WIDE_ACTIONS_PX, type Column } from '../tableColumns.tsx';
import { lastTopOf, useWidth } from '../useWidth.ts';
import { Row, type RowEvents } from './TicketTableRow.tsx';
import tableStyles from '../../../components/Table.module.css';
import styles from './TicketTable.module.css';

/** The least height of a row (its padding, one line, its border): no more rows than the screen's height / this fit on it. */
const LEAST_ROW_PX = 37;
/** Rows drawn first beyond those that fit below the table's last known top: the header, or a table a little lower this time. */
const SPARE_ROWS = 2;
/** Names the table's width and place, remembered from one list to the next (useWidth). */
const WIDTH_KEY = 'ticket-table';
/** Clicks on these keep their own meaning: the row does not open the ticket. */
const OWN_CLICK = 'a, button, input, label, select, textarea, [role="dialog"], [role="alertdialog"]';

/** Checkboxes for bulk actions: a column of them and one in the header for the loaded rows. */
export interface TableSelection {
  isSelected(number: string): boolean;
  /** 'all' when every loaded row is selected, 'some' when a few are. */
  loaded: 'all' | 'some' | 'none';
  /** range: shift was held, so every row from the last one clicked takes this row's state. */
  onToggle(number: string, range: boolean): void;
  onToggleLoaded(): void;
}

/** The list's sort, which the headers show and change. */
export interface TableSort {
  sort: Sort;
  /** undefined: back to the default (newest first). */
  onSort(sort: Sort | undefined): void;
}

export interface TicketTableProps {
  tickets: readonly Ticket[];
  area: Area;
  /** Without it the table has no checkboxes. @default none */
  selection?: TableSelection;
  /** Without it the headers do not sort. @default none */
  sort?: TableSort;
}

function HeaderCheckbox({ selection }: { selection: TableSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.loaded === 'some';
  }, [selection.loaded]);
  return <input ref={ref} type="checkbox" className={styles.check} aria-label="Select all loaded tickets" checked={selection.loaded === 'all'} onChange={selection.onToggleLoaded} />;
}

function Header({ column, sort }: { column: Column; sort: TableSort | undefined }) {
  const label = column.key === 'actions' ? <span className="visually-hidden">{column.header}</span> : column.header;
  if (!column.sorts || !sort) return <th scope="col" data-column={column.key}>{label}</th>;
  const direction = sortOf(column, sort.sort);
  return (
    <th scope="col" data-column={column.key} aria-sort={direction}>
      <button type="button" className={styles.sort} onClick={() => sort.onSort(nextSort(column, sort.sort))}>
        {column.header}
        <span className={styles.arrow} aria-hidden="true" data-direction={direction} />
      </button>
    </th>
  );
}

function focusRow(from: HTMLElement, key: string) {
  const rows = [...(from.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(from);
  const target = { ArrowDown: rows[at + 1], ArrowUp: rows[at - 1], Home: rows[0], End: rows.at(-1) }[key];
  target?.focus();
}

/**
 * How many rows the first commit of a new list draws: those that can be on screen below where the
 * last table began (the whole screen's worth when unknown). The rest follow in a background
 * render right after (useDeferredValue), so a chip or a sort paints its first rows sooner
 * (bench/queue-first-rows.mjs). A list reached through Back draws every row at once: its scroll
 * memory needs the whole height to land where it was.
 */
function firstScreenful(count: number): number {
  if (reachedThroughHistory()) return count;
  const onScreenTop = Math.max(0, (lastTopOf(WIDTH_KEY) ?? 0) - scrollY);
  return Math.min(count, Math.ceil(Math.max(0, innerHeight - onScreenTop) / LEAST_ROW_PX) + SPARE_ROWS);
}

export function TicketTable({ tickets, area, selection, sort }: TicketTableProps) {
  const [, navigate] = useLocation();
  const [wrap, width] = useWidth<HTMLDivElement>(WIDTH_KEY);
  const role = useAuth((state) => state.user?.role);
  const selectable = selection !== undefined;
  // The same array while the width holds, so the memoised rows stay as they are.
  const columns = useMemo(() => {
    const all = role === 'developer' ? COLUMNS.map((column) => (column.key === 'actions' ? { ...column, width: WIDE_ACTIONS_PX } : column)) : COLUMNS;
    return fittingColumns(width, selectable ? SELECT_PX : 0, all);
  }, [width, selectable, role]);
  const dueFolded = !columns.some((column) => column.key === 'due');
  const open = (ticket: Ticket) => navigate(detailPath(area, ticket.number));

  const drawn = useDeferredValue(tickets.length, firstScreenful(tickets.length));

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, ticket: Ticket) {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open(ticket);
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      focusRow(event.currentTarget, event.key);
    }
  }

  function onClick(event: MouseEvent<HTMLTableRowElement>, ticket: Ticket) {
    const target = event.target as Element;
    // A dialog opened from the row bubbles here through React, though it is not inside the row.
    if (!event.currentTarget.contains(target) || target.closest(OWN_CLICK)) return;
    if (window.getSelection()?.toString()) return; // selecting text to copy, not opening
    open(ticket);
  }

  const events = useLatest<RowEvents>({ onKeyDown, onClick, onToggle: (number, range) => selection?.onToggle(number, range) });

  return (
    <div ref={wrap} className={`${tableStyles.wrap} ${styles.wrap}`}>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <caption className="visually-hidden">Tickets (arrow keys move between rows, Enter opens one)</caption>
        <colgroup>
          {selection && <col style={{ width: SELECT_PX }} />}
          {columns.map((column) => (
            <col key={column.key} style={column.key === 'title' ? undefined : { width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={styles.select}>
                <HeaderCheckbox selection={selection} />
              </th>
            )}
            {columns.map((column) => (
              <Header key={column.key} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {tickets.slice(0, drawn).map((ticket) => (
            <Row
              key={ticket.id}
              ticket={ticket}
              columns={columns}
              area={area}
              dueFolded={dueFolded}
              selected={selection ? selection.isSelected(ticket.number) : undefined}
              events={events}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
