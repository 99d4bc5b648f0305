/** Directory sign-in fixtures: the methods answers, a sign-in answer, and the app started as main.tsx starts it. */
import { render, type RenderResult } from '@testing-library/react';
import { createElement } from 'react';
import type { AuthMethods } from '../../../src/shared/auth.ts';
import { App, prepareSignIn } from '../../../src/client/app/App.tsx';

export const LABEL = 'Corp SSO';
export const OIDC_ON: AuthMethods = { password: true, password_for: 'all', oidc: { label: LABEL }, proxy: false };
export const OIDC_OFF: AuthMethods = { password: true, password_for: 'all', oidc: null, proxy: false };

export const methods = (data: AuthMethods) => ({ body: { data } });

export const signedIn = (role: string, extra: Record<string, unknown> = {}) => ({
  body: {
    message: 'Signed in successfully.',
    data: {
      user: { id: 7, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', role, last_seen: null, source: 'directory' },
      authorization: { token: 'directory-token', type: 'bearer' },
      ...extra,
    },
  },
});

/** Opens `path` as a page load does: main.tsx's start (methods, a proxy) before the first render. */
export async function startApp(path: string): Promise<RenderResult> {
  window.history.replaceState(null, '', path);
  await prepareSignIn();
  return render(createElement(App));
}

export const storedToken = () => JSON.parse(localStorage.getItem('Auth-token') ?? 'null')?.state?.accessToken ?? null;
