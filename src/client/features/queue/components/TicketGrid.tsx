/**
 * The loaded tickets as cards; paging ('Show more') is TicketPages' job.
 *
 * Long lists (docs/design.md#long-lists): each card is memoised, so 'Show more' draws only the
 * new page, and past LONG_LIST cards the browser skips the layout and paint of every card off
 * screen (`content-visibility: auto`, sized like the first card until drawn). Every card stays in
 * the document, in order: Tab, find-in-page, screen readers and Back's scroll memory work as on
 * a short list, and a card focused off screen is drawn as it scrolls in.
 */
import { memo, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { TicketCard } from './TicketCard.tsx';
import type { Area } from '../../../lib/paths.ts';
import styles from './TicketGrid.module.css';

/** Beyond this many cards the ones off screen are skipped; below it every card is drawn (exact heights). */
export const LONG_LIST = 200;

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

/** Cards not drawn yet take the first card's height, so the page is as long as it will be. */
function useCardHeight(list: RefObject<HTMLUListElement | null>, long: boolean) {
  useLayoutEffect(() => {
    const first = list.current?.firstElementChild;
    if (!long || !first || !list.current) return;
    list.current.style.setProperty('--card-height', `${Math.round(first.getBoundingClientRect().height) || 200}px`);
  }, [list, long]);
}

export function TicketGrid({ tickets, area, wide = area === 'developer' }: TicketGridProps) {
  const list = useRef<HTMLUListElement>(null);
  const long = tickets.length > LONG_LIST;
  useCardHeight(list, long);
  return (
    <ul ref={list} className={wide ? `${styles.grid} ${styles.wide}` : styles.grid} data-long={long || undefined}>
      {tickets.map((ticket) => (
        <CardItem key={ticket.id} ticket={ticket} area={area} />
      ))}
    </ul>
  );
}
