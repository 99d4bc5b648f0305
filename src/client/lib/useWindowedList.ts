/**
 * Windowing for long lists (docs/design.md#long-lists): past a threshold, a list renders only the
 * rows on screen and OVERSCAN_PX either side, and paddings on the list stand in for the rest, so
 * the page is as long as the whole list. Works for a CSS grid of cards (a row is as many items as
 * it has columns) and for a plain list alike.
 *  - Row heights are measured as rows render, and remembered per list while the app runs, so
 *    Back's scroll memory (scrollMemory.ts) puts the same cards on screen again.
 *  - A focused item always renders, with every row between it and the screen: focus is never
 *    lost, and Tab goes through the items in their order.
 * The window is read from the viewport (scroll and resize) through useSyncExternalStore.
 *  - The rows on screen render at once; the rows beyond it (the overscan) follow in a background
 *    render (useDeferredValue). 'Show more' and a scroll so paint what is on screen first.
 */
import { useDeferredValue, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type CSSProperties, type FocusEvent, type RefObject } from 'react';
import { columnsOf, including, roomAround, rowsOverlapping, withoutOverscan, type RowLayout, type RowRange } from './windowing.ts';

/** Up to this many items a list renders them all (exact heights, find-in-page sees every one). */
export const WINDOW_THRESHOLD = 200;
/** A row's height before any row of the list was measured (a ticket card is about this tall). */
export const ROW_ESTIMATE_PX = 240;
/** Rendered beyond the screen, above and below: Tab's next item and a quick scroll find rows there. */
export const OVERSCAN_PX = 600;
/** Lists whose row heights are remembered (Back to any of them lands where it was). */
const REMEMBERED_LISTS = 20;
/** Where focus may go without leaving an item: a card's own dialogs are portals. */
const ITEM_DIALOGS = '[role="dialog"], [role="alertdialog"]';

interface Memory {
  columns: number;
  heights: Map<number, number>;
}

const memories = new Map<string, Memory>();

function memoryOf(key: string): Memory {
  const memory = memories.get(key) ?? { columns: 1, heights: new Map() };
  memories.delete(key);
  memories.set(key, memory);
  if (memories.size > REMEMBERED_LISTS) memories.delete(memories.keys().next().value!);
  return memory;
}

/** Forgets every list's row heights (tests). */
export const forgetRowHeights = () => memories.clear();

/** Resizes so far: the grid's columns are read again only after one (a style read per scroll adds up). */
let resizes = 0;
if (typeof window !== 'undefined') addEventListener('resize', () => resizes++);

function subscribeViewport(changed: () => void): () => void {
  addEventListener('scroll', changed, { passive: true });
  addEventListener('resize', changed);
  return () => {
    removeEventListener('scroll', changed);
    removeEventListener('resize', changed);
  };
}

function layoutOf(memory: Memory, count: number, gap: number, estimate: number): RowLayout {
  let sum = 0;
  for (const height of memory.heights.values()) sum += height;
  const unmeasured = memory.heights.size ? sum / memory.heights.size : estimate;
  return { rows: Math.ceil(count / memory.columns), gap, heightOf: (row) => memory.heights.get(row) ?? unmeasured };
}

export interface WindowedListOptions {
  /** Items in the list. */
  count: number;
  /** Names the list (its address): its row heights are remembered under it. */
  memoryKey: string;
  /** Window only past this many items. @default WINDOW_THRESHOLD (200) */
  threshold?: number;
  /** A row's height before one is measured, px. @default ROW_ESTIMATE_PX (240) */
  estimate?: number;
  /** Rendered beyond the screen, above and below, px. @default OVERSCAN_PX (600) */
  overscan?: number;
}

export interface WindowedList<E extends HTMLElement> {
  /** For the list element; its children must be the rendered items, in order. */
  ref: RefObject<E | null>;
  /** The items to render: from `first` up to, not including, `last`. */
  first: number;
  last: number;
  /** The paddings standing in for the rows not rendered (undefined below the threshold). */
  style: CSSProperties | undefined;
  onFocus(event: FocusEvent<E>): void;
  onBlur(event: FocusEvent<E>): void;
}

