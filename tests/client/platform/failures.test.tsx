/** Issue 25, docs/product.md#failures: every failure says what happened and what to do. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { FAILURES, tryAgainIn } from '../../../src/shared/messages.ts';
import { FailureState } from '../../../src/client/components/FailureState.tsx';
import { OfflineBanner } from '../../../src/client/components/OfflineBanner.tsx';
import { QueryState } from '../../../src/client/components/QueryState.tsx';
import { Toaster } from '../../../src/client/components/Toaster.tsx';
import { useQuery } from '../../../src/client/lib/query.ts';
import { startRefetchTriggers } from '../../../src/client/lib/refetchTriggers.ts';
import { toast } from '../../../src/client/lib/toast.ts';
import { useAuth } from '../../../src/client/lib/auth.ts';
import { ApiError, request, retryAfterOf } from '../../../src/client/lib/request.ts';
import { sessionEndStore } from '../../../src/client/lib/sessionEnd.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { SUPPORT, detailRoutes, makeTicket } from '../tickets/fixtures.ts';
import { ticketRoutes } from '../ticketServer.ts';

const MISSING = 'TCK-404404';

function showFailure(error: Error, at: string) {
  window.history.replaceState(null, '', at);
  const onRetry = vi.fn();
  render(<FailureState error={error} onRetry={onRetry} />);
  return onRetry;
}

const retryButton = () => screen.queryByRole('button', { name: FAILURES.retry });
const backLink = () => screen.queryByRole('link', { name: FAILURES.backToTickets });

describe('FailureState', () => {
  test.each([
    ['/support/ticket-details/TCK-1', '/support'],
    ['/developer/ticket-details/TCK-1', '/developer'],
    ['/admin/ticket/TCK-1', '/admin/tickets'],
  ])("a 404 on %s: SPEC's '<message>...' line and Back to tickets (%s), no Retry", (at, list) => {
    showFailure(new ApiError('Not found.', 404), at);
    expect(screen.getByRole('alert').textContent).toBe('Not found....');
    expect(backLink()?.getAttribute('href')).toBe(list);
    expect(retryButton()).toBeNull();
  });

  test.each([
    ['a 5xx', new ApiError('Server error.', 500), 'Server error....'],
    ['a 503', new ApiError('The server is busy. Please try again in a moment.', 503), 'The server is busy. Please try again in a moment....'],
    ['a network error', new ApiError('Network Error!'), 'Network Error!...'],
  ])('%s offers Retry, which fetches again', (_name, error, line) => {
    const onRetry = showFailure(error, '/admin/staff');
    expect(screen.getByRole('alert').textContent).toBe(line);
    fireEvent.click(retryButton()!);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(backLink()).toBeNull();
  });

  test.each([
    [403, 'This action is unauthorized.'],
    [409, 'The ticket is not in a state that allows this change.'],
    [422, 'status must be opened, assigned or closed.'],
    [429, 'Too many downloads under way for this account. Wait for one to finish and try again.'],
  ])('a %i offers no Retry: the same call would be refused again', (status, message) => {
    showFailure(new ApiError(message, status), '/admin/staff');
    expect(screen.getByRole('alert').textContent).toBe(`${message}...`);
    expect(retryButton()).toBeNull();
    expect(backLink()).toBeNull();
  });

  test('a 429 says how long to wait, from Retry-After', () => {
    showFailure(new ApiError('Too many requests.', 429, undefined, 900), '/admin/reports');
    expect(screen.getByRole('alert').textContent).toBe('Too many requests....');
    screen.getByText('Try again in 15 minutes.');
    expect(retryButton()).toBeNull();
  });
});

describe('how long to wait', () => {
  test.each([
    [0, 'Try again in 1 second.'],
    [1, 'Try again in 1 second.'],
    [59, 'Try again in 59 seconds.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [900, 'Try again in 15 minutes.'],
    [3599, 'Try again in 1 hour.'],
    [3600, 'Try again in 1 hour.'],
    [5400, 'Try again in 2 hours.'],
  ])('%i s: %s (rounded up, never too early)', (seconds, text) => {
    expect(tryAgainIn(seconds)).toBe(text);
  });

  test('Retry-After is read as seconds or as an HTTP date; anything else is ignored', () => {
    const now = Date.UTC(2026, 10, 25, 18, 0, 0);
    expect(retryAfterOf('900', now)).toBe(900);
    expect(retryAfterOf(' 7 ', now)).toBe(7);
    expect(retryAfterOf(new Date(now + 120_000).toUTCString(), now)).toBe(120);
    expect(retryAfterOf(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(retryAfterOf('soon', now)).toBeUndefined();
    expect(retryAfterOf('-5', now)).toBeUndefined();
    expect(retryAfterOf(null, now)).toBeUndefined();
  });
});

describe('a missing ticket in the app', () => {
  test('shows the 404 line with Back to tickets, which goes to the area list', async () => {
    fakeApi({ [`GET /tickets/${MISSING}`]: { status: 404, body: { message: 'Not found.' } }, ...ticketRoutes([]) });
    signInAs(SUPPORT);
    renderApp(`/support/ticket-details/${MISSING}`);
    await screen.findByText('Not found....');
    expect(screen.queryByRole('button', { name: FAILURES.retry })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: FAILURES.backToTickets }));
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    await screen.findByText('You have no ticket, create a ticket.');
  });
});

const signInAnswer = {
  body: {
    message: 'Signed in successfully.',
    data: {
      user: { ...SUPPORT, last_seen: null },
      authorization: { token: 'second-token', type: 'bearer' },
    },
  },
};

function fillSignIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: SUPPORT.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a session ended elsewhere', () => {
  test('a 401 to the session in use: the sign-in page says so, and sign-in returns to the page with its comment draft', async () => {
    const ticket = makeTicket();
    const path = `/support/ticket-details/${ticket.number}`;
    let revoked = false;
    const routes = {
      ...detailRoutes(ticket),
      [`GET /tickets/${ticket.number}/comments`]: { body: { data: { list: [] } } },
      [`POST /tickets/${ticket.number}/comments`]: { status: 201, body: { message: 'Comment added', data: {} } },
    };
    const guarded = Object.fromEntries(
      Object.entries(routes).map(([key, reply]) => [key, () => (revoked ? { status: 401, body: { message: 'Unauthenticated.' } } : reply)]),
    );
    fakeApi({ ...guarded, 'POST /auth/sign-in': signInAnswer });
    const user = signInAs(SUPPORT);
    renderApp(path);
    await screen.findByText('No comments yet.');
    fireEvent.change(screen.getByLabelText('Add a comment'), { target: { value: 'Half a thought' } });

    // Signed out on another device: the next call this page makes meets a 401.
    revoked = true;
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText(FAILURES.sessionEnded);
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.getItem(`helpdesk.draft:${user.id}:comment:${ticket.number}`)).toBe('"Half a thought"');

    revoked = false;
    fillSignIn();
    await waitFor(() => expect(window.location.pathname).toBe(path));
    expect(((await screen.findByLabelText('Add a comment')) as HTMLTextAreaElement).value).toBe('Half a thought');
    expect(screen.queryByText(FAILURES.sessionEnded)).toBeNull();
  });

  test('a first visit without a session says nothing of the kind', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(FAILURES.sessionEnded)).toBeNull();
  });

  test('a deep link opened signed out says nothing of the kind either', async () => {
    fakeApi({});
    renderApp('/support/ticket-details/TCK-000001');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(FAILURES.sessionEnded)).toBeNull();
  });

  test('signing out on purpose says nothing of the kind', async () => {
    fakeApi({ ...ticketRoutes([]), 'POST /auth/sign-out': { body: { message: 'Signed out successfully.' } } });
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByText('You have no ticket, create a ticket.');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    await screen.findByText('Signed out successfully.');
    expect(screen.queryByText(FAILURES.sessionEnded)).toBeNull();
  });

  test('another tab signing out ends this one too, and the sign-in page says so', async () => {
    fakeApi(ticketRoutes([]));
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByText('You have no ticket, create a ticket.');
    const stored = localStorage.getItem('Auth-token');
    act(() => {
      localStorage.removeItem('Auth-token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'Auth-token', oldValue: stored, newValue: null }));
    });
    await screen.findByText(FAILURES.sessionEnded);
    expect(window.location.pathname).toBe('/');
  });

  test('a late 401 for a session already replaced neither ends the new one nor claims it ended', async () => {
    let release: (reply: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    const user = signInAs(SUPPORT);
    const late = request('/tickets/stats').catch((error: unknown) => error);
    // Signed out and in again while the old call was under way.
    useAuth.getState().login('a-newer-token', user);
    release(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
    expect(((await late) as ApiError).status).toBe(401);
    expect(useAuth.getState().accessToken).toBe('a-newer-token');
    expect(sessionEndStore.getSnapshot()).toBe(false);
  });
});

describe('sign-in errors', () => {
  test('a 429 sits under the form as its alert with how long to wait, from Retry-After; the toast says it too', async () => {
    const message = 'Too many sign-in attempts. Please try again later.';
    fakeApi({ 'POST /auth/sign-in': { status: 429, body: { message }, headers: { 'Retry-After': '900' } } });
    renderApp('/');
    fillSignIn();
    const form = document.querySelector('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(`${message}Try again in 15 minutes.`);
    expect(form.getAttribute('aria-describedby')).toBe(alert.id);
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByRole('listitem').textContent).toContain(`${message} Try again in 15 minutes.`);
  });

  test('the same failure three times is one toast with a count, and one alert', async () => {
    fakeApi({ 'POST /auth/sign-in': { status: 422, body: { message: 'Invalid email or password.' } } });
    renderApp('/');
    for (let attempt = 1; attempt <= 3; attempt++) {
      fillSignIn();
      await screen.findByRole('button', { name: 'Sign in' });
      await within(document.querySelector('form')!).findByRole('alert');
    }
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(toasts).getByRole('listitem').textContent).toBe('Invalid email or password. (3)'));
    expect(within(document.querySelector('form')!).getAllByRole('alert')).toHaveLength(1);
  });
});

describe('identical toasts', () => {
  test('collapse into one with a count; a different one stands apart', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Network Error!');
      toast.error('Network Error!');
      toast.error('Network Error!');
      toast.error('Something went wrong!');
      toast.success('Network Error!');
    });
    const items = within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Network Error! (3)', 'Something went wrong!', 'Network Error!']);
  });

  test('shown again, a toast gets its full time afresh', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.error('Network Error!'));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => void toast.error('Network Error!'));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    screen.getByText('Network Error!');
    screen.getByText('(2)', { exact: false });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Network Error!')).toBeNull();
  });
});

function Read() {
  const query = useQuery(['staff'], (signal) => request<{ data: string }>('/staff', { signal }));
  return <QueryState query={query}>{(answer) => <p>{answer.data}</p>}</QueryState>;
}

describe('offline', () => {
  const banner = () => screen.queryByText(FAILURES.offline);

  test('one banner while the browser is offline, gone when it is back', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(banner()).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    screen.getByText(FAILURES.offline);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(banner()).toBeNull();
  });

  test('calls that get no answer show it too; once the server answers a probe, it goes and reads refetch', async () => {
    vi.useFakeTimers();
    const stop = startRefetchTriggers();
    let down = true;
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      calls.push(input);
      if (down) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ data: 'Back again' }), { status: 200 });
    });
    render(
      <>
        <OfflineBanner />
        <Read />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    screen.getByText(FAILURES.offline);
    // The screen keeps SPEC's line and its Retry (product.md#errors); the banner is the one notice.
    expect(screen.getByRole('alert').textContent).toBe('Network Error!...');

    // The read's own retries give up (1 + 2 + 4 s); the banner keeps asking, 5 s, 10 s, 20 s, 40 s apart.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls.filter((call) => call === '/api/staff')).toHaveLength(4);
    expect(calls.filter((call) => call === '/api/auth/methods')).toHaveLength(3);
    screen.getByText(FAILURES.offline);
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(calls.filter((call) => call === '/api/auth/methods')).toHaveLength(4);
    expect(banner()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
    screen.getByText('Back again');
    stop();
  });
});
