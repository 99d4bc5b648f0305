/**
 * Signing in without the form (docs/design.md#directory-sign-in): the link that starts the
 * directory's flow, the handoff that finishes it, and the trusted proxy. Each ends like a password
 * sign-in: the same answer stored the same way (lib/auth.ts), landing by product.md#auth-flow.
 */
import type { Envelope, SignInAnswer } from '../../../shared/types.ts';
import { useAuth } from '../../lib/auth.ts';
import { DIRECTORY_PAGES } from '../../lib/paths.ts';
import { clearQueries } from '../../lib/query.ts';
import { cacheGeneration } from '../../lib/queryWatch.ts';
import { apiUrl, request } from '../../lib/request.ts';
import { landingPathFor, peekReturnPath, takeLandingPath } from '../../lib/returnPath.ts';
import { knownAuthMethods } from './methods.ts';

const START_PATH = '/auth/oidc/start';
const HANDOFF = /(?:^#|&)handoff=([^&]*)/;

export type DirectoryAnswer = Envelope<SignInAnswer & { return?: string | null }>;

/** Where the button goes: the flow's start, carrying the page first asked for. */
export function directoryStartUrl(): string {
  const asked = peekReturnPath();
  return apiUrl(asked ? `${START_PATH}?return=${encodeURIComponent(asked)}` : START_PATH);
}

/** The handoff taken out of the address, kept until the page finishing it starts. */
let takenHandoff: string | null = null;

/**
 * Reads `#handoff=` and removes it from the address bar (and so from history) at once; called
 * again (StrictMode renders twice) it answers what the first call took.
 */
export function takeHandoff(): string | null {
  if (window.location.pathname !== DIRECTORY_PAGES.complete) return null;
  const match = HANDOFF.exec(window.location.hash);
  if (match) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    try {
      takenHandoff = decodeURIComponent(match[1]!);
    } catch {
      takenHandoff = match[1]!;
    }
  }
  return takenHandoff;
}

/** One request per handoff: it can be used once, and StrictMode runs effects twice. */
const finishing = new Map<string, Promise<DirectoryAnswer>>();

export function finishDirectorySignIn(handoff: string): Promise<DirectoryAnswer> {
  if (takenHandoff === handoff) takenHandoff = null;
  let answer = finishing.get(handoff);
  if (!answer) {
    answer = request<DirectoryAnswer>('/auth/oidc/finish', { method: 'POST', json: { handoff }, auth: false });
    finishing.set(handoff, answer);
    const forget = () => void finishing.delete(handoff);
    answer.then(forget, forget);
  }
  return answer;
}

/** Stores the session exactly as a password sign-in does; answers where to land. */
export function acceptSignIn({ user, authorization, return: asked }: DirectoryAnswer['data']): string {
  clearQueries();
  useAuth.getState().login(authorization.token, user);
  // The stored path is the one the flow carried (or older): either way it is used up now.
  const remembered = takeLandingPath(user.role);
  return asked === undefined ? remembered : landingPathFor(user.role, asked);
}

/** Set by a deliberate sign-out: the proxy would sign the person straight back in. */
let proxyDeclined = false;
export function declineProxySignIn(): void {
  proxyDeclined = true;
}

/** This page load's attempt, per cache generation: a session that ends (which clears the cache) may ask again. */
let proxyAttempt: { generation: number; promise: Promise<string | undefined> } | undefined;

/**
 * When the known methods say a trusted proxy signs people in and nobody is signed in, asks it (once
 * until the session changes). Answers where to land, or undefined (no proxy, a 401, any failure):
 * then the sign-in screen shows as usual.
 */
export function proxySignIn(): Promise<string | undefined> {
  if (useAuth.getState().accessToken || proxyDeclined || !knownAuthMethods()?.proxy) return Promise.resolve(undefined);
  const generation = cacheGeneration();
  if (proxyAttempt?.generation !== generation) proxyAttempt = { generation, promise: askProxy() };
  return proxyAttempt.promise;
}

async function askProxy(): Promise<string | undefined> {
  try {
    const answer = await request<DirectoryAnswer>('/auth/proxy', { auth: false });
    return acceptSignIn({ ...answer.data, return: undefined });
  } catch {
    return undefined;
  }
}
