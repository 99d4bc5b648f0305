/**
 * The event streams' limit as a capacity (design.md#live-updates): EVENTS_MAX_STREAMS open at
 * once, the next refused with 503; at STREAMS_NEAR_SHARE of it one log line, and GET /api/health
 * says `streams: {open, max}` until they fall back below it. And the slicing every walk over all
 * streams uses, so ten thousand of them never hold the event loop in one go.
 */

/** From this share of the limit, the log and the health answer say the streams are near it. */
export const STREAMS_NEAR_SHARE = 0.9;
/** Streams handled per turn of the event loop by a walk over all of them (fan-out, heartbeat, revocations). */
export const STREAMS_PER_SLICE = 250;

export function streamCapacity(max: number, log: (line: string) => void) {
  const nearAt = Math.max(1, Math.ceil(max * STREAMS_NEAR_SHARE));
  let warned = false;
  return {
    full: (open: number) => open >= max,
    near: (open: number) => (open >= nearAt ? { open, max } : undefined),
    /** Logs once on reaching the near mark, again after falling back below it and reaching it anew. */
    changed(open: number): void {
      if (open < nearAt) warned = false;
      else if (!warned) {
        warned = true;
        log(`Event streams: ${open.toLocaleString('en')} open of EVENTS_MAX_STREAMS ${max.toLocaleString('en')}; past it, GET /api/events answers 503 and people get no live updates.`);
      }
    },
  };
}

/** Calls `each` on every item, STREAMS_PER_SLICE per turn of the event loop, then `done`. */
export function eachInSlices<T>(items: readonly T[], each: (item: T) => void, done?: () => void): void {
  let next = 0;
  const slice = () => {
    const end = Math.min(next + STREAMS_PER_SLICE, items.length);
    for (; next < end; next++) each(items[next]!);
    if (next < items.length) setImmediate(slice);
    else done?.();
  };
  slice();
}
