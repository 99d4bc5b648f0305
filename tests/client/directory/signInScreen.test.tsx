import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DIRECTORY_SIGN_IN } from '../../../src/shared/directory.ts';
import { fakeApi, renderApp } from '../fakeApi.ts';
import { LABEL, methods, OIDC_OFF, OIDC_ON, startApp } from './helpers.ts';

const SPEC_TEXT = 'Use your work e-mail and password.';

/** SPEC's sign-in card, read in order: what a person sees, field by field. */
function cardTexts(): string[] {
  const card = screen.getByRole('heading', { name: 'Sign in' }).parentElement!;
  return [...card.children].map((child) => {
    if (child.querySelector('input')) return `field:${child.querySelector('label')?.textContent}`;
    return `${child.tagName.toLowerCase()}:${child.textContent}`;
  });
}

const SPEC_CARD = ['div:HHelpdesk', 'h1:Sign in', `p:${SPEC_TEXT}`, 'field:Email', 'field:Password', 'button:Sign in'];

describe("the sign-in screen keeps SPEC's form", () => {
  test('with directory sign-in off it is exactly SPEC form, strings and order', async () => {
    const server = fakeApi({ 'GET /auth/methods': methods(OIDC_OFF) });
    await startApp('/');
    expect(cardTexts()).toEqual(SPEC_CARD);
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' }).closest('form')).not.toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/methods']);
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
  });

  test.each([
    ['a 500', { status: 500, body: { message: 'Boom' } }],
    ['a 404 (an older server)', { status: 404, body: { message: 'Route not found.' } }],
    ['a malformed answer', { body: { data: { password: 'yes' } } }],
    ['an HTML page', { body: '<html>proxy error</html>' }],
  ])('when the methods fail to load (%s) it is SPEC form as today', async (_name, reply) => {
    fakeApi({ 'GET /auth/methods': reply });
    await startApp('/');
    expect(cardTexts()).toEqual(SPEC_CARD);
  });

  test('the methods are read once at start and kept: a later start draws from the stored copy at once', async () => {
    const server = fakeApi({ 'GET /auth/methods': methods(OIDC_ON) });
    await startApp('/');
    await screen.findByRole('link', { name: `Sign in with ${LABEL}` });
    // The screen itself never asks: drawing it again (after a sign-out) needs no request.
    renderApp('/');
    expect(screen.getAllByRole('link', { name: `Sign in with ${LABEL}` })).toHaveLength(2);
    expect(server.calls.filter((c) => c.path === '/auth/methods')).toHaveLength(1);
  });
});

describe('with directory sign-in on', () => {
  test('the button sits above SPEC form with "or" between, and the form is unchanged below', async () => {
    fakeApi({ 'GET /auth/methods': methods(OIDC_ON) });
    await startApp('/');
    const link = screen.getByRole('link', { name: `Sign in with ${LABEL}` });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    expect(cardTexts()).toEqual([
      'div:HHelpdesk',
      'h1:Sign in',
      `a:Sign in with ${LABEL}`,
      `p:${DIRECTORY_SIGN_IN.or}`,
      `p:${SPEC_TEXT}`,
      'field:Email',
      'field:Password',
      'button:Sign in',
    ]);
    // The link is not a button: SPEC's one "Sign in" button stays the only one.
    expect(screen.getAllByRole('button', { name: /sign in/i }).map((b) => b.textContent)).toEqual(['Sign in']);
  });

  test('the button carries the page first asked for, encoded', async () => {
    fakeApi({ 'GET /auth/methods': methods(OIDC_ON) });
    await startApp('/admin/tickets?status=opened');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    const link = await screen.findByRole('link', { name: `Sign in with ${LABEL}` });
    expect(link.getAttribute('href')).toBe(`/api/auth/oidc/start?return=${encodeURIComponent('/admin/tickets?status=opened')}`);
  });

  test('PASSWORD_SIGN_IN=off hides the form and says sign-in is through the directory', async () => {
    fakeApi({ 'GET /auth/methods': methods({ ...OIDC_ON, password: false, password_for: 'off' }) });
    await startApp('/');
    screen.getByRole('link', { name: `Sign in with ${LABEL}` });
    screen.getByText(DIRECTORY_SIGN_IN.passwordOff);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByText(DIRECTORY_SIGN_IN.or)).toBeNull();
    expect(document.querySelector('form')).toBeNull();
  });

  test('PASSWORD_SIGN_IN=super keeps the form with a short note that it is for administrators', async () => {
    fakeApi({ 'GET /auth/methods': methods({ ...OIDC_ON, password_for: 'super' }) });
    await startApp('/');
    const note = screen.getByText(DIRECTORY_SIGN_IN.superOnly);
    expect(note.closest('form')).not.toBeNull();
    screen.getByLabelText('Email');
    screen.getByRole('button', { name: 'Sign in' });
  });

  test("a password sign-in the server does not allow (403) shows its message under the form, and a toast like every failure", async () => {
    const refusal = 'Only administrators may sign in with a password. Use Sign in with Corp SSO.';
    fakeApi({
      'GET /auth/methods': methods({ ...OIDC_ON, password_for: 'super' }),
      'POST /auth/sign-in': { status: 403, body: { message: refusal } },
    });
    await startApp('/');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const shown = await screen.findAllByText(refusal);
    const form = document.querySelector('form')!;
    const under = shown.find((node) => form.contains(node))!;
    expect(under).toBeDefined();
    // Under the form: after the Sign in button.
    const button = within(form).getByRole('button', { name: 'Sign in' });
    expect(button.compareDocumentPosition(under) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown.some((node) => node.closest('li')?.className.match(/error/))).toBe(true);
    expect(localStorage.getItem('Auth-token')).toBeNull();
  });

  test('another failure (422) shows in a toast, as SPEC has it, and under the form as its alert (docs/product.md#failures)', async () => {
    fakeApi({ 'GET /auth/methods': methods(OIDC_ON), 'POST /auth/sign-in': { status: 422, body: { message: 'Invalid email or password.' } } });
    await startApp('/');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Invalid email or password.');
    expect(toast.closest('li')?.className).toMatch(/error/);
    const form = document.querySelector('form')!;
    expect(form.contains(toast)).toBe(false);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password.');
  });
});
