import { useState } from 'react';
import type { Ticket } from '../../../shared/types.ts';
import { Button } from '../Button.tsx';
import { TicketCard } from './TicketCard.tsx';
import type { TicketArea } from './ticketChanges.ts';
import styles from './TicketGrid.module.css';

/** Cards rendered per step: 10,000 tickets must not freeze a kiosk. */
export const GRID_PAGE_SIZE = 60;

export interface TicketGridProps {
  tickets: readonly Ticket[];
  area: TicketArea;
  /** A fourth column on 2xl screens; the developer views have it by default (SPEC §2). */
  wide?: boolean;
}

export function TicketGrid({ tickets, area, wide = area === 'developer' }: TicketGridProps) {
  const [shown, setShown] = useState(GRID_PAGE_SIZE);
  const visible = tickets.slice(0, shown);
  const rest = tickets.length - visible.length;

  return (
    <div className={styles.wrap}>
      <ul className={wide ? `${styles.grid} ${styles.wide}` : styles.grid}>
        {visible.map((ticket) => (
          <li key={ticket.id} className={styles.item}>
            <TicketCard ticket={ticket} area={area} />
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setShown((n) => n + GRID_PAGE_SIZE)}>
            Show more
          </Button>
          <span className={styles.count}>
            {visible.length} of {tickets.length}
          </span>
        </div>
      )}
    </div>
  );
}
