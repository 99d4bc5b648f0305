/** design.md#live-updates: lists on screen refetch after live events at most once every 3 s, and never while hidden. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createListRefetcher, type ListChange } from '../../../src/client/lib/listRefetch.ts';
import { LIST_REFETCH_EVERY_MS, LIST_REFETCH_JITTER_MS, LIVE_BATCH_MS } from '../../../src/shared/liveRules.ts';

/** A page whose visibility the test sets. */
class FakePage extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

let page: FakePage;
let refetches: ListChange[][];
let lists: ReturnType<typeof createListRefetcher>;

beforeEach(() => {
  vi.useFakeTimers();
  page = new FakePage();
  refetches = [];
  lists = createListRefetcher({ refetch: (changes) => refetches.push([...changes]), page: page as unknown as Document, random: () => 0 });
});
afterEach(() => {
  lists.stop();
  vi.useRealTimers();
});

describe('list refetches after live events', () => {
  it('the first change after a quiet spell refetches within the batch; a storm after it, once per 3 s with every change it carried', () => {
    lists.add('status');
    vi.advanceTimersByTime(LIVE_BATCH_MS - 1);
    expect(refetches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(refetches).toEqual([['status']]);

    // Twenty events a second for 5.5 s: refetched at 3.1 s, and the rest at 6.1 s.
    for (let i = 0; i < 110; i++) {
      lists.add(i % 2 ? 'comment' : 'created');
      vi.advanceTimersByTime(50);
    }
    expect(refetches).toHaveLength(2);
    expect(refetches[1]).toEqual(['created', 'comment']);
    vi.advanceTimersByTime(6100 - 5600 - 1);
    expect(refetches).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(refetches).toHaveLength(3);
    vi.advanceTimersByTime(10 * LIST_REFETCH_EVERY_MS);
    expect(refetches).toHaveLength(3);
  });

  it('waits while the tab is hidden, however long, and catches up once when it is shown', () => {
    page.show('hidden');
    lists.add('status');
    lists.add('sla');
    vi.advanceTimersByTime(60_000);
    expect(refetches).toEqual([]);
    page.show('visible');
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    expect(refetches).toEqual([['status', 'sla']]);
  });

  it('a change pending when the tab hides waits for it to show again', () => {
    lists.add('created');
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    lists.add('status');
    page.show('hidden');
    vi.advanceTimersByTime(LIST_REFETCH_EVERY_MS * 3);
    expect(refetches).toEqual([['created']]);
    page.show('visible');
    vi.advanceTimersByTime(LIVE_BATCH_MS);
    expect(refetches).toEqual([['created'], ['status']]);
  });

  it('after a quiet spell, each tab waits its own random part of the jitter, so they do not all ask at once', () => {
    const late: string[] = [];
    const other = createListRefetcher({ refetch: () => late.push('refetched'), page: page as unknown as Document, random: () => 0.5 });
    other.add('status');
    vi.advanceTimersByTime(LIVE_BATCH_MS + LIST_REFETCH_JITTER_MS / 2 - 1);
    expect(late).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(late).toEqual(['refetched']);
    other.stop();
  });

  it('stop() drops what is pending', () => {
    lists.add('created');
    lists.stop();
    vi.advanceTimersByTime(LIST_REFETCH_EVERY_MS);
    expect(refetches).toEqual([]);
  });
});
