/** Issue 13: sign-in returns to the page asked for (a deep link, an expired session), never off-site. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { allowReturnPath, forgetReturnPath, safeReturnPath, takeLandingPath, rememberReturnPath } from '../../../src/client/lib/returnPath.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, STAFF, list } from '../admin/helpers.ts';

function signInWith(role: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  void role;
}

const signInAnswer = (role: string) => ({
  body: {
    message: 'Signed in successfully.',
    data: { user: { ...ADMIN, role }, authorization: { token: 'fresh-token', type: 'bearer' } },
  },
});

const here = () => window.location.pathname + window.location.search;

describe('safeReturnPath: only same-origin in-app paths', () => {
  test.each([
    ['/admin/staff?q=Ann', '/admin/staff?q=Ann'],
    ['/support/ticket-details/TCK-000001', '/support/ticket-details/TCK-000001'],
    ['/admin/tickets?status=closed#top', '/admin/tickets?status=closed#top'],
  ])('%s is kept', (raw, kept) => expect(safeReturnPath(raw)).toBe(kept));

  test.each([
    '//evil.com', '//evil.com/admin', '/\\evil.com', '/\\/evil.com', 'https://evil.com/admin', 'http:/evil.com',
    'javascript:alert(1)', 'admin', '', '/', '/\tevil', '///evil.com', null, 42,
  ])('%j is refused', (raw) => expect(safeReturnPath(raw)).toBeUndefined());

  test('a path the role may not see lands home instead', () => {
    rememberReturnPath('/admin/staff');
    expect(takeLandingPath('support')).toBe('/support');
    // Taken once: the next sign-in starts at home.
    rememberReturnPath('/admin/staff');
    expect(takeLandingPath('super')).toBe('/admin/staff');
    expect(takeLandingPath('super')).toBe('/admin');
  });

  test('while a deliberate sign-out runs nothing is remembered, until the sign-in page shows', () => {
    rememberReturnPath('/admin/staff');
    forgetReturnPath();
    rememberReturnPath('/admin/category');
    expect(takeLandingPath('super')).toBe('/admin');
    allowReturnPath();
    rememberReturnPath('/admin/category');
    expect(takeLandingPath('super')).toBe('/admin/category');
  });
});

describe('sign-in returns to the page asked for', () => {
  test('a deep link opened while signed out: / first (product.md#route-guard), then back to it after sign-in', async () => {
    fakeApi({ 'POST /auth/sign-in': signInAnswer('super'), 'GET /users': list(STAFF) });
    renderApp('/admin/staff?q=Sa');
    await waitFor(() => expect(here()).toBe('/'));
    signInWith('super');
    await waitFor(() => expect(here()).toBe('/admin/staff?q=Sa'));
    await screen.findByRole('table');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Sa');
  });

  test("a deep link into another role's area: sign-in lands home, not on Access Denied", async () => {
    fakeApi({ 'POST /auth/sign-in': signInAnswer('support') });
    renderApp('/admin/staff');
    await waitFor(() => expect(here()).toBe('/'));
    signInWith('support');
    await waitFor(() => expect(here()).toBe('/support'));
  });

  test('a session that expires (401) on a page: signing in again returns to it', async () => {
    let expired = true;
    fakeApi({
      'GET /users': () => (expired ? { status: 401, body: { message: 'Unauthenticated.' } } : list(STAFF)),
      'POST /auth/sign-in': () => ((expired = false), signInAnswer('super')),
    });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await waitFor(() => expect(here()).toBe('/'));
    await screen.findByLabelText('Email');
    signInWith('super');
    await waitFor(() => expect(here()).toBe('/admin/staff'));
    await screen.findByRole('table');
  });

  test('a deliberate sign-out remembers nothing: the next sign-in lands home', async () => {
    fakeApi({ 'GET /users': list(STAFF), 'POST /auth/sign-out': { body: { message: 'Signed out.' } }, 'POST /auth/sign-in': signInAnswer('super') });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(here()).toBe('/'));
    signInWith('super');
    await waitFor(() => expect(here()).toBe('/admin'));
  });
});
