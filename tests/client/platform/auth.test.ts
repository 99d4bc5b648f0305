import { describe, expect, test } from 'vitest';
import { isAuthenticated, useAuth } from '../../../src/client/lib/auth.ts';
import type { User } from '../../../src/shared/types.ts';

const USER: User = { id: 3, first_name: 'Lin', last_name: 'Ng', email: 'lin@example.com', role: 'support', last_seen: null };

describe('auth store', () => {
  test("persists only accessToken and user under 'Auth-token'", () => {
    useAuth.getState().login('abc', USER);
    const stored = JSON.parse(localStorage.getItem('Auth-token')!);
    expect(Object.keys(stored.state).sort()).toEqual(['accessToken', 'user']);
    expect(stored.state).toEqual({ accessToken: 'abc', user: USER });
    expect(isAuthenticated(useAuth.getState())).toBe(true);
  });

  test('setUser replaces the stored user', () => {
    useAuth.getState().login('abc', USER);
    useAuth.getState().setUser({ ...USER, first_name: 'Lina' });
    expect(JSON.parse(localStorage.getItem('Auth-token')!).state.user.first_name).toBe('Lina');
  });

  test('logout clears the state and the storage', () => {
    useAuth.getState().login('abc', USER);
    useAuth.getState().logout();
    expect(useAuth.getState()).toMatchObject({ accessToken: null, user: null });
    expect(isAuthenticated(useAuth.getState())).toBe(false);
    expect(localStorage.getItem('Auth-token')).toBeNull();
  });

  test('the flag is derived from the token, never stored', () => {
    useAuth.getState().login('abc', USER);
    expect(useAuth.getState()).not.toHaveProperty('isAuthenticated');
    useAuth.setState({ accessToken: null });
    expect(isAuthenticated(useAuth.getState())).toBe(false);
  });

  test('rehydrating derives isAuthenticated from the stored token', async () => {
    localStorage.setItem('Auth-token', JSON.stringify({ state: { accessToken: 'xyz', user: USER }, version: 0 }));
    await useAuth.persist.rehydrate();
    expect(useAuth.getState()).toMatchObject({ accessToken: 'xyz', user: USER });
    expect(isAuthenticated(useAuth.getState())).toBe(true);
  });
});
