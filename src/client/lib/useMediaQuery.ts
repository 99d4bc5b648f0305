/** Whether a CSS media query matches, kept up to date; false where matchMedia is missing. */
import { useCallback, useSyncExternalStore } from 'react';

/** Phones: the width below which the list's controls fold (as the stylesheets' 767px breakpoint). */
export const PHONE_QUERY = '(max-width: 767px)';
/** Touch screens, where keyboard hints mean nothing. */
export const TOUCH_QUERY = '(hover: none), (pointer: coarse)';

const mediaOf = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const media = mediaOf(query);
      media?.addEventListener('change', listener);
      return () => media?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaOf(query)?.matches ?? false);
}
