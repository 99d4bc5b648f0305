/**
 * What the kiosk shows: one screenful of open work at a time, turning to the next page every
 * TURN_MS and back to the first after the last. The next page is read ahead and handed out as
 * `ahead`, so the board renders it, hidden, before its turn: a turn only swaps which list shows
 * (docs/design.md#kiosk). The rows last shown stay up while a page loads or the server is away;
 * every turn reads its page afresh, so the kiosk catches up on its own once the server answers.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TicketPage, TicketQuery } from '../../../../shared/workQueue.ts';
import { useTicketPage } from '../../../api/tickets.ts';
import { useLatest } from '../../../lib/useLatest.ts';
import { FIRST_PLACE, TURN_MS, nextPlace, type KioskPlace, type KioskTimer } from './paging.ts';

/** Open work, most urgent first (the board's order). */
const OPEN_WORK: TicketQuery = { status: ['opened', 'assigned'], sort: 'priority' };

export interface Shown {
  page: TicketPage;
  index: number;
  /** When this page's data arrived (the timer's clock). */
  at: number;
  /** Names the page's place: the same page keeps its rendered rows from ahead to shown. */
  key: string;
}

const placeKey = (place: KioskPlace) => `${place.index}:${place.cursor ?? ''}`;

/** When each page object arrived, by the timer: a page read ahead keeps its time when it is shown. */
function useArrivals(timer: KioskTimer) {
  const arrivals = useRef(new WeakMap<TicketPage, number>());
  return (page: TicketPage) => {
    if (!arrivals.current.has(page)) arrivals.current.set(page, timer.now());
    return arrivals.current.get(page)!;
  };
}

export function useKioskPages(rows: number, timer: KioskTimer) {
  const [place, setPlace] = useState<KioskPlace>(FIRST_PLACE);
  const current = useTicketPage('all', { ...OPEN_WORK, limit: rows, cursor: place.cursor });
  // The page after this one (the first again after the last), unless it is this very page.
  const following = current.data ? nextPlace(place, current.data) : undefined;
  const readAhead = following !== undefined && following.cursor !== place.cursor;
  const next = useTicketPage('all', { ...OPEN_WORK, limit: rows, cursor: following?.cursor }, { enabled: readAhead });
  const arrivedAt = useArrivals(timer);
  const latest = useLatest(current.data);

  const fresh = current.data && { page: current.data, index: place.index, at: arrivedAt(current.data), key: placeKey(place) };
  const [kept, setKept] = useState<Shown>();
  if (fresh && (kept?.page !== fresh.page || kept.key !== fresh.key)) setKept(fresh);
  const shown = fresh ?? kept;
  const aheadKey = readAhead ? placeKey(following) : undefined;
  const aheadPage = readAhead ? next.data : undefined;
  // One object per page read ahead: the board defers rendering it, and a new object would start that again.
  const ahead = useMemo(
    () => (aheadPage && following ? { page: aheadPage, index: following.index, at: arrivedAt(aheadPage), key: aheadKey! } : undefined),
    [aheadPage, aheadKey], // eslint-disable-line -- `following` and `arrivedAt` are named by aheadKey and aheadPage
  );

  // A new screen height changes the page size: start again from the first page.
  useEffect(() => setPlace(FIRST_PLACE), [rows]);
  useEffect(() => timer.every(TURN_MS, () => setPlace((place) => nextPlace(place, latest.current))), [timer, latest]);

  return { shown, ahead, error: current.error, isPending: current.isPending && !shown };
}
