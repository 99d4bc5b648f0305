/** Issue 13: the areas' code loads while the password is checked, and sign-in waits for the role's area. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignInPage } from '../../../src/client/features/auth/pages/SignInPage.tsx';
import { useAuth } from '../../../src/client/lib/auth.ts';
import { fakeApi } from '../fakeApi.ts';

const ANSWER = {
  body: {
    message: 'Signed in successfully.',
    data: { user: { id: 7, first_name: 'Grace', last_name: 'Hopper', email: 'g@example.com', role: 'support', last_seen: null }, authorization: { token: 't', type: 'bearer' } },
  },
};

describe('sign-in preloads the area', () => {
  it('starts loading on the button press, and signs in only once the role’s area is loaded', async () => {
    fakeApi({ 'POST /auth/sign-in': ANSWER });
    let finish: () => void = () => {};
    const preloadArea = vi.fn((role?: string) => (role ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve()));
    render(<SignInPage preloadArea={preloadArea} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'g@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Pressed: loading starts before any answer (no role known yet).
    expect(preloadArea).toHaveBeenCalledWith();
    await waitFor(() => expect(preloadArea).toHaveBeenCalledWith('support'));
    // The answer is in, but the area is not: still signed out, still on the form.
    expect(useAuth.getState().accessToken).toBeNull();
    expect(window.location.pathname).toBe('/');
    finish();
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    expect(useAuth.getState().accessToken).toBe('t');
  });

  it('an area that fails to load does not fail the sign-in', async () => {
    fakeApi({ 'POST /auth/sign-in': ANSWER });
    render(<SignInPage preloadArea={() => Promise.reject(new Error('chunk missing'))} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'g@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
  });
});
