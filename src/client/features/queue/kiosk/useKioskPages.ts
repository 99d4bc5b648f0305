/**
 * What the kiosk shows: one screenful of open work at a time, turning to the next page every
 * TURN_MS and back to the first after the last. The next page is read ahead, so a turn only
 * draws. The rows last shown stay up while a page loads or the server is away; every turn reads
 * its page afresh, so the kiosk catches up on its own once the server answers again.
 */
import { useEffect, useState } from 'react';
import type { TicketPage, TicketQuery } from '../../../../shared/workQueue.ts';
import { useTicketPage } from '../../../api/tickets.ts';
import { useLatest } from '../../../lib/useLatest.ts';
import { FIRST_PLACE, nextPlace, type KioskPlace, type KioskTimer } from './paging.ts';

export const TURN_MS = 15_000;
/** Open work, most urgent first (the board's order). */
const OPEN_WORK: TicketQuery = { status: ['opened', 'assigned'], sort: 'priority' };

export interface Shown {
  page: TicketPage;
  index: number;
  /** When this page's data arrived (the timer's clock). */
  at: number;
}

export function useKioskPages(rows: number, timer: KioskTimer) {
  const [place, setPlace] = useState<KioskPlace>(FIRST_PLACE);
  const current = useTicketPage('all', { ...OPEN_WORK, limit: rows, cursor: place.cursor });
  const ahead = current.data?.next_cursor ?? undefined;
  useTicketPage('all', { ...OPEN_WORK, limit: rows, cursor: ahead }, { enabled: ahead !== undefined });
  const [shown, setShown] = useState<Shown>();
  const latest = useLatest(current.data);

  // A new screen height changes the page size: start again from the first page.
  useEffect(() => setPlace(FIRST_PLACE), [rows]);
  useEffect(() => timer.every(TURN_MS, () => setPlace((place) => nextPlace(place, latest.current))), [timer, latest]);
  useEffect(() => {
    if (current.data) setShown({ page: current.data, index: place.index, at: timer.now() });
  }, [current.data]); // eslint-disable-line -- the index and clock are read as the data lands

  return { shown, error: current.error, isPending: current.isPending && !shown };
}
