import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Role } from '../../../src/shared/constants.ts';
import { fakeApi, renderApp } from '../fakeApi.ts';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const answer = (role: string) => ({
  body: {
    message: 'Signed in successfully.',
    data: {
      user: { id: 7, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', role, last_seen: null },
      authorization: { token: 'fresh-token', type: 'bearer' },
    },
  },
});

describe('sign-in page', () => {
  test('shows both validation messages and sends nothing', async () => {
    const server = fakeApi({});
    renderApp('/');
    fill('grace', 'short');
    await screen.findByText("Email must contain @ or '.'");
    screen.getByText('Password must be more than 7 characters');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toHaveLength(0);
  });

  test.each([
    ['super', '/admin'],
    ['support', '/support'],
    ['developer', '/developer'],
  ] as [Role, string][])('a %s is signed in with a form post and sent to %s', async (role, area) => {
    const server = fakeApi({ 'POST /auth/sign-in': answer(role) });
    renderApp('/');
    fill('grace@example.com', 'correct horse');

    await waitFor(() => expect(window.location.pathname).toBe(area));
    await screen.findByText('Signed in successfully.');
    const [call] = server.calls;
    expect(call?.body).toEqual({ email: 'grace@example.com', password: 'correct horse' });
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(call?.headers.authorization).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('Auth-token')!).state.accessToken).toBe('fresh-token');
  });

  test('an unknown role stays on /', async () => {
    fakeApi({ 'POST /auth/sign-in': answer('guest') });
    renderApp('/');
    fill('grace@example.com', 'correct horse');
    await screen.findByText('Signed in successfully.');
    expect(window.location.pathname).toBe('/');
  });

  test("a failure shows the server's message in a red toast, and under the form as its alert, and keeps the user signed out", async () => {
    fakeApi({ 'POST /auth/sign-in': { status: 401, body: { message: 'Invalid email or password.' } } });
    renderApp('/');
    fill('grace@example.com', 'wrong password');
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Invalid email or password.');
    expect(toast.closest('li')?.className).toMatch(/error/);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password.');
    const form = document.querySelector('form')!;
    expect(form.contains(alert)).toBe(true);
    expect(form.getAttribute('aria-describedby')).toBe(alert.id);
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem('Auth-token')).toBeNull();
  });

  test('the button says Signing in... while the request runs', async () => {
    let release: () => void = () => {};
    fakeApi({});
    const pending = new Promise<void>((resolve) => (release = resolve));
    const original = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await pending;
      return original(...args);
    }) as typeof fetch;
    renderApp('/');
    fill('grace@example.com', 'correct horse');
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByRole('button', { name: 'Sign in' });
  });
});
