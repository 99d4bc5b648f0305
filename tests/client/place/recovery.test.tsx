/** Issue 13: a failed read shows its error and Retry at once, and reads recover online and on refocus. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { QueryState } from '../../../src/client/components/QueryState.tsx';
import { useQuery, type QueryKey } from '../../../src/client/lib/query.ts';
import { STALE_AFTER_MS, startRefetchTriggers } from '../../../src/client/lib/refetchTriggers.ts';
import { ApiError } from '../../../src/client/lib/request.ts';

function View({ queryKey, fetcher, keepForever }: { queryKey: QueryKey; fetcher: () => Promise<string>; keepForever?: boolean }) {
  const query = useQuery(queryKey, fetcher, { keepForever });
  return <QueryState query={query}>{(data) => <p>{data}</p>}</QueryState>;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const networkError = () => new ApiError('Network Error!');

/** Fails while `down` is true, then answers 'list N'. */
function flakyServer() {
  const state = { down: true, calls: 0 };
  const fetcher = vi.fn(async () => {
    state.calls++;
    if (state.down) throw networkError();
    return `list ${state.calls}`;
  });
  return { state, fetcher };
}

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  stop = startRefetchTriggers();
});
afterEach(() => stop());

describe('a failed read', () => {
  test("shows the product.md#errors message with an ellipsis and 'Retry' at once; Retry fetches again and shows the data", async () => {
    const { state, fetcher } = flakyServer();
    render(<View queryKey={['staff']} fetcher={fetcher} />);
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Network Error!...');
    state.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    screen.getByText(/^list \d$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a background retry that succeeds replaces the error with the data', async () => {
    const { state, fetcher } = flakyServer();
    render(<View queryKey={['categories']} fetcher={fetcher} />);
    await advance(0);
    screen.getByText('Network Error!...');
    state.down = false;
    await advance(1000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.getByText('list 2');
  });
});

describe('coming back online', () => {
  test('a read that gave up after its retries refetches when the browser is online again', async () => {
    const { state, fetcher } = flakyServer();
    render(<View queryKey={['tickets']} fetcher={fetcher} />);
    await advance(60_000);
    expect(fetcher).toHaveBeenCalledTimes(4);
    screen.getByText('Network Error!...');
    state.down = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(5);
    screen.getByText('list 5');
  });

  test('data on screen is refreshed too: changes may have been missed while offline', async () => {
    let n = 0;
    const fetcher = vi.fn(async () => `services ${++n}`);
    render(<View queryKey={['services']} fetcher={fetcher} />);
    await advance(0);
    act(() => void window.dispatchEvent(new Event('online')));
    await advance(0);
    screen.getByText('services 2');
  });
});

describe('the window regaining focus', () => {
  test(`refetches data older than ${STALE_AFTER_MS / 1000} s, not fresher data`, async () => {
    let n = 0;
    const fetcher = vi.fn(async () => `staff ${++n}`);
    render(<View queryKey={['staff']} fetcher={fetcher} />);
    await advance(0);
    act(() => void window.dispatchEvent(new Event('focus')));
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await advance(STALE_AFTER_MS);
    act(() => void window.dispatchEvent(new Event('focus')));
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.getByText('staff 2');
  });

  test('the activity log (kept once loaded) is not refetched on focus, however old', async () => {
    const fetcher = vi.fn(async () => 'log');
    render(<View queryKey={['ticketlogs', 'TCK-1']} fetcher={fetcher} keepForever />);
    await advance(0);
    await advance(10 * STALE_AFTER_MS);
    act(() => void window.dispatchEvent(new Event('focus')));
    await advance(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  test('a failed read retries on focus', async () => {
    const { state, fetcher } = flakyServer();
    render(<View queryKey={['developers']} fetcher={fetcher} />);
    await advance(60_000);
    state.down = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(0);
    screen.getByText('list 5');
  });
});

describe('a failed page under a list that stays on screen', () => {
  test("'Show more' failing keeps the loaded cards and shows the message with Retry below them", async () => {
    vi.useRealTimers();
    const { fakeApi, renderApp, signInAs } = await import('../fakeApi.ts');
    const { ticketRoutes } = await import('../ticketServer.ts');
    const { ADMIN, makeTicket } = await import('../tickets/fixtures.ts');
    const tickets = Array.from({ length: 60 }, (_, i) => makeTicket({ number: `TCK-${String(i + 1).padStart(6, '0')}`, title: `Ticket ${i + 1}` }));
    const routes = ticketRoutes(tickets);
    let failNext = true;
    signInAs(ADMIN);
    fakeApi({
      ...routes,
      'GET /tickets': (req) => {
        if (req.path.includes('cursor=') && failNext) return { status: 503, body: { message: 'Try later.' } };
        return (routes['GET /tickets'] as (r: typeof req) => { status?: number; body?: unknown })(req);
      },
    });
    renderApp('/admin/tickets');
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByText('Try later....');
    expect(screen.getAllByRole('article').length).toBe(50);
    failNext = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Try later....')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('article').length).toBe(60));
  });
});
