/**
 * Who the directory says signed in: sub, e-mail, names and groups, from the ID token, completed from
 * the userinfo endpoint when the token leaves some out (Keycloak and Entra put less in the token
 * than the provider knows, depending on scopes and mappers).
 */
import { fitLength } from '../../shared/text.ts';

export interface Person {
  subject: string;
  email: string;
  /** false only when the directory says the address is not verified. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  groups: string[];
}

const MAX_GROUPS = 1000;
/** As long as a name may be anywhere else (VALIDATION.nameMax). */
const NAME_MAX = 500;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
// A long name is cut between characters, never inside one (a lone surrogate is not text).
const clip = (value: string) => fitLength(value, NAME_MAX);

/** A claim by name; a dotted name reaches inside objects (Keycloak's realm_access.roles). A claim literally named with dots wins. */
export function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  return name.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), claims);
}

export function groupsIn(claims: Record<string, unknown>, claim: string): string[] | undefined {
  const value = claimAt(claims, claim);
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string').slice(0, MAX_GROUPS);
  return undefined;
}

/** Whether the token lacks something userinfo may have. */
export function needsUserinfo(claims: Record<string, unknown>, roleClaim: string): boolean {
  const hasName = Boolean(text(claims.given_name) || text(claims.name));
  return !text(claims.email) || !hasName || groupsIn(claims, roleClaim) === undefined;
}

/** The person, the token's claims first and userinfo's (about the same sub) for what they lack. */
export function personFrom(token: Record<string, unknown>, userinfo: Record<string, unknown>, roleClaim: string): Person {
  const pick = (name: string) => (token[name] !== undefined && token[name] !== '' ? token[name] : userinfo[name]);
  const email = text(pick('email')).toLowerCase();
  const [nameFirst = '', ...nameRest] = text(pick('name')).split(/\s+/);
  const firstName = text(pick('given_name')) || nameFirst || email.split('@')[0] || '';
  const lastName = text(pick('family_name')) || (text(pick('given_name')) ? '' : nameRest.join(' '));
  return {
    subject: token.sub as string,
    email,
    emailVerified: pick('email_verified') !== false && pick('email_verified') !== 'false',
    firstName: clip(firstName),
    lastName: clip(lastName),
    groups: groupsIn(token, roleClaim) ?? groupsIn(userinfo, roleClaim) ?? [],
  };
}
