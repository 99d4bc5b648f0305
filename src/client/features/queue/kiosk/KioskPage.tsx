/**
 * One page of the kiosk's rows. The page read ahead is rendered too, hidden in the same place
 * (out of the accessibility tree, not focusable), so its rows are built and laid out before its
 * turn; the turn then only flips which page is visible (docs/design.md#kiosk).
 */
import { memo } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { KioskRow } from './KioskRow.tsx';
import styles from './KioskBoard.module.css';

export interface KioskPageProps {
  tickets: readonly Ticket[];
  /** When the page arrived: ages and lateness are told from it. */
  now: number;
  /** Rendered ahead of its turn, not shown yet. */
  ahead: boolean;
}

export const KioskPage = memo(function KioskPage({ tickets, now, ahead }: KioskPageProps) {
  return (
    <ol className={styles.list} aria-labelledby={ahead ? undefined : 'kiosk-queue'} aria-hidden={ahead || undefined} inert={ahead} data-ahead={ahead || undefined}>
      {tickets.map((ticket) => (
        <KioskRow key={ticket.id} ticket={ticket} now={now} />
      ))}
    </ol>
  );
});
