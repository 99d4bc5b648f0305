/**
 * The kiosk's paging, as plain functions: how many rows a screen holds, which page comes next,
 * the times it shows. Kept apart from React so the turn can be tested without a screen.
 */
import type { TicketPage } from '../../../../shared/workQueue.ts';

/** How long each page shows before the next. */
export const TURN_MS = 15_000;
/** A screen's rows: the height left under the head, in rows tall enough to read from three metres. */
const MIN_ROWS = 4;
const MAX_ROWS = 16;
/** A row's share of the screen height (1080 px: 11 rows of 70 px), never under ROW_MIN_PX. */
const ROW_SHARE = 0.065;
const ROW_MIN_PX = 56;
/** The head (title, counts, clock) takes this share of the screen height. */
const HEAD_SHARE = 0.28;

export function rowsFor(height: number): number {
  const rows = Math.floor((height * (1 - HEAD_SHARE)) / Math.max(ROW_MIN_PX, height * ROW_SHARE));
  return Math.max(MIN_ROWS, Math.min(MAX_ROWS, Number.isFinite(rows) ? rows : MIN_ROWS));
}

/** Where the kiosk is: the cursor of the page on screen (undefined: the first) and its number from 0. */
export interface KioskPlace {
  cursor: string | undefined;
  index: number;
}

export const FIRST_PLACE: KioskPlace = { cursor: undefined, index: 0 };

/** The page after this one, or the first again after the last (or when this one never loaded). */
export function nextPlace(place: KioskPlace, page: TicketPage | undefined): KioskPlace {
  const next = page?.next_cursor;
  return next ? { cursor: next, index: place.index + 1 } : FIRST_PLACE;
}

/** How many screens the open work fills. */
export const pageCount = (total: number, rows: number) => Math.max(1, Math.ceil(total / rows));

/** 'hh:mm' in the screen's own time, 24-hour. */
export function hhmm(time: number): string {
  const at = new Date(time);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** The timer the kiosk turns its pages and its clock with; tests pass their own. */
export interface KioskTimer {
  every(ms: number, tick: () => void): () => void;
  now(): number;
}

export const realTimer: KioskTimer = {
  every(ms, tick) {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
  now: () => Date.now(),
};
