import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DIRECTORY_SIGN_IN } from '../../../src/shared/directory.ts';
import { fakeApi, type FakeRequest } from '../fakeApi.ts';
import { signedIn, startApp, storedToken } from './helpers.ts';

const HANDOFF = 'h4nd0ff-one-time';

/** The finish route, noting what the address bar held when the request left. */
function finishRoute(reply: ReturnType<typeof signedIn> | { status: number; body: unknown }) {
  const seen: { href: string; req: FakeRequest }[] = [];
  return {
    seen,
    route: (req: FakeRequest) => {
      seen.push({ href: window.location.href, req });
      return reply;
    },
  };
}

describe('/auth/complete', () => {
  test('removes the fragment before anything else, trades the handoff once, stores the session like a password sign-in', async () => {
    const finish = finishRoute(signedIn('developer', { return: null }));
    const server = fakeApi({ 'POST /auth/oidc/finish': finish.route });
    await startApp(`/auth/complete#handoff=${HANDOFF}`);
    // The address bar lost the fragment at once, and no history entry still holds it.
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(HANDOFF);
    await waitFor(() => expect(window.location.pathname).toBe('/developer'));
    expect(finish.seen).toHaveLength(1); // once, under StrictMode's double effects too
    expect(finish.seen[0]!.href).not.toContain(HANDOFF);
    expect(finish.seen[0]!.req.body).toEqual({ handoff: HANDOFF });
    expect(finish.seen[0]!.req.headers.authorization).toBeUndefined();
    expect(server.calls.some((c) => c.path.includes(HANDOFF))).toBe(false);
    const stored = JSON.parse(localStorage.getItem('Auth-token')!).state;
    expect(stored.accessToken).toBe('directory-token');
    expect(stored.user).toMatchObject({ id: 7, role: 'developer', first_name: 'Grace' });
    await screen.findByText('Signed in successfully.');
  });

  test.each([
    ['super', null, '/admin'],
    ['support', null, '/support'],
    ['developer', '/developer/ticket-details/TCK-000042', '/developer/ticket-details/TCK-000042'],
    ['super', '/admin/tickets?status=opened#top', '/admin/tickets?status=opened#top'],
    ['super', '//evil.com', '/admin'],
    ['super', '/\\evil.com', '/admin'],
    ['super', 'https://evil.com/admin', '/admin'],
    ['super', 'javascript:alert(1)', '/admin'],
    ['developer', '/admin/staff', '/developer'],
  ])('a %s returning to %s lands on %s', async (role, asked, landing) => {
    fakeApi({ 'POST /auth/oidc/finish': signedIn(role, { return: asked }) });
    await startApp(`/auth/complete#handoff=${HANDOFF}`);
    await waitFor(() => expect(window.location.pathname + window.location.search + window.location.hash).toBe(landing));
    expect(storedToken()).toBe('directory-token');
  });

  test('a used, expired or unknown handoff shows the server message and the way back, with no session', async () => {
    const message = 'This sign-in link was already used or has expired. Sign in again.';
    fakeApi({ 'POST /auth/oidc/finish': { status: 422, body: { message } } });
    await startApp(`/auth/complete#handoff=${HANDOFF}`);
    await screen.findByText(message);
    screen.getByRole('heading', { name: DIRECTORY_SIGN_IN.completeFailed });
    expect(screen.getByRole('link', { name: DIRECTORY_SIGN_IN.backToSignIn }).getAttribute('href')).toBe('/');
    expect(storedToken()).toBeNull();
    expect(window.location.hash).toBe('');
  });

  test('without a handoff it says nothing arrived and sends nothing', async () => {
    const server = fakeApi({});
    await startApp('/auth/complete');
    screen.getByText(DIRECTORY_SIGN_IN.missingHandoff);
    screen.getByRole('link', { name: DIRECTORY_SIGN_IN.backToSignIn });
    expect(server.calls.filter((c) => c.path.startsWith('/auth/oidc'))).toHaveLength(0);
  });

  test('is open to someone already signed in: the new session replaces the old', async () => {
    localStorage.clear();
    fakeApi({ 'POST /auth/oidc/finish': signedIn('support', { return: null }) });
    const { useAuth } = await import('../../../src/client/lib/auth.ts');
    useAuth.getState().login('old-token', { id: 1, first_name: 'Old', last_name: 'User', email: 'old@example.com', role: 'super', last_seen: null });
    await startApp(`/auth/complete#handoff=${HANDOFF}`);
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    expect(storedToken()).toBe('directory-token');
  });
});
