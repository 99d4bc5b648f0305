/**
 * The route guard of product.md#route-guard as a pure decision, so every rule can be tested without a browser.
 *  - no token: only '/' (the sign-in page) is open; everything else redirects there;
 *  - a token on '/': off to the role's area; the role is compared ignoring case;
 *  - a token elsewhere: the path must lie under the role's own prefix, compared case-sensitively
 *    ('/Admin' is not '/admin'), else Access Denied. A role we do not know has no area at all.
 *  - the pages a directory sign-in returns to are open to everyone, token or not
 *    (docs/design.md#directory-sign-in).
 */
import type { Role } from '../../shared/constants.ts';
import { DIRECTORY_PAGES, homeOf, inAreaOf, normalizeRole, SIGN_IN } from '../lib/paths.ts';

export type GuardDecision =
  | { kind: 'signIn' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }
  | { kind: 'area'; role: Role }
  | { kind: 'directory'; page: DirectoryPage };

export type DirectoryPage = keyof typeof DIRECTORY_PAGES;

const directoryPageAt = (path: string) =>
  (Object.keys(DIRECTORY_PAGES) as DirectoryPage[]).find((page) => DIRECTORY_PAGES[page] === path);

export function guard(path: string, token: string | null | undefined, role: unknown): GuardDecision {
  const page = directoryPageAt(path);
  if (page) return { kind: 'directory', page };
  if (!token) return path === SIGN_IN ? { kind: 'signIn' } : { kind: 'redirect', to: SIGN_IN };
  const known = normalizeRole(role);
  if (path === SIGN_IN) return known ? { kind: 'redirect', to: homeOf(known) } : { kind: 'signIn' };
  if (!known || !inAreaOf(known, path)) return { kind: 'denied' };
  return { kind: 'area', role: known };
}
