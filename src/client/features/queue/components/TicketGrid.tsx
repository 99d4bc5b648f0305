/**
 * The loaded tickets as cards; paging ('Show more') is TicketPages' job.
 *
 * Long lists (docs/design.md#long-lists): past WINDOW_THRESHOLD cards only the rows on screen
 * (and a screenful either side) are rendered, through useWindowedList; paddings keep the page as
 * long as the whole list. A focused card stays rendered and Tab goes through the cards in order;
 * Back's scroll memory lands on the same cards (row heights are remembered per address). Each
 * card is memoised, so 'Show more' draws only the new cards that come on screen.
 */
import { memo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Ticket } from '../../../../shared/types.ts';
import { TicketCard } from './TicketCard.tsx';
import type { Area } from '../../../lib/paths.ts';
import { useWindowedList } from '../../../lib/useWindowedList.ts';
import styles from './TicketGrid.module.css';

export interface TicketGridProps {
  tickets: readonly Ticket[];
  area: Area;
  /** A fourth column on 2xl screens; the developer views have it by default (product.md#ticket-card). */
  wide?: boolean;
}

const CardItem = memo(function CardItem({ ticket, area }: { ticket: Ticket; area: Area }) {
  return (
    <li className={styles.item}>
      <TicketCard ticket={ticket} area={area} />
    </li>
  );
});

export function TicketGrid({ tickets, area, wide = area === 'developer' }: TicketGridProps) {
  const [path] = useLocation();
  const search = useSearch();
  const shown = useWindowedList<HTMLUListElement>({ count: tickets.length, memoryKey: `${path}?${search}` });
  return (
    <ul
      ref={shown.ref}
      className={wide ? `${styles.grid} ${styles.wide}` : styles.grid}
      style={shown.style}
      data-windowed={shown.style ? true : undefined}
      onFocus={shown.onFocus}
      onBlur={shown.onBlur}
    >
      {tickets.slice(shown.first, shown.last).map((ticket) => (
        <CardItem key={ticket.id} ticket={ticket} area={area} />
      ))}
    </ul>
  );
}
