/**
 * Calls `onNear` when an element comes within a screen's height below the viewport (or onto it):
 * a list's 'Show more' reads its next page ahead there (docs/design.md#long-lists). Only a
 * coming near counts, not being near already when watching starts: a table whose foot shows on a
 * tall screen would otherwise read ahead at every load and after every refresh, for people who
 * mostly never click; someone scrolling towards the button is about to. Once the list grew under
 * the same element (its pages kept, more added), being near counts at once: that person is paging, and on a
 * screen taller than a page the button never leaves the margin.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLatest } from './useLatest.ts';

/** How far below the screen counts as near: one more screenful. */
const NEAR_MARGIN = '0px 0px 100% 0px';

/**
 * @param pages the list above the element: the same list with more pages under the same element
 *   means it grew, so being near then counts at once.
 */
export function useWhenNearScreen<E extends Element>(onNear: () => void, enabled: boolean, pages: readonly unknown[] | undefined): RefObject<E | null> {
  const ref = useRef<E>(null);
  const lastWatch = useRef<{ element: E; pages: readonly unknown[] | undefined }>(undefined);
  const latest = useLatest(onNear);
  const latestPages = useLatest(pages);
  const pageCount = pages?.length;
  useEffect(() => {
    const pages = latestPages.current;
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const before = lastWatch.current;
    lastWatch.current = { element, pages };
    // Another list shown under the same element, or the list read afresh, has not grown.
    const grew = before?.element === element && grewFrom(before.pages, pages);
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
  }, [enabled, latest, latestPages, pageCount]);
  return ref;
}

/** Whether `after` is `before` with pages added: its pages up to before's last are the same ones. */
function grewFrom(before: readonly unknown[] | undefined, after: readonly unknown[] | undefined): boolean {
  if (!before?.length || !after || after.length <= before.length) return false;
  return after[before.length - 1] === before.at(-1);
}
