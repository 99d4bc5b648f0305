import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useInfiniteQuery } from '../../../src/client/lib/infiniteQuery.ts';
import { invalidate, updateData, type QueryKey } from '../../../src/client/lib/query.ts';
import { READ_AHEAD_FRESH_MS, READ_AHEAD_MAX_PENDING } from '../../../src/client/lib/readAhead.ts';
import { hashKey } from '../../../src/client/lib/queryCache.ts';
import { refetchKey } from '../../../src/client/lib/queryWatch.ts';
import { prefetchFirstPage } from '../../../src/client/lib/infiniteQuery.ts';
import { ApiError } from '../../../src/client/lib/request.ts';

interface Page {
  items: number[];
  next: string | null;
}

/** A list of `size` numbers served `per` at a time; the cursor is the offset. */
function server(size: number, per = 2) {
  let items = Array.from({ length: size }, (_, i) => i + 1);
  const fetchPage = vi.fn(async (cursor: string | undefined, _signal?: AbortSignal): Promise<Page> => {
    const start = Number(cursor ?? 0);
    const end = start + per;
    return { items: items.slice(start, end), next: end < items.length ? String(end) : null };
  });
  return { fetchPage, prepend: (n: number) => (items = [n, ...items]) };
}

const nextCursor = (page: Page) => page.next;

