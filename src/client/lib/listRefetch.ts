/**
 * When lists on screen refetch after live events (design.md#live-updates): the first change
 * after a quiet spell within LIVE_BATCH_MS and a random part of LIST_REFETCH_JITTER_MS (every tab
 * hears of a change at once; they must not all ask at once), then at most once every LIST_REFETCH_EVERY_MS
 * however many arrive, and never while the tab is hidden (it catches up when shown again).
 */
import { LIST_REFETCH_EVERY_MS, LIST_REFETCH_JITTER_MS, LIVE_BATCH_MS, listRefetchWait, type ListChange } from '../../shared/liveRules.ts';

export type { ListChange };

export interface ListRefetchOptions {
  /** Refetches the lists these changes may alter. */
  refetch(changes: ReadonlySet<ListChange>): void;
  /** The page whose visibility is watched. @default document */
  page?: Document;
  /** @default LIST_REFETCH_EVERY_MS */
  everyMs?: number;
  /** A number in [0, 1): the share of LIST_REFETCH_JITTER_MS a refetch after a quiet spell waits. @default Math.random */
  random?: () => number;
}

export function createListRefetcher(options: ListRefetchOptions) {
  const { refetch, page = document, everyMs = LIST_REFETCH_EVERY_MS, random = Math.random } = options;
  let pending = new Set<ListChange>();
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const visible = () => page.visibilityState !== 'hidden';

  const flush = () => {
    timer = undefined;
    if (pending.size === 0 || !visible()) return;
    lastAt = Date.now();
    const changes = pending;
    pending = new Set();
    refetch(changes);
  };
  const schedule = () => {
    if (timer !== undefined || !visible()) return;
    timer = setTimeout(flush, Math.max(LIVE_BATCH_MS + random() * LIST_REFETCH_JITTER_MS, listRefetchWait(lastAt, Date.now(), everyMs)));
  };
  const shown = () => {
    if (pending.size > 0) schedule();
  };
  page.addEventListener('visibilitychange', shown);

  return {
    /** A change some list may show; refetched on the schedule above. */
    add(change: ListChange): void {
      pending.add(change);
      schedule();
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
      page.removeEventListener('visibilitychange', shown);
    },
  };
}
