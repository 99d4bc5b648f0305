import type { Ticket } from '../../../../shared/types.ts';
import { TicketCard } from './TicketCard.tsx';
import type { Area } from '../../../lib/paths.ts';
import styles from './TicketGrid.module.css';

export interface TicketGridProps {
  tickets: readonly Ticket[];
  area: Area;
  /** A fourth column on 2xl screens; the developer views have it by default (product.md#ticket-card). */
  wide?: boolean;
}

/** The loaded tickets as cards; paging ('Show more') is TicketPages' job. */
export function TicketGrid({ tickets, area, wide = area === 'developer' }: TicketGridProps) {
  return (
    <ul className={wide ? `${styles.grid} ${styles.wide}` : styles.grid}>
      {tickets.map((ticket) => (
        <li key={ticket.id} className={styles.item}>
          <TicketCard ticket={ticket} area={area} />
        </li>
      ))}
    </ul>
  );
}
