/**
 * Back and Forward return to a list where it was left: the scroll position and the number of
 * pages loaded are saved per address in sessionStorage, and restored only when the address was
 * reached through history (popstate) — a fresh link to the same list starts at the top.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLatest } from './useLatest.ts';

export interface Saved {
  y: number;
  pages: number;
}

const PREFIX = 'helpdesk.scroll:';
/** Addresses remembered per tab; a kiosk searching for days must not fill its storage. */
const MAX_REMEMBERED = 50;
let cameBack = false;

if (typeof window !== 'undefined') {
  // The app restores scroll itself, after the pages have rendered; the browser would try too early.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  // Set before anything re-renders: wouter's popstate listener renders the new screen at once.
  // The Navigation API's 'navigate' event comes before popstate; where it is missing, main.tsx
  // loads this module before the app, so this popstate listener is registered (and runs) first.
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) navigation.addEventListener('navigate', (event) => (cameBack = (event as Event & { navigationType?: string }).navigationType === 'traverse'));
  else addEventListener('popstate', () => (cameBack = true));
  // wouter dispatches these for its own navigations (use-browser-location.js).
  addEventListener('pushState', () => (cameBack = false));
  addEventListener('replaceState', () => (cameBack = false));
}

/** This screen was reached through Back or Forward (its saved scroll position may be restored). */
export const reachedThroughHistory = () => cameBack;

function read(address: string): Saved | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PREFIX + address) ?? 'null') as Saved | null;
    return saved && typeof saved.y === 'number' && typeof saved.pages === 'number' ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the oldest-written addresses beyond MAX_REMEMBERED (storage keeps no order: the entries carry it). */
function prune() {
  const keys = Object.keys(sessionStorage).filter((key) => key.startsWith(PREFIX));
  if (keys.length <= MAX_REMEMBERED) return;
  const at = (key: string) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { at?: number }).at ?? 0;
  for (const key of keys.sort((a, b) => at(a) - at(b)).slice(0, keys.length - MAX_REMEMBERED)) sessionStorage.removeItem(key);
}

function write(address: string, saved: Saved) {
  try {
    const known = sessionStorage.getItem(PREFIX + address) !== null;
    sessionStorage.setItem(PREFIX + address, JSON.stringify({ ...saved, at: Date.now() }));
    if (!known) prune();
  } catch {
    // Storage full or blocked: Back then starts at the top, nothing worse.
  }
}

/**
 * What was saved for this address when it was reached through history, until it is restored.
 * Read it before the list's query, to load as many pages as were on screen.
 */
export function useSavedScroll(address: string): [Saved | undefined, () => void] {
  const [restoring, setRestoring] = useState(() => ({ address, saved: cameBack ? read(address) : undefined }));
  if (restoring.address !== address) setRestoring({ address, saved: cameBack ? read(address) : undefined });
  const saved = restoring.address === address ? restoring.saved : undefined;
  return [saved, () => setRestoring({ address, saved: undefined })];
}

/**
 * Restores the saved position once the pages it needs are on screen, then keeps saving.
 * @param address the list's path and query string
 * @param pages pages on screen; undefined while nothing has loaded
 * @param settled no fetch is running (a restore waits for the pages it needs, or for the end)
 */
export function useScrollMemory(address: string, [saved, restored]: [Saved | undefined, () => void], pages: number | undefined, settled: boolean): void {
  const latest = useLatest({ address, pages, pending: saved !== undefined });

  useLayoutEffect(() => {
    if (!saved || pages === undefined || (pages < saved.pages && !settled)) return;
    window.scrollTo(0, saved.y);
    restored();
  }, [saved, pages, settled]); // `restored` is a new function each render and changes nothing that matters here

  useEffect(() => {
    let frame = 0;
    const save = () => {
      frame = 0;
      const { address: at, pages: loaded, pending } = latest.current;
      if (!pending && loaded !== undefined && at === location.pathname + location.search) write(at, { y: window.scrollY, pages: loaded });
    };
    const onScroll = () => (frame ||= requestAnimationFrame(save));
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [latest]);

  useEffect(() => {
    if (!latest.current.pending && pages !== undefined) write(address, { y: window.scrollY, pages });
  }, [address, pages, latest]);
}

/**
 * Scroll memory for a list that loads in one piece (staff, developers, categories, services):
 * the current address is remembered, and restored once the list is on screen.
 * @param loaded the list is on screen
 * @param settled no fetch is running
 */
export function useListScroll(loaded: boolean, settled: boolean): void {
  const address = location.pathname + location.search;
  const memory = useSavedScroll(address);
  useScrollMemory(address, memory, loaded ? 1 : undefined, settled);
}
