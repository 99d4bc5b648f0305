/**
 * Calls `onNear` when an element comes within a screen's height below the viewport (or onto it):
 * a list's 'Show more' reads its next page ahead there (docs/design.md#long-lists). Only a
 * coming near counts, not being near already when watching starts: a table whose foot shows on a
 * tall screen would otherwise read ahead at every load and after every refresh, for people who
 * mostly never click; someone scrolling towards the button is about to.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLatest } from './useLatest.ts';

/** How far below the screen counts as near: one more screenful. */
const NEAR_MARGIN = '0px 0px 100% 0px';

export function useWhenNearScreen<E extends Element>(onNear: () => void, enabled: boolean): RefObject<E | null> {
  const ref = useRef<E>(null);
  const latest = useLatest(onNear);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    let wasNear: boolean | undefined;
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
  }, [enabled, latest]);
  return ref;
}
