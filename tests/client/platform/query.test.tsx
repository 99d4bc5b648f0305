import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { QueryState } from '../../../src/client/components/QueryState.tsx';
import { invalidate, useMutation, useQuery, type QueryKey } from '../../../src/client/lib/query.ts';
import { retryDelay } from '../../../src/client/lib/queryCache.ts';
import { ApiError } from '../../../src/client/lib/request.ts';

function View({ queryKey, fetcher, keepForever }: { queryKey: QueryKey; fetcher: () => Promise<string>; keepForever?: boolean }) {
  const query = useQuery(queryKey, fetcher, { keepForever });
  return <QueryState query={query}>{(data) => <p>{data}</p>}</QueryState>;
}

/** Lets timers and the promises they release run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function counter(prefix: string) {
  let calls = 0;
  const fetcher = vi.fn(async () => `${prefix} ${++calls}`);
  return fetcher;
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('retries', () => {
  test('a failing query shows the message with an ellipsis and Retry at once, and is retried 3 times behind it, after 1 s, 2 s and 4 s', async () => {
    const fetcher = vi.fn(async () => { throw new ApiError('Server error.', 500); });
    render(<View queryKey={['tickets']} fetcher={fetcher} />);
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    // No seven seconds of 'Loading' for a read that has already failed.
    expect(screen.queryByText('Loading')).toBeNull();
    screen.getByText('Server error....');
    screen.getByRole('button', { name: 'Retry' });
    await advance(999);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetcher).toHaveBeenCalledTimes(2);
    await advance(2000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await advance(3999);
    expect(fetcher).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(fetcher).toHaveBeenCalledTimes(4);
    screen.getByText('Server error....');
    await advance(60_000);
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  test('the delay doubles and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  test('a 404 answer is not retried', async () => {
    const fetcher = vi.fn(async () => { throw new ApiError('Not found.', 404); });
    render(<View queryKey={['singletickets', 'TCK-9']} fetcher={fetcher} />);
    await advance(10_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    screen.getByText('Not found....');
  });

  test.each([408, 429])('a %i answer (timeout, too many requests) is retried', async (status) => {
    const fetcher = vi.fn(async () => { throw new ApiError('Wait.', status); });
    render(<View queryKey={['tickets', status]} fetcher={fetcher} />);
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  test.each([400, 401, 403, 409, 422])('a %i answer is not retried', async (status) => {
    const fetcher = vi.fn(async () => { throw new ApiError('No.', status); });
    render(<View queryKey={['tickets', status]} fetcher={fetcher} />);
    await advance(10_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    screen.getByText('No....');
  });

  test('a mutation is never retried', async () => {
    const fn = vi.fn(async () => { throw new Error('Network Error!'); });
    const onError = vi.fn();
    function Form() {
      const mutation = useMutation(fn, { onError });
      return <button onClick={() => mutation.mutate(1)}>{mutation.error ? mutation.error.message : 'Send'}</button>;
    }
    render(<Form />);
    fireEvent.click(screen.getByText('Send'));
    await advance(60_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Network Error!' }), 1);
    screen.getByText('Network Error!');
  });
});

describe('sharing and invalidation', () => {
  test('two screens asking for the same key share one request', async () => {
    const fetcher = counter('list');
    render(
      <>
        <View queryKey={['tickets']} fetcher={fetcher} />
        <View queryKey={['tickets']} fetcher={fetcher} />
      </>,
    );
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('list 1')).toHaveLength(2);
  });

  test('object parts of a key are hashed with sorted keys', async () => {
    const fetcher = counter('filtered');
    render(
      <>
        <View queryKey={['tickets', { status: 'opened', mine: true }]} fetcher={fetcher} />
        <View queryKey={['tickets', { mine: true, status: 'opened' }]} fetcher={fetcher} />
      </>,
    );
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  test('invalidate refetches only entries under the prefix, keeping old data on screen meanwhile', async () => {
    let release: (value: string) => void = () => {};
    const one = vi.fn(async () => 'ticket v1');
    const other = counter('staff');
    const list = counter('tickets');
    render(
      <>
        <View queryKey={['singletickets', 'TCK-1']} fetcher={one} />
        <View queryKey={['staff']} fetcher={other} />
        <View queryKey={['tickets']} fetcher={list} />
      </>,
    );
    await advance(0);
    one.mockImplementation(() => new Promise<string>((resolve) => (release = resolve)));
    act(() => invalidate(['singletickets']));
    await advance(0);
    expect(one).toHaveBeenCalledTimes(2);
    screen.getByText('ticket v1');
    expect(screen.queryByText('Loading')).toBeNull();
    await act(async () => release('ticket v2'));
    screen.getByText('ticket v2');
    expect(other).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledTimes(1);
  });

  test('an invalidated entry nobody watches refetches when next used', async () => {
    const fetcher = counter('staff');
    const { unmount } = render(<View queryKey={['staff']} fetcher={fetcher} />);
    await advance(0);
    unmount();
    invalidate(['staff']);
    expect(fetcher).toHaveBeenCalledTimes(1);
    render(<View queryKey={['staff']} fetcher={fetcher} />);
    screen.getByText('staff 1');
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.getByText('staff 2');
  });
});

describe('handing keys over', () => {
  test('a key another hook takes over while its fetch is retrying still reads that key, not the first hook\'s new one', async () => {
    let failX = true;
    const fetchFor = (name: string) => async () => {
      if (name === 'x' && failX) throw new ApiError('Server error.', 500);
      return `data ${name}`;
    };
    // The kiosk's pattern: the page read ahead becomes the page shown, and the read-ahead moves on.
    function Pair({ swapped }: { swapped: boolean }) {
      const a = useQuery(['handover', swapped ? 'y' : 'x'], fetchFor(swapped ? 'y' : 'x'));
      const b = useQuery(['handover', swapped ? 'x' : 'y'], fetchFor(swapped ? 'x' : 'y'));
      return <p>{`a=${a.data} b=${b.data}`}</p>;
    }
    const { rerender } = render(<Pair swapped={false} />);
    await advance(0);
    screen.getByText('a=undefined b=data y');
    rerender(<Pair swapped />);
    failX = false;
    await advance(1000);
    screen.getByText('a=data y b=data x');
  });
});

describe('lifetime', () => {
  test('an unused entry is dropped 5 minutes after its last subscriber leaves', async () => {
    const fetcher = counter('categories');
    const first = render(<View queryKey={['categories']} fetcher={fetcher} />);
    await advance(0);
    first.unmount();
    await advance(5 * 60_000 - 1);
    const second = render(<View queryKey={['categories']} fetcher={fetcher} />);
    screen.getByText('categories 1');
    await advance(0);
    second.unmount();
    await advance(5 * 60_000);
    render(<View queryKey={['categories']} fetcher={fetcher} />);
    screen.getByText('Loading');
  });

  test('the activity log is kept: never dropped, not refetched on return, refreshed by invalidate', async () => {
    const fetcher = counter('log');
    const first = render(<View queryKey={['ticketlogs', 'TCK-1']} fetcher={fetcher} keepForever />);
    await advance(0);
    first.unmount();
    await advance(60 * 60_000);
    render(<View queryKey={['ticketlogs', 'TCK-1']} fetcher={fetcher} keepForever />);
    screen.getByText('log 1');
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => invalidate(['ticketlogs']));
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.getByText('log 2');
  });

  test('a query waits while disabled and starts when enabled', async () => {
    const fetcher = counter('one');
    function Toggle() {
      const [id, setId] = useState<string>();
      const query = useQuery(['singletickets', id ?? ''], fetcher, { enabled: Boolean(id) });
      return <button onClick={() => setId('TCK-1')}>{query.data ?? 'idle'}</button>;
    }
    render(<Toggle />);
    await advance(1000);
    expect(fetcher).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('idle'));
    await advance(0);
    screen.getByText('one 1');
  });
});
