/**
 * The page a user asked for before signing in (issue 13): a deep link opened while signed out,
 * or the page an expired or revoked session left. The guard remembers it (per tab, in
 * sessionStorage) when it sends the user to sign in; sign-in goes there when the user's role may
 * see it, else home. A deliberate sign-out remembers nothing: the next user starts at home.
 *
 * Only a same-origin path is ever followed: '//evil.com', '/\evil.com' (browsers read '\' as '/'),
 * 'https://…' and anything that resolves to another origin are refused (no open redirect).
 */
import type { Role } from '../../shared/constants.ts';
import { homeOf, inAreaOf, normalizeRole, SIGN_IN } from './paths.ts';

const STORAGE_KEY = 'helpdesk.returnPath';
/** A stand-in origin to resolve against: whatever resolves elsewhere is not a path of ours. */
const PROBE_ORIGIN = 'http://helpdesk.invalid';

/** Set by a deliberate sign-out until the sign-in page shows. */
let signingOut = false;

/** The path, query and hash of `raw` if it is a same-origin in-app path, else undefined. */
export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  // Backslashes and control characters have no place in our paths and are how redirects get smuggled.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === SIGN_IN) return undefined;
  return url.pathname + url.search + url.hash;
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
