/** Sliding-window counter of failed sign-ins, per key (an account's e-mail or a client address). */

/** Past this many tracked keys, forgotten windows are swept so memory stays bounded. */
const SWEEP_ABOVE_KEYS = 10_000;

export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  fail(key: string): void;
  clear(key: string): void;
}

export function createRateLimiter(maxFailures: number, windowMs: number, now: () => number): RateLimiter {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  return {
    retryAfter(key) {
      const times = recent(key);
      if (times.length < maxFailures) return 0;
      const oldestCounted = times[times.length - maxFailures]!;
      return Math.max(1, Math.ceil((oldestCounted + windowMs - now()) / 1000));
    },
    fail(key) {
      if (failures.size > SWEEP_ABOVE_KEYS) for (const k of [...failures.keys()]) recent(k);
      failures.set(key, [...recent(key), now()]);
    },
    clear(key) {
      failures.delete(key);
    },
  };
}
