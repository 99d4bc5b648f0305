/**
 * One row of the ticket table (TicketTable.tsx) and its cells: memoised, with cells as plain
 * functions, so a new list costs React one component per row (design.md#queue-wave-3).
 */
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'wouter';
import type { Ticket } from '../../../../shared/types.ts';
import { DueDateBadge, SlaBadge } from '../../../components/DeadlineBadge.tsx';
import { detailPath, type Area } from '../../../lib/paths.ts';
import type { Column } from '../tableColumns.tsx';
import { CommentCount } from './CommentCount.tsx';
import { QuickAction } from './QuickAction.tsx';
import styles from './TicketTable.module.css';

/** The row checkbox changes through onClick, which knows whether shift was held; onChange has nothing left to do. */
const CHANGED_ON_CLICK = () => {};

/** A cell: a plain function, not a component, so a row costs React one component instead of one a column. */
function cell(column: Column, ticket: Ticket, area: Area, dueFolded: boolean) {
  if (column.key === 'number') {
    return (
      <td key={column.key} className={styles.number}>
        <Link href={detailPath(area, ticket.number)} tabIndex={-1}>
          {ticket.number}
        </Link>
      </td>
    );
  }
  if (column.key === 'title') {
    return (
      <td key={column.key} className={styles.title} title={ticket.title}>
        {ticket.title}
        <CommentCount count={ticket.comment_count} />
        {/* Under the title, which has the room; the due day too once its column has folded. Left
            out while it would stay empty: 50 elements fewer to style and lay out. */}
        {(ticket.sla || (dueFolded && ticket.due_date)) && (
          <div className={styles.deadlines}>
            <SlaBadge sla={ticket.sla} />
            {dueFolded && <DueDateBadge ticket={ticket} />}
          </div>
        )}
      </td>
    );
  }
  if (column.key === 'actions') {
    return (
      <td key={column.key} className={styles.actions}>
        <QuickAction ticket={ticket} />
      </td>
    );
  }
  return (
    <td key={column.key} data-column={column.key}>
      {column.cell?.(ticket)}
    </td>
  );
}

/** What a row does with a click, a key or its checkbox; one object for every row, so a row re-renders only when its own props change. */
export interface RowEvents {
  onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, ticket: Ticket): void;
  onClick(event: MouseEvent<HTMLTableRowElement>, ticket: Ticket): void;
  onToggle(number: string, range: boolean): void;
}

interface RowProps {
  ticket: Ticket;
  columns: readonly Column[];
  area: Area;
  dueFolded: boolean;
  /** undefined: the table has no checkboxes. */
  selected: boolean | undefined;
  events: { current: RowEvents };
}

/** Memoised: a selection, a page more or the rows drawn after the first screenful leave the other rows as they are. */
export const Row = memo(function Row({ ticket, columns, area, dueFolded, selected, events }: RowProps) {
  return (
    <tr
      tabIndex={0}
      className={styles.row}
      aria-label={`${ticket.number} ${ticket.title}`}
      onKeyDown={(event) => events.current.onKeyDown(event, ticket)}
      onClick={(event) => events.current.onClick(event, ticket)}
    >
      {selected !== undefined && (
        <td className={styles.select}>
          <input
            type="checkbox"
            className={styles.check}
            aria-label={`Select ${ticket.number} ${ticket.title}`}
            checked={selected}
            onChange={CHANGED_ON_CLICK}
            onClick={(event) => events.current.onToggle(ticket.number, event.shiftKey)}
          />
        </td>
      )}
      {columns.map((column) => cell(column, ticket, area, dueFolded))}
    </tr>
  );
});
