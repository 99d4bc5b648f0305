import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';

const DENIED_TEXT = "You don't have permission to access this page. Please contact your administrator if you believe this is an error.";

describe('route guard in the app', () => {
  test('without a token every other route lands on the sign-in page at /', async () => {
    fakeApi({});
    renderApp('/admin/staff');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(window.location.pathname).toBe('/');
  });

  test.each([
    ['super', '/admin'],
    ['support', '/support'],
    ['developer', '/developer'],
  ] as const)('a signed-in %s opening / is sent to %s', async (role, area) => {
    fakeApi({});
    signInAs({ role, first_name: 'Robin' });
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe(area));
    await screen.findByText('Robin');
  });

  test('a role stored in capitals is still routed by role', async () => {
    fakeApi({});
    signInAs({ role: 'Developer' as 'developer' });
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/developer'));
  });

  test.each([
    ['developer', '/admin'],
    ['support', '/developer'],
    ['super', '/support/create-ticket'],
    ['super', '/Admin'],
  ] as const)('a %s on %s sees Access Denied', async (role, path) => {
    fakeApi({});
    signInAs({ role });
    renderApp(path);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Access Denied');
    expect(alert.textContent).toContain(DENIED_TEXT);
    expect(window.location.pathname).toBe(path);
  });

  test('Go Back signs out on the server, empties storage and returns to /', async () => {
    const server = fakeApi({ 'POST /auth/sign-out': { body: { message: 'Signed out successfully.' } } });
    signInAs({ role: 'developer' });
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));

    await screen.findByRole('button', { name: 'Sign in' });
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem('Auth-token')).toBeNull();
    const signOut = server.calls.find((call) => call.path === '/auth/sign-out');
    expect(signOut?.method).toBe('POST');
    expect(signOut?.headers.authorization).toMatch(/^Bearer token-/);
    await screen.findByText('Signed out successfully.');
  });

  test('an unknown path inside an area shows Page not found with a link home', async () => {
    fakeApi({});
    signInAs({ role: 'support' });
    renderApp('/support/nothing-here');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/support');
  });
});
