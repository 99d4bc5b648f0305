/** One ticket on the kiosk: priority, number, title, status, developer, a flag word when late, age. */
import { memo } from 'react';
import { NO_VALUE, type Priority } from '../../../../shared/constants.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { isOverdue } from '../../../../shared/ticketFields.ts';
import styles from './KioskBoard.module.css';

const PRIORITY_TONE: Record<Priority, string> = { high: 'red', medium: 'yellow', low: 'green' };
const MINUTE = 60_000;

/** Another part of the app adds `sla` to ticket answers; the kiosk reads it when it is there. */
const breached = (ticket: Ticket) => (ticket as Ticket & { sla?: { state?: string } | null }).sla?.state === 'breached';

/** Why a row is coloured, in words too (colour alone says nothing to some eyes). */
export function lateness(ticket: Ticket, now: number): 'breached' | 'overdue' | undefined {
  if (breached(ticket)) return 'breached';
  return isOverdue(ticket, new Date(now)) ? 'overdue' : undefined;
}

const LATE_WORDS = { breached: 'SLA breached', overdue: 'Overdue' } as const;

/** A short age for a room: 'new', '12 min', '5 h', '3 d'. */
export function boardAge(iso: string, now: number): string {
  const ago = Math.max(0, now - new Date(iso).getTime());
  if (Number.isNaN(ago)) return '';
  if (ago < MINUTE) return 'new';
  if (ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min`;
  if (ago < 24 * 60 * MINUTE) return `${Math.floor(ago / (60 * MINUTE))} h`;
  return `${Math.floor(ago / (24 * 60 * MINUTE))} d`;
}

interface KioskRowProps {
  ticket: Ticket;
  now: number;
}

/** Everything a row shows: a page read afresh with the same words redraws nothing. */
const shownText = ({ ticket, now }: KioskRowProps) =>
  [ticket.priority, ticket.number, ticket.title, ticket.status, ticket.developer?.name, lateness(ticket, now), boardAge(ticket.created_at, now), ticket.created_at].join('\n');

export const KioskRow = memo(function KioskRow({ ticket, now }: KioskRowProps) {
  const late = lateness(ticket, now);
  return (
    <li className={styles.row} data-late={late}>
      <span className={styles.priority} data-tone={PRIORITY_TONE[ticket.priority]}>
        {ticket.priority}
      </span>
      <span className={styles.number}>{ticket.number}</span>
      <span className={styles.title}>{ticket.title}</span>
      <span className={styles.status} data-status={ticket.status}>
        {ticket.status}
      </span>
      <span className={styles.developer}>{ticket.developer?.name || NO_VALUE}</span>
      <span className={styles.flag}>{late ? LATE_WORDS[late] : ''}</span>
      <span className={styles.age} title={ticket.created_at}>
        {boardAge(ticket.created_at, now)}
      </span>
    </li>
  );
}, (before, after) => shownText(before) === shownText(after));
