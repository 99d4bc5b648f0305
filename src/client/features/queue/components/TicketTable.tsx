/**
 * The compact view of a ticket list: one row per ticket. Rows are focusable; ArrowUp/ArrowDown
 * move between them (Home/End jump to the ends) and Enter opens the ticket, so a long queue
 * can be worked from the keyboard.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { APP_LABELS, NO_VALUE } from '../../../../shared/constants.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { PriorityBadge, StatusBadge } from '../../../components/Badge.tsx';
import { Deadlines } from '../../../components/Deadlines.tsx';
import { detailPath, type Area } from '../../../lib/paths.ts';
import { CommentCount } from './CommentCount.tsx';
import tableStyles from '../../../components/Table.module.css';
import styles from './TicketTable.module.css';

/** The row checkbox changes through onClick, which knows whether shift was held; onChange has nothing left to do. */
const CHANGED_ON_CLICK = () => {};
const HEADERS = ['Number', 'Title', 'Status', 'Priority', 'App', 'Created by', 'Developer', 'Updated'] as const;

/** Checkboxes for bulk actions: a column of them and one in the header for the loaded rows. */
export interface TableSelection {
  isSelected(number: string): boolean;
  /** 'all' when every loaded row is selected, 'some' when a few are. */
  loaded: 'all' | 'some' | 'none';
  /** range: shift was held, so every row from the last one clicked takes this row's state. */
  onToggle(number: string, range: boolean): void;
  onToggleLoaded(): void;
}

export interface TicketTableProps {
  tickets: readonly Ticket[];
  area: Area;
  /** Without it the table has no checkboxes. @default none */
  selection?: TableSelection;
}

function HeaderCheckbox({ selection }: { selection: TableSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.loaded === 'some';
  }, [selection.loaded]);
  return <input ref={ref} type="checkbox" className={styles.check} aria-label="Select all loaded tickets" checked={selection.loaded === 'all'} onChange={selection.onToggleLoaded} />;
}

function focusRow(from: HTMLElement, key: string) {
  const rows = [...(from.parentElement?.children ?? [])] as HTMLElement[];
  const at = rows.indexOf(from);
  const target = { ArrowDown: rows[at + 1], ArrowUp: rows[at - 1], Home: rows[0], End: rows.at(-1) }[key];
  target?.focus();
}

export function TicketTable({ tickets, area, selection }: TicketTableProps) {
  const [, navigate] = useLocation();

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, ticket: Ticket) {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      navigate(detailPath(area, ticket.number));
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      focusRow(event.currentTarget, event.key);
    }
  }

  return (
    <div className={tableStyles.wrap}>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <caption className="visually-hidden">Tickets (arrow keys move between rows, Enter opens one)</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={styles.select}>
                <HeaderCheckbox selection={selection} />
              </th>
            )}
            {HEADERS.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => (
            <tr key={ticket.id} tabIndex={0} className={styles.row} aria-label={`${ticket.number} ${ticket.title}`} onKeyDown={(event) => onKeyDown(event, ticket)}>
              {selection && (
                <td className={styles.select}>
                  <input
                    type="checkbox"
                    className={styles.check}
                    aria-label={`Select ${ticket.number} ${ticket.title}`}
                    checked={selection.isSelected(ticket.number)}
                    onChange={CHANGED_ON_CLICK}
                    onClick={(event) => selection.onToggle(ticket.number, event.shiftKey)}
                  />
                </td>
              )}
              <td className={styles.number}>
                <Link href={detailPath(area, ticket.number)} tabIndex={-1}>
                  {ticket.number}
                </Link>
              </td>
              <td className={styles.title} title={ticket.title}>
                {ticket.title}
                <CommentCount count={ticket.comment_count} />
                {/* Under the title, which has the room: a column of their own would not fit 1024 px. */}
                <div className={styles.deadlines}>
                  <Deadlines ticket={ticket} />
                </div>
              </td>
              <td><StatusBadge status={ticket.status} /></td>
              <td><PriorityBadge priority={ticket.priority} spoken={false} /></td>
              <td>{APP_LABELS[ticket.app] ?? ticket.app}</td>
              <td>{ticket.created_by}</td>
              <td>{ticket.developer?.name ?? NO_VALUE}</td>
              <td>{formatLogDate(ticket.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
