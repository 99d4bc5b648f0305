/** Sign-in and sign-out calls (product.md#calls) and the one way every screen signs out. */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { Envelope, SignInAnswer } from '../../../shared/types.ts';
import { useAuth } from '../../lib/auth.ts';
import { clearDrafts } from '../../lib/draft.ts';
import { clearQueries } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { forgetReturnPath } from '../../lib/returnPath.ts';
import { forgetSessionEnded } from '../../lib/sessionEnd.ts';
import { toast } from '../../lib/toast.ts';
import { declineProxySignIn } from './directory.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** Form-encoded and without a bearer token (product.md#calls). */
export function signIn({ email, password }: Credentials) {
  return request<Envelope<SignInAnswer>>('/auth/sign-in', { method: 'POST', form: { email, password }, auth: false });
}

export function signOut() {
  return request<Partial<Envelope<unknown>>>('/auth/sign-out', { method: 'POST' });
}

/**
 * Log out now, tell the server in the background, go to '/'. The request reads the token
 * synchronously, before the store forgets it, so nobody waits for the network to leave.
 * Leaving on purpose also forgets the user's drafts and the page to return to: on a shared
 * machine the next person starts clean (an expired session keeps both). Behind a trusted proxy,
 * leaving on purpose also stops the proxy signing the person straight back in (until a reload).
 */
export function useSignOut(): () => Promise<void> {
  const [, navigate] = useLocation();
  return useCallback(async () => {
    const answer = useAuth.getState().accessToken ? signOut() : undefined;
    forgetReturnPath();
    forgetSessionEnded();
    declineProxySignIn();
    clearDrafts(useAuth.getState().user?.id);
    useAuth.getState().logout();
    clearQueries();
    navigate('/', { replace: true });
    if (!answer) return;
    try {
      const { message } = (await answer) ?? {};
      if (message) toast.success(message);
    } catch (error) {
      toast.error((error as Error).message);
    }
  }, [navigate]);
}
