/** The latest value of a prop or callback, for code that runs later (a listener, a fetch). */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Updated after render, never during it, so an abandoned render (StrictMode, a suspended
 * transition) cannot leave a value that was never shown. Layout effects run before the passive
 * ones, so subscriptions made in effects already see the new value.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
