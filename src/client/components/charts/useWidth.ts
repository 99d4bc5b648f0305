/** An element's width in px, following resizes (ResizeObserver as an external store). */
import { useCallback, useState, useSyncExternalStore } from 'react';

/** Used before the element is measured, and where ResizeObserver is missing (tests). @default 640 */
export const FALLBACK_WIDTH = 640;

export function useWidth(fallback = FALLBACK_WIDTH): [ref: (element: HTMLElement | null) => void, width: number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!element || typeof ResizeObserver === 'undefined') return () => {};
      const observer = new ResizeObserver(notify);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [element],
  );
  const width = useSyncExternalStore(subscribe, () => (element && element.clientWidth > 0 ? element.clientWidth : fallback), () => fallback);
  return [setElement, width];
}
