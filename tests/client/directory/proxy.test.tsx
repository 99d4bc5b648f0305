/** Proxy mode. The deliberate sign-out test is last: it stops proxy sign-in for the rest of the page load (this file). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AuthMethods } from '../../../src/shared/auth.ts';
import { fakeApi, type FakeRequest } from '../fakeApi.ts';
import { methods, signedIn, startApp, storedToken } from './helpers.ts';

const PROXY: AuthMethods = { password: true, password_for: 'all', oidc: null, proxy: true };
const QUIET = { 'GET /config/categories': { body: { data: { list: [] } } } };
const proxyCalls = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'GET' && c.path === '/auth/proxy');

describe('signing in through a trusted proxy', () => {
  test('at start, with nobody signed in, it signs in without a form and lands home', async () => {
    const server = fakeApi({ ...QUIET, 'GET /auth/methods': methods(PROXY), 'GET /auth/proxy': signedIn('developer') });
    await startApp('/');
    // Before the first paint: the form never shows.
    expect(window.location.pathname).toBe('/developer');
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(storedToken()).toBe('directory-token');
    expect(proxyCalls(server.calls)).toHaveLength(1);
    expect(proxyCalls(server.calls)[0]!.headers.authorization).toBeUndefined();
  });

  test('a deep link opened signed out is where it lands (when the role may see it)', async () => {
    fakeApi({ ...QUIET, 'GET /auth/methods': methods(PROXY), 'GET /auth/proxy': signedIn('super') });
    await startApp('/admin/category?q=hard');
    expect(window.location.pathname + window.location.search).toBe('/admin/category?q=hard');
    await screen.findByRole('heading', { level: 1, name: 'Categories' });
  });

  test('a 401 shows the sign-in screen as usual, signed out', async () => {
    const server = fakeApi({ 'GET /auth/methods': methods(PROXY), 'GET /auth/proxy': { status: 401, body: { message: 'Unauthenticated.' } } });
    await startApp('/');
    screen.getByLabelText('Email');
    screen.getByRole('button', { name: 'Sign in' });
    expect(storedToken()).toBeNull();
    expect(window.location.pathname).toBe('/');
    // The screen's own attempt is the same one: one request in all.
    await waitFor(() => expect(proxyCalls(server.calls)).toHaveLength(1));
  });

  test('without proxy mode the proxy is never asked', async () => {
    const server = fakeApi({ 'GET /auth/methods': methods({ ...PROXY, proxy: false }) });
    await startApp('/');
    screen.getByLabelText('Email');
    expect(proxyCalls(server.calls)).toHaveLength(0);
  });

  test('a signed-in person is not signed in again', async () => {
    const server = fakeApi({ ...QUIET, 'GET /auth/methods': methods(PROXY), 'GET /auth/proxy': signedIn('developer') });
    const { useAuth } = await import('../../../src/client/lib/auth.ts');
    useAuth.getState().login('kept-token', { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', role: 'super', last_seen: null });
    await startApp('/admin/category');
    expect(storedToken()).toBe('kept-token');
    expect(proxyCalls(server.calls)).toHaveLength(0);
  });

  test('after a deliberate sign-out the proxy does not sign the person straight back in', async () => {
    const server = fakeApi({
      ...QUIET,
      'GET /auth/methods': methods(PROXY),
      'GET /auth/proxy': signedIn('super'),
      'POST /auth/sign-out': { body: { message: 'Signed out successfully.' } },
    });
    await startApp('/');
    expect(window.location.pathname).toBe('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await screen.findByLabelText('Email');
    await screen.findByText('Signed out successfully.');
    expect(storedToken()).toBeNull();
    expect(proxyCalls(server.calls)).toHaveLength(1);
  });
});
