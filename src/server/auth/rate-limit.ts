/**
 * Sliding-window counter of failed sign-ins, per key (an e-mail, an address, or both). Attempts
 * still being checked count as failures until they settle, so a burst sent at once is refused
 * at once instead of queueing a hash for every request.
 */

/** Past this many tracked keys, forgotten windows are swept so memory stays bounded. */
const SWEEP_ABOVE_KEYS = 10_000;

export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now; attempts in flight count unless told not to. */
  retryAfter(key: string, countPending?: boolean): number;
  /** Whether the key failed at all within the window. */
  hasFailures(key: string): boolean;
  fail(key: string): void;
  clear(key: string): void;
  /** Counts an attempt in progress; call the returned function once it is decided. */
  reserve(key: string): (failed: boolean) => void;
}

export function createRateLimiter(maxFailures: number, windowMs: number, now: () => number): RateLimiter {
  const failures = new Map<string, number[]>();
  const pending = new Map<string, number>();

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  const limiter: RateLimiter = {
    retryAfter(key, countPending = true) {
      const times = recent(key);
      if (times.length + (countPending ? (pending.get(key) ?? 0) : 0) < maxFailures) return 0;
      if (times.length < maxFailures) return 1; // attempts in flight will settle within a second or so
      const oldestCounted = times[times.length - maxFailures]!;
      return Math.max(1, Math.ceil((oldestCounted + windowMs - now()) / 1000));
    },
    hasFailures: (key) => recent(key).length > 0,
    fail(key) {
      if (failures.size > SWEEP_ABOVE_KEYS) for (const k of [...failures.keys()]) recent(k);
      failures.set(key, [...recent(key), now()]);
    },
    clear(key) {
      failures.delete(key);
    },
    reserve(key) {
      pending.set(key, (pending.get(key) ?? 0) + 1);
      let settled = false;
      return (failed) => {
        if (settled) return;
        settled = true;
        const left = (pending.get(key) ?? 1) - 1;
        if (left > 0) pending.set(key, left);
        else pending.delete(key);
        if (failed) limiter.fail(key);
      };
    },
  };
  return limiter;
}
