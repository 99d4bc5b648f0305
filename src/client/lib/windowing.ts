/**
 * The arithmetic of a windowed list (useWindowedList.ts), as plain functions: which rows overlap
 * a span of the list, and how much room the rows left out take above and below them.
 */

/** Rows of a list: how many, each one's height (measured, or the estimate), and the gap between two. */
export interface RowLayout {
  rows: number;
  heightOf(row: number): number;
  gap: number;
}

/** First and last row (inclusive) rendered; last < first for an empty list. */
export interface RowRange {
  first: number;
  last: number;
}

/** The rows overlapping [from, to], in px from the list's top edge. */
export function rowsOverlapping(layout: RowLayout, from: number, to: number): RowRange {
  if (layout.rows === 0) return { first: 0, last: -1 };
  let top = 0;
  let first = -1;
  for (let row = 0; row < layout.rows; row++) {
    const bottom = top + layout.heightOf(row);
    if (first < 0 && bottom >= from) first = row;
    if (top > to) return { first: Math.max(0, first), last: Math.max(first, row - 1) };
    top = bottom + layout.gap;
  }
  // The span is below the end: the last row still renders, so the list never draws nothing.
  return { first: first < 0 ? layout.rows - 1 : first, last: layout.rows - 1 };
}

/** The room the rows before `first` and after `last` take, gaps included (the list's paddings). */
export function roomAround(layout: RowLayout, { first, last }: RowRange): { before: number; after: number } {
  let before = 0;
  let after = 0;
  for (let row = 0; row < layout.rows; row++) {
    if (row < first) before += layout.heightOf(row) + layout.gap;
    else if (row > last) after += layout.heightOf(row) + layout.gap;
  }
  return { before, after };
}

/**
 * What renders while the overscan waits for a background render: the rows on screen, and the
 * rows rendered before as far as they join them (kept, so nothing on screen is drawn twice).
 */
export function withoutOverscan(seen: RowRange, before: RowRange, rows: number): RowRange {
  const joined = before.first <= seen.last + 1 && before.last >= seen.first - 1;
  if (!joined) return seen;
  return { first: Math.min(seen.first, before.first), last: Math.min(rows - 1, Math.max(seen.last, before.last)) };
}

/** A range stretched to hold one more row (a focused one), so nothing between them is skipped. */
export function including({ first, last }: RowRange, row: number | undefined): RowRange {
  if (row === undefined) return { first, last };
  return { first: Math.min(first, row), last: Math.max(last, row) };
}

/** How many columns a CSS grid lays out now (1 for anything else): its used tracks, in px. */
export function columnsOf(element: Element): number {
  const tracks = getComputedStyle(element).gridTemplateColumns ?? '';
  return Math.max(1, tracks.split(/\s+/).filter((track) => track.endsWith('px')).length);
}
