import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DIRECTORY_FAILURES } from '../../../src/shared/auth.ts';
import { DIRECTORY_FAILURE_UNKNOWN, DIRECTORY_FAILURE_TEXTS, DIRECTORY_SIGN_IN } from '../../../src/shared/directory.ts';
import { fakeApi, signInAs } from '../fakeApi.ts';
import { methods, OIDC_ON, startApp } from './helpers.ts';

const REASONS = [...DIRECTORY_FAILURES];

describe('/auth/failed', () => {
  test('covers every reason the contract names, and only those', () => {
    expect([...REASONS].sort()).toEqual(['account_conflict', 'directory_down', 'flow_expired', 'flow_mismatch', 'not_granted', 'token_invalid']);
    expect(Object.keys(DIRECTORY_FAILURE_TEXTS).sort()).toEqual([...REASONS].sort());
  });

  test.each(REASONS)('reason=%s says what happened and what to do, with the way back to sign in', async (reason) => {
    fakeApi({ 'GET /auth/methods': methods(OIDC_ON) });
    await startApp(`/auth/failed?reason=${reason}`);
    const { title, text, next } = DIRECTORY_FAILURE_TEXTS[reason];
    screen.getByRole('heading', { level: 1, name: title });
    screen.getByText(text);
    screen.getByText(next);
    await waitFor(() => expect(document.title).toBe('Sign-in failed · Helpdesk'));
    // Calm: not an alert, nobody signed in, the address kept (a reload shows the same page).
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('Auth-token')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe(`/auth/failed?reason=${reason}`);
    fireEvent.click(screen.getByRole('link', { name: DIRECTORY_SIGN_IN.backToSignIn }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await screen.findByRole('link', { name: 'Sign in with Corp SSO' });
    screen.getByLabelText('Email');
  });

  test('each reason has its own words', () => {
    const titles = REASONS.map((reason) => DIRECTORY_FAILURE_TEXTS[reason].title);
    expect(new Set(titles).size).toBe(REASONS.length);
  });

  test('the directory did not grant: the page says so plainly', async () => {
    fakeApi({});
    await startApp('/auth/failed?reason=not_granted');
    screen.getByText(/not allowed to use the helpdesk/);
  });

  test.each(['', '?reason=', '?reason=toString', '?reason=__proto__', '?reason=<script>'])('an unknown reason (%s) gets a general page, never a blank one', async (search) => {
    fakeApi({});
    await startApp(`/auth/failed${search}`);
    screen.getByRole('heading', { level: 1, name: DIRECTORY_FAILURE_UNKNOWN.title });
    screen.getByRole('link', { name: DIRECTORY_SIGN_IN.backToSignIn });
  });

  test('is open to someone signed in too (the guard does not send them away)', async () => {
    fakeApi({ 'GET /config/categories': { body: { data: { list: [] } } } });
    signInAs({ role: 'super' });
    await startApp('/auth/failed?reason=directory_down');
    screen.getByRole('heading', { level: 1, name: DIRECTORY_FAILURE_TEXTS.directory_down.title });
    expect(window.location.pathname).toBe('/auth/failed');
  });
});
