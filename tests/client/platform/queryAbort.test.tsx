/** Reads stop when nobody wants them: unmounted, superseded, or replaced by another key — but a shared request survives. */
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { invalidate, useQuery, type QueryKey } from '../../../src/client/lib/query.ts';
import { request } from '../../../src/client/lib/request.ts';

/** A fetcher whose calls stay open until released; records each call's signal. */
function pending() {
  const signals: AbortSignal[] = [];
  const release: ((value: string) => void)[] = [];
  const fetcher = vi.fn((signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<string>((resolve) => release.push(resolve));
  });
  return { fetcher, signals, release };
}

function View({ queryKey, fetcher }: { queryKey: QueryKey; fetcher: (signal: AbortSignal) => Promise<string> }) {
  const query = useQuery(queryKey, fetcher);
  return <p>{query.data ?? 'Loading'}</p>;
}

/** Lets microtasks (the deferred abort check) run. */
const settle = () => act(async () => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('aborting reads', () => {
  test('a mount under StrictMode sends one request, and it is not aborted', async () => {
    const { fetcher, signals } = pending();
    render(<View queryKey={['staff']} fetcher={fetcher} />);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  test('unmounting the only screen aborts its request', async () => {
    const { fetcher, signals } = pending();
    const view = render(<View queryKey={['staff']} fetcher={fetcher} />);
    await settle();
    view.unmount();
    await settle();
    expect(signals[0]!.aborted).toBe(true);
  });

  test('a request shared by two screens is aborted only when both have left', async () => {
    const { fetcher, signals } = pending();
    const first = render(<View queryKey={['developers']} fetcher={fetcher} />);
    const second = render(<View queryKey={['developers']} fetcher={fetcher} />);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    first.unmount();
    await settle();
    expect(signals[0]!.aborted).toBe(false);
    second.unmount();
    await settle();
    expect(signals[0]!.aborted).toBe(true);
  });

  test('an invalidation supersedes the request in flight: the old one is aborted, the new answer shown', async () => {
    const { fetcher, signals, release } = pending();
    render(<View queryKey={['tickets', 'stats']} fetcher={fetcher} />);
    await settle();
    act(() => invalidate(['tickets']));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect([signals[0]!.aborted, signals[1]!.aborted]).toEqual([true, false]);
    await act(async () => release[1]!('fresh'));
    screen.getByText('fresh');
  });

  test('changing the key aborts the read of the old one', async () => {
    const { fetcher, signals } = pending();
    function Search() {
      const [q, setQ] = useState('a');
      return (
        <>
          <button onClick={() => setQ('ab')}>type</button>
          <View queryKey={['tickets', 'page', q]} fetcher={fetcher} />
        </>
      );
    }
    render(<Search />);
    await settle();
    act(() => screen.getByText('type').click());
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect([signals[0]!.aborted, signals[1]!.aborted]).toEqual([true, false]);
  });

  test('request() hands the signal to fetch, and an abort is not reported as a network error', async () => {
    let seen: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      seen = init.signal ?? undefined;
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    });
    const controller = new AbortController();
    const answer = request('/users', { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBe(controller.signal);
  });
});
