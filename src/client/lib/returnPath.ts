/**
 * The page a user asked for before signing in (issue 13): a deep link opened while signed out,
 * or the page an expired or revoked session left. The guard remembers it (per tab, in
 * sessionStorage) when it sends the user to sign in; sign-in goes there when the user's role may
 * see it, else home. A deliberate sign-out remembers nothing: the next user starts at home.
 *
 * Only a same-origin path is ever followed (shared/return-path.ts: no open redirect).
 */
import type { Role } from '../../shared/constants.ts';
import { PROBE_ORIGIN, sameOriginPath } from '../../shared/return-path.ts';
import { homeOf, inAreaOf, normalizeRole, SIGN_IN } from './paths.ts';

const STORAGE_KEY = 'helpdesk.returnPath';

/** Set by a deliberate sign-out until the sign-in page shows. */
let signingOut = false;

/** The path, query and hash of `raw` if it is a same-origin in-app path, else undefined. */
export function safeReturnPath(raw: unknown): string | undefined {
  const path = sameOriginPath(raw);
  return path && new URL(path, PROBE_ORIGIN).pathname !== SIGN_IN ? path : undefined;
}

/** The guard is sending the user from `path` to sign in. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (signingOut || !safe) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, safe);
  } catch {
    // Storage blocked: sign-in then lands at home, as product.md#auth-flow has it.
  }
}

/** A deliberate sign-out: forget the path, and remember none until the sign-in page shows. */
export function forgetReturnPath(): void {
  signingOut = true;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The sign-in page is showing: a later expiry may remember a path again. */
export function allowReturnPath(): void {
  signingOut = false;
}

/** The remembered path, left in place: the directory sign-in carries it there and back. */
export function peekReturnPath(): string | undefined {
  try {
    return safeReturnPath(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** Where a sign-in lands given a path asked for (from anywhere): that path when it is safe and `role` may see it, else home. */
export function landingPathFor(role: Role | string, asked: unknown): string {
  const known = normalizeRole(role);
  const safe = safeReturnPath(asked);
  if (!known || !safe) return homeOf(role);
  return inAreaOf(known, new URL(safe, PROBE_ORIGIN).pathname) ? safe : homeOf(role);
}

/** Where sign-in lands: the remembered path when `role` may see it, else the role's home. Forgets the path. */
export function takeLandingPath(role: Role | string): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: home.
  }
  return landingPathFor(role, stored);
}
