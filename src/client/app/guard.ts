/**
 * The route guard of product.md#route-guard as a pure decision, so every rule can be tested without a browser.
 *  - no token: only '/' (the sign-in page) is open; everything else redirects there;
 *  - a token on '/': off to the role's area; the role is compared ignoring case;
 *  - a token elsewhere: the path must lie under the role's own prefix, compared case-sensitively
 *    ('/Admin' is not '/admin'), else Access Denied. A role we do not know has no area at all.
 */
import { AREA_BY_ROLE, ROLES, type Role } from '../../shared/constants.ts';

export type GuardDecision =
  | { kind: 'signIn' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }
  | { kind: 'area'; role: Role };

export const HOME = '/';

/** The role, whatever its letter case, or undefined when it is not one of ours. */
export function normalizeRole(role: unknown): Role | undefined {
  const lower = typeof role === 'string' ? role.toLowerCase() : '';
  return ROLES.find((known) => known === lower);
}

/** Where sign-in sends a user: their area, or '/' for an unknown role (product.md#auth-flow). */
export function homeOf(role: unknown): string {
  const known = normalizeRole(role);
  return known ? AREA_BY_ROLE[known] : HOME;
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function guard(path: string, token: string | null | undefined, role: unknown): GuardDecision {
  if (!token) return path === HOME ? { kind: 'signIn' } : { kind: 'redirect', to: HOME };
  const known = normalizeRole(role);
  if (path === HOME) return known ? { kind: 'redirect', to: AREA_BY_ROLE[known] } : { kind: 'signIn' };
  if (!known || !isUnder(path, AREA_BY_ROLE[known])) return { kind: 'denied' };
  return { kind: 'area', role: known };
}