function List({ queryKey, fetchPage }: { queryKey: QueryKey; fetchPage: (cursor: string | undefined) => Promise<Page> }) {
  const query = useInfiniteQuery(queryKey, fetchPage, { nextCursor });
  if (query.error && !query.data) return <p>{`${query.error.message}...`}</p>;
  if (!query.data) return <p>Loading</p>;
  return (
    <div>
      <p data-testid="items">{query.data.flatMap((page) => page.items).join(',')}</p>
      {query.hasNextPage && <button onClick={() => void query.fetchNextPage()}>{query.isFetchingNextPage ? 'Loading more' : 'Show more'}</button>}
      {query.hasNextPage && <button onClick={query.readAhead}>Read ahead</button>}
      {query.error && <p>{query.error.message}</p>}
    </div>
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const items = () => screen.getByTestId('items').textContent;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('useInfiniteQuery', () => {
  test('loads the first page, then the next one on demand, until there is none', async () => {
    const { fetchPage } = server(5);
    render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    screen.getByText('Loading');
    await advance(0);
    expect(items()).toBe('1,2');
    fireEvent.click(screen.getByText('Show more'));
    screen.getByText('Loading more');
    await advance(0);
    expect(items()).toBe('1,2,3,4');
    fireEvent.click(screen.getByText('Show more'));
    await advance(0);
    expect(items()).toBe('1,2,3,4,5');
    expect(screen.queryByText('Show more')).toBeNull();
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, '2', '4']);
  });

  test('two clicks while a page loads fetch it once; two screens on one key share the requests', async () => {
    const { fetchPage } = server(10);
    render(
      <>
        <List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />
        <List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />
      </>,
    );
    await advance(0);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getAllByText('Show more')[0]!);
    fireEvent.click(screen.getAllByText('Loading more')[1]!);
    await advance(0);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(screen.getAllByTestId('items').map((p) => p.textContent)).toEqual(['1,2,3,4', '1,2,3,4']);
  });

  test('an invalidation walks the loaded pages again from the first and swaps them in whole: no duplicates', async () => {
    const { fetchPage, prepend } = server(6);
    render(<List queryKey={['tickets', 'page', { status: ['opened'] }]} fetchPage={fetchPage} />);
    await advance(0);
    fireEvent.click(screen.getByText('Show more'));
    await advance(0);
    expect(items()).toBe('1,2,3,4');
    // A new ticket arrives at the top: an offset-based second page would now repeat '2'.
    prepend(0);
    fetchPage.mockClear();
    act(() => invalidate(['tickets']));
    expect(items()).toBe('1,2,3,4');
    await advance(0);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, '2']);
    expect(items()).toBe('0,1,2,3');
  });

  test('asking for the next page during a refetch waits for it and continues from its last page', async () => {
    const { fetchPage } = server(6);
    render(<List queryKey={['mytickets', 'page', {}]} fetchPage={fetchPage} />);
    await advance(0);
    act(() => invalidate(['mytickets']));
    fireEvent.click(screen.getByText('Show more'));
    await advance(0);
    expect(items()).toBe('1,2,3,4');
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, undefined, '2']);
  });

  test('a failing next page is retried after 1 s, 2 s and 4 s; the loaded pages stay on screen meanwhile', async () => {
    const { fetchPage } = server(6);
    render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    await advance(0);
    const real = fetchPage.getMockImplementation()!;
    fetchPage.mockImplementation(async (cursor) => {
      if (cursor) throw new ApiError('Server error.', 500);
      return real(cursor);
    });
    fireEvent.click(screen.getByText('Show more'));
    await advance(0);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await advance(1000);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    await advance(2000);
    fetchPage.mockImplementation(real);
    await advance(4000);
    expect(fetchPage).toHaveBeenCalledTimes(5);
    expect(items()).toBe('1,2,3,4');
  });

  test('a 4xx next page (a stale cursor) is not retried; the message shows under the list', async () => {
    const { fetchPage } = server(6);
    render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    await advance(0);
    fetchPage.mockImplementation(async () => {
      throw new ApiError('cursor is not valid for this list; start again from the first page.', 422);
    });
    fireEvent.click(screen.getByText('Show more'));
    await advance(10_000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(items()).toBe('1,2');
    screen.getByText('cursor is not valid for this list; start again from the first page.');
  });

  test('a list reopened within 5 minutes shows its loaded pages at once and refreshes them; after that it starts over', async () => {
    const { fetchPage } = server(6);
    const first = render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    await advance(0);
    fireEvent.click(screen.getByText('Show more'));
    await advance(0);
    first.unmount();
    await advance(5 * 60_000 - 1);
    fetchPage.mockClear();
    const second = render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    expect(items()).toBe('1,2,3,4');
    await advance(0);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, '2']);
    second.unmount();
    await advance(5 * 60_000);
    render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    screen.getByText('Loading');
    await advance(0);
    expect(items()).toBe('1,2');
  });

  describe('reading the next page ahead', () => {
    const cursors = (fetchPage: { mock: { calls: unknown[][] } }) => fetchPage.mock.calls.map(([cursor]) => cursor);

    async function readAheadOfFirstPage(size = 6) {
      const api = server(size);
      render(<List queryKey={['tickets', 'page', {}]} fetchPage={api.fetchPage} />);
      await advance(0);
      fireEvent.click(screen.getByText('Read ahead'));
      fireEvent.click(screen.getByText('Read ahead'));
      await advance(0);
      return api;
    }

    /** The list's first page at once; the first next page asked for only when the test says `arrive()`. */
    async function readAheadHeld() {
      const { fetchPage } = server(6);
      let arrive: () => void = () => {};
      let held = false;
      const slow = vi.fn((cursor: string | undefined, signal?: AbortSignal) => {
        if (cursor === undefined || held) return fetchPage(cursor, signal);
        held = true;
        return new Promise<Page>((resolve) => (arrive = () => resolve(fetchPage(cursor, signal))));
      });
      render(<List queryKey={['tickets', 'page', {}]} fetchPage={slow} />);
      await advance(0);
      fireEvent.click(screen.getByText('Read ahead'));
      return { slow, arrive: () => arrive() };
    }

    test('Show more then draws the page read ahead at once, without a request of its own; reading twice fetches once', async () => {
      const { fetchPage } = await readAheadOfFirstPage();
      expect(cursors(fetchPage)).toEqual([undefined, '2']);
      expect(items()).toBe('1,2');
      fireEvent.click(screen.getByText('Show more'));
      expect(screen.queryByText('Loading more')).toBeNull();
      expect(items()).toBe('1,2,3,4');
      fireEvent.click(screen.getByText('Show more'));
      await advance(0);
      expect(items()).toBe('1,2,3,4,5,6');
      expect(cursors(fetchPage)).toEqual([undefined, '2', '4']);
    });

    test('Show more while the page read ahead is on its way waits for it instead of asking again', async () => {
      const { slow, arrive } = await readAheadHeld();
      fireEvent.click(screen.getByText('Show more'));
      screen.getByText('Loading more');
      await act(async () => arrive());
      await advance(0);
      expect(items()).toBe('1,2,3,4');
      expect(cursors(slow)).toEqual([undefined, '2']);
    });

    test('a change made to the list meanwhile (a live patch, an optimistic change) is made to the page read ahead, which Show more still draws at once', async () => {
      const { fetchPage } = await readAheadOfFirstPage();
      const tenfold = (data: unknown) => (data as Page[]).map((page) => ({ ...page, items: page.items.map((item) => item * 10) }));
      act(() => updateData(['tickets'], tenfold));
      act(() => updateData(['elsewhere'], () => []));
      act(() => updateData(['tickets'], tenfold));
      fireEvent.click(screen.getByText('Show more'));
      expect(screen.queryByText('Loading more')).toBeNull();
      expect(items()).toBe('100,200,300,400');
      expect(cursors(fetchPage)).toEqual([undefined, '2']);
    });

    test.each([
      ['before a click waits for it', 'change first'],
      ['after a click took it', 'click first'],
    ] as const)('a change made while the page read ahead is on its way, %s, is made to it on its arrival', async (_, order) => {
      const { slow, arrive } = await readAheadHeld();
      const negate = () => act(() => updateData(['tickets'], (data) => (data as Page[]).map((page) => ({ ...page, items: page.items.map((item) => -item) }))));
      const click = () => fireEvent.click(screen.getByText('Show more'));
      if (order === 'change first') {
        negate();
        click();
      } else {
        click();
        negate();
      }
      await act(async () => arrive());
      await advance(0);
      expect(items()).toBe('-1,-2,-3,-4');
      expect(cursors(slow)).toEqual([undefined, '2']);
    });

    test(`more than ${READ_AHEAD_MAX_PENDING} changes while the page read ahead is on its way drop it: what waits for it stays bounded`, async () => {
      const { slow } = await readAheadHeld();
      for (let i = 0; i <= READ_AHEAD_MAX_PENDING; i++) act(() => updateData(['tickets'], (data) => (data as Page[]).map((page) => ({ ...page }))));
      expect(slow.mock.calls[1]![1]?.aborted).toBe(true);
      fireEvent.click(screen.getByText('Show more'));
      screen.getByText('Loading more');
      await advance(0);
      expect(items()).toBe('1,2,3,4');
      expect(cursors(slow)).toEqual([undefined, '2', '2']);
    });

    test('an invalidation of the list drops the page read ahead: Show more fetches again, and the request read ahead is stopped', async () => {
      const { slow, arrive } = await readAheadHeld();
      act(() => invalidate(['tickets']));
      // Its answer would not be wanted: the list is being read afresh.
      expect(slow.mock.calls[1]![1]?.aborted).toBe(true);
      await advance(0);
      arrive();
      fireEvent.click(screen.getByText('Show more'));
      screen.getByText('Loading more');
      await advance(0);
      expect(cursors(slow)).toEqual([undefined, '2', undefined, '2']);
      expect(items()).toBe('1,2,3,4');
    });

    test('a refetch of the list since makes it fetch again: the page it followed is gone, so nothing shows twice or goes missing', async () => {
      const { fetchPage, prepend } = await readAheadOfFirstPage();
      prepend(0);
      // A refetch of its own (a window coming back into focus): no invalidation, no patch.
      await act(() => refetchKey(hashKey(['tickets', 'page', {}])));
      expect(items()).toBe('0,1');
      fireEvent.click(screen.getByText('Show more'));
      await advance(0);
      // The page read ahead held 3 and 4: shown, 2 would have gone missing.
      expect(items()).toBe('0,1,2,3');
      expect(cursors(fetchPage)).toEqual([undefined, '2', undefined, '2']);
    });

    test(`a page read ahead more than ${READ_AHEAD_FRESH_MS / 1000} s ago is fetched again`, async () => {
      const { fetchPage } = await readAheadOfFirstPage();
      await advance(READ_AHEAD_FRESH_MS + 1);
      fireEvent.click(screen.getByText('Show more'));
      screen.getByText('Loading more');
      await advance(0);
      expect(cursors(fetchPage)).toEqual([undefined, '2', '2']);
      expect(items()).toBe('1,2,3,4');
    });
  });

  test('a list asked for before its screen watched, then invalidated, is fetched again when the screen comes: the first answer may predate the change', async () => {
    const { fetchPage, prepend } = server(6);
    prefetchFirstPage(['tickets', 'page', {}], fetchPage, nextCursor);
    prepend(0);
    act(() => invalidate(['tickets']));
    render(<List queryKey={['tickets', 'page', {}]} fetchPage={fetchPage} />);
    await advance(0);
    expect(items()).toBe('0,1');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
