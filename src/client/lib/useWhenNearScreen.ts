/**
 * Calls `onNear` when an element comes within a screen's height below the viewport (or onto it):
 * a list's 'Show more' reads its next page ahead there (docs/design.md#long-lists). Only a
 * coming near counts, not being near already when watching starts: a table whose foot shows on a
 * tall screen would otherwise read ahead at every load and after every refresh, for people who
 * mostly never click; someone scrolling towards the button is about to. Once the list grew under
 * the same element (`end` changed), being near counts at once: that person is paging, and on a
 * screen taller than a page the button never leaves the margin.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLatest } from './useLatest.ts';

/** How far below the screen counts as near: one more screenful. */
const NEAR_MARGIN = '0px 0px 100% 0px';

/**
 * @param end what the element follows (a list's page count): a change under the same element
 *   means the list grew, so being near then counts at once.
 */
export function useWhenNearScreen<E extends Element>(onNear: () => void, enabled: boolean, end: unknown): RefObject<E | null> {
  const ref = useRef<E>(null);
  const lastWatch = useRef<{ element: E; end: unknown }>(undefined);
  const latest = useLatest(onNear);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const grew = lastWatch.current?.element === element && lastWatch.current.end !== end;
    lastWatch.current = { element, end };
    // undefined: the first sighting only says where the element is; false: being near counts.
    let wasNear: boolean | undefined = grew ? false : undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        if (near && wasNear === false) latest.current();
        wasNear = near;
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, latest, end]);
  return ref;
}