export function useWindowedList<E extends HTMLElement>(options: WindowedListOptions): WindowedList<E> {
  const { count, memoryKey, threshold = WINDOW_THRESHOLD, estimate = ROW_ESTIMATE_PX, overscan = OVERSCAN_PX } = options;
  const ref = useRef<E>(null);
  const windowed = count > threshold;
  const memory = useMemo(() => memoryOf(memoryKey), [memoryKey]);
  const gap = useRef(0);
  const columnsRead = useRef(-1);
  const [focused, setFocused] = useState<number>();
  const [, remeasured] = useReducer((n: number) => n + 1, 0);

  /** The rows on screen now and with the overscan, as one comparable string: "columns:first:last:firstOnScreen:lastOnScreen". */
  const onScreen = (): string => {
    if (!windowed) return 'all';
    const list = ref.current;
    if (list && columnsRead.current !== resizes) {
      columnsRead.current = resizes;
      const columns = columnsOf(list);
      if (columns !== memory.columns) Object.assign(memory, { columns, heights: new Map() });
    }
    const top = list ? -list.getBoundingClientRect().top : 0;
    const layout = layoutOf(memory, count, gap.current, estimate);
    const all = rowsOverlapping(layout, top - overscan, top + innerHeight + overscan);
    const seen = rowsOverlapping(layout, top, top + innerHeight);
    return `${memory.columns}:${all.first}:${all.last}:${seen.first}:${seen.last}`;
  };
  const screen = useSyncExternalStore(subscribeViewport, onScreen);
  const settled = useDeferredValue(screen);

  const [columns = 1, firstRow = 0, lastRow = -1, firstSeen = 0, lastSeen = -1] = windowed ? screen.split(':').map(Number) : [];
  const [settledColumns, settledFirst = 0, settledLast = -1] = windowed ? settled.split(':').map(Number) : [];
  const wanted =
    settled === screen || settledColumns !== columns
      ? { first: firstRow, last: lastRow }
      : withoutOverscan({ first: firstSeen, last: lastSeen }, { first: settledFirst, last: settledLast }, Math.ceil(count / columns));
  const focusedRow = focused !== undefined && focused < count ? Math.floor(focused / columns) : undefined;
  const rows: RowRange = including(wanted, focusedRow);
  const first = windowed ? rows.first * columns : 0;
  const last = windowed ? Math.min(count, (rows.last + 1) * columns) : count;
  const room = windowed ? roomAround(layoutOf(memory, count, gap.current, estimate), rows) : undefined;

  // Measures the rows just rendered: one layout, which the paint needs anyway. Renders again,
  // before the paint, only when the rendered rows would move or others come on screen: a second
  // layout for the padding below alone would double the cost of every 'Show more' (that padding
  // is put right by the next render).
  useLayoutEffect(() => {
    const list = ref.current;
    if (!windowed || !list || !room) return;
    gap.current = parseFloat(getComputedStyle(list).rowGap) || 0;
    for (let row = rows.first; row <= rows.last; row++) {
      const height = list.children[(row - rows.first) * columns]?.getBoundingClientRect().height ?? 0;
      if (height > 0) memory.heights.set(row, height);
    }
    const moved = Math.abs(roomAround(layoutOf(memory, count, gap.current, estimate), rows).before - room.before) >= 0.5;
    if (moved || onScreen() !== screen) remeasured();
  });

  return {
    ref,
    first,
    last,
    style: room && { paddingTop: room.before, paddingBottom: room.after },
    onFocus(event) {
      const at = [...(ref.current?.children ?? [])].findIndex((item) => item.contains(event.target));
      if (at >= 0) setFocused(first + at);
    },
    onBlur(event) {
      const to = event.relatedTarget instanceof Element ? event.relatedTarget : null;
      // Focus stays with the item inside the list, in a dialog it opened, or in another window.
      if (to ? ref.current?.contains(to) || to.closest(ITEM_DIALOGS) : !document.hasFocus()) return;
      setFocused(undefined);
    },
  };
}
