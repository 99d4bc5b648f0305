/**
 * The time, updated once a minute: enough for "Due in 2 h" and a board's ages to stay true without
 * a refetch. One clock for every reader: a list of 50 rows shows up to 100 deadline badges, and a
 * timer and an effect each would be set up on every new list (bench/queue-first-rows.mjs).
 */
import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) timer = setInterval(tick, MINUTE);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** With nobody reading, the time is taken afresh once it is a minute off (the clock may have moved, in tests by hand). */
function snapshot(): number {
  if (listeners.size === 0 && Math.abs(Date.now() - now) >= MINUTE) now = Date.now();
  return now;
}

export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
