/**
 * An element's width in px (clientWidth), followed as it changes; 0 until it is laid out. Under a
 * `key`, the last width measured is where the next mount starts, so a list that comes back (a
 * new filter's first page) is drawn once at its width instead of once wide and again folded.
 * Its top on the page is kept too (lastTopOf): how many rows of the next list can be on screen.
 */
import { useLayoutEffect, useRef, useState } from 'react';

const lastWidths = new Map<string, number>();
const lastTops = new Map<string, number>();

/** Where the element under `key` last began, in px from the page's top; undefined before it was measured. */
export const lastTopOf = (key: string) => lastTops.get(key);

export function useWidth<E extends HTMLElement>(key?: string) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(() => (key ? (lastWidths.get(key) ?? 0) : 0));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const now = element.clientWidth;
      if (key) {
        lastWidths.set(key, now);
        // Read where the observer reports, after the browser's layout: nothing left to lay out.
        lastTops.set(key, element.getBoundingClientRect().top + scrollY);
      }
      setWidth(now);
    };
    // A ResizeObserver reports after the browser's own layout; reading clientWidth now would force
    // one more, synchronously, on every new list (bench/queue-first-rows.mjs). Without it, measure now.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer) observer.observe(element);
    else measure();
    // The window's resize too, for a layout the observer misses.
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [key]);
  return [ref, width] as const;
}
