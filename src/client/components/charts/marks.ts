/**
 * What every chart's marks share: each is one stop for the keyboard (arrow keys move between
 * them, one Tab stop per chart), shows its exact values in a tooltip on hover and on focus, and
 * may open something (a bar opens the work queue).
 */
import { useState, type KeyboardEvent } from 'react';

export interface Mark {
  key: string;
  /** Where the tooltip points, in px from the chart's top left. */
  x: number;
  y: number;
  /** Read by screen readers and shown in the tooltip, one line each. */
  lines: readonly string[];
  /** Given, the mark is a link. */
  href?: string;
}

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/** The roving focus over a chart's marks: which one is shown, and the keys that move it. */
export function useMarks(count: number, activate: (index: number) => void) {
  const [shown, setShown] = useState<number | null>(null);
  const [focusable, setFocusable] = useState(0);
  const current = Math.min(focusable, Math.max(0, count - 1));

  function onKeyDown(event: KeyboardEvent<SVGElement>, index: number) {
    let next = index;
    if (NEXT.has(event.key)) next = Math.min(count - 1, index + 1);
    else if (PREVIOUS.has(event.key)) next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else if (event.key === 'Enter') return activate(index);
    else if (event.key === 'Escape') return setShown(null);
    else return;
    event.preventDefault();
    setFocusable(next);
    const svg = event.currentTarget.ownerSVGElement;
    (svg?.querySelector(`[data-mark="${next}"]`) as SVGElement | null)?.focus();
  }

  /** Props for mark `index`'s hit area. */
  const markProps = (index: number) => ({
    'data-mark': index,
    tabIndex: index === current ? 0 : -1,
    onFocus: () => {
      setFocusable(index);
      setShown(index);
    },
    onBlur: () => setShown(null),
    onMouseEnter: () => setShown(index),
    onMouseLeave: () => setShown(null),
    onKeyDown: (event: KeyboardEvent<SVGElement>) => onKeyDown(event, index),
    onClick: () => activate(index),
  });
  return { shown, markProps };
}
