/**
 * Whether a table must show its rows as cards: when its columns do not fit its box, at any
 * screen width (a phone, or a tablet beside the admin navigation), so no column hides behind a
 * sideways scroll. The table's own width is measured while it is a table; as cards, it turns
 * back into a table once its box is that wide again. New rows are measured afresh.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Sub-pixel rounding must not count as overflow. */
const SLACK_PX = 1;

export function useStackWhenNarrow(box: RefObject<HTMLElement | null>, enabled: boolean, rows: unknown): boolean {
  const [stacked, setStacked] = useState(false);
  const tableWidth = useRef(0);

  // New rows may be wider or narrower: measure them as a table again (before paint).
  useLayoutEffect(() => setStacked(false), [rows]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!enabled || !element || stacked) return;
    tableWidth.current = element.scrollWidth;
    if (element.scrollWidth > element.clientWidth + SLACK_PX) setStacked(true);
  });

  useEffect(() => {
    const element = box.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stacked) {
        if (element.clientWidth + SLACK_PX >= tableWidth.current) setStacked(false);
      } else if (element.scrollWidth > element.clientWidth + SLACK_PX) setStacked(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, enabled, stacked]);

  return enabled && stacked;
}
