/**
 * The ticket table's columns (design.md#queue-wave-3): what each shows, the narrowest it can be,
 * which fold first when the table is narrow (low value first: the app, the creator, the update
 * time), and which work-queue sort each header asks for. The title takes whatever is left.
 */
import type { ReactNode } from 'react';
import { APP_LABELS, NO_VALUE } from '../../../shared/constants.ts';
import { formatLogDate } from '../../../shared/format.ts';
import { formatDueDate, isOverdue } from '../../../shared/ticketFields.ts';
import type { Ticket } from '../../../shared/types.ts';
import type { Sort } from '../../../shared/workQueue.ts';
import { PriorityBadge, StatusBadge } from '../../components/Badge.tsx';
import { ticketAge } from './ticketAge.ts';

export type ColumnKey = 'number' | 'title' | 'status' | 'priority' | 'app' | 'createdBy' | 'developer' | 'age' | 'due' | 'updated' | 'actions';
export type SortDirection = 'ascending' | 'descending';

export interface Column {
  key: ColumnKey;
  header: string;
  /** Its width in px (the title: its least). */
  width: number;
  /** Lower folds sooner; undefined never folds. */
  fold?: number;
  /** The sorts its header asks for, the first on the first click, and how each reads in this column. */
  sorts?: readonly { sort: Sort; direction: SortDirection }[];
  cell?(ticket: Ticket): ReactNode;
}

/** The due day, or 'Overdue' in its place (the day then in the tooltip and to screen readers), as the card says it. */
function DueDate({ ticket }: { ticket: Ticket }) {
  const day = formatDueDate(ticket.due_date);
  if (!isOverdue(ticket)) return day;
  return (
    <span data-overdue title={`Overdue ${day}`}>
      Overdue<span className="visually-hidden"> {day}</span>
    </span>
  );
}

/** The least width the title keeps before another column folds. */
export const TITLE_MIN_PX = 180;
/** The checkbox column, when rows can be selected. */
export const SELECT_PX = 44;
/** The actions column where its button reads 'Assign to me' (developers); 'Close' and 'Reopen' need the column's own width. */
export const WIDE_ACTIONS_PX = 136;

export const COLUMNS: readonly Column[] = [
  { key: 'number', header: 'Number', width: 120, fold: 9 },
  { key: 'title', header: 'Title', width: TITLE_MIN_PX },
  { key: 'status', header: 'Status', width: 112, fold: 8, cell: (ticket) => <StatusBadge status={ticket.status} /> },
  {
    key: 'priority', header: 'Priority', width: 112, fold: 7, sorts: [{ sort: 'priority', direction: 'descending' }],
    cell: (ticket) => <PriorityBadge priority={ticket.priority} spoken={false} />,
  },
  { key: 'app', header: 'App', width: 112, fold: 0, cell: (ticket) => APP_LABELS[ticket.app] ?? ticket.app },
  { key: 'createdBy', header: 'Created by', width: 112, fold: 1, cell: (ticket) => ticket.created_by },
  { key: 'developer', header: 'Developer', width: 120, fold: 5, cell: (ticket) => ticket.developer?.name ?? NO_VALUE },
  {
    key: 'age', header: 'Age', width: 68, fold: 4,
    sorts: [{ sort: 'newest', direction: 'ascending' }, { sort: 'oldest', direction: 'descending' }],
    cell: (ticket) => <time dateTime={ticket.created_at} title={formatLogDate(ticket.created_at)}>{ticketAge(ticket.created_at)}</time>,
  },
  {
    key: 'due', header: 'Due', width: 112, fold: 6, sorts: [{ sort: 'due', direction: 'ascending' }],
    cell: (ticket) => (ticket.due_date ? <DueDate ticket={ticket} /> : NO_VALUE),
  },
  { key: 'updated', header: 'Updated', width: 156, fold: 2, sorts: [{ sort: 'updated', direction: 'descending' }], cell: (ticket) => formatLogDate(ticket.updated_at) },
  { key: 'actions', header: 'Actions', width: 96 },
];

/**
 * The columns that fit `width` px: every column, then the lowest-valued folded one by one
 * until the title keeps its least (on a phone, the number goes last: the row is named by it).
 * An unknown width (0: not laid out yet) keeps them all.
 */
export function fittingColumns(width: number, reserved = 0, columns: readonly Column[] = COLUMNS): Column[] {
  if (!(width > 0)) return [...columns];
  const shown = [...columns];
  const need = () => reserved + shown.reduce((sum, column) => sum + column.width, 0);
  const folding = columns.filter((column) => column.fold !== undefined).sort((a, b) => a.fold! - b.fold!);
  for (const column of folding) {
    if (need() <= width) break;
    shown.splice(shown.indexOf(column), 1);
  }
  return shown;
}

/** How a column's header reads the list's sort: its aria-sort, or undefined when it does not sort by it. */
export const sortOf = (column: Column, sort: Sort) => column.sorts?.find((each) => each.sort === sort)?.direction;

/** The sort a header click asks for: the column's first, its next direction, or back to the default once it has none left. */
export function nextSort(column: Column, sort: Sort): Sort | undefined {
  const sorts = column.sorts ?? [];
  const at = sorts.findIndex((each) => each.sort === sort);
  const next = at < 0 ? sorts[0] : sorts.length > 1 ? sorts[(at + 1) % sorts.length] : undefined;
  return next?.sort === 'newest' ? undefined : next?.sort;
}
