/**
 * OIDC_ROLES (docs/design.md#directory-sign-in): `super=helpdesk-admins;developer=helpdesk-devs;support=*`.
 * A person gets the first role one of whose groups they are in; `*` is anyone; no match is no access.
 */
import { ROLES, type Role } from '../../shared/index.ts';

export interface RoleRule {
  role: Role;
  /** Group names (or ids: Entra sends object ids); '*' matches anyone. */
  groups: string[];
}

export const ANYONE = '*';
export const DEFAULT_OIDC_ROLES = 'super=helpdesk-admins;developer=helpdesk-devs;support=*';

/** The rules of an OIDC_ROLES value; throws naming what is wrong. */
export function parseRoleRules(raw: string): RoleRule[] {
  const rules = raw.split(';').map((part) => part.trim()).filter(Boolean).map((part): RoleRule => {
    const [role = '', groups = ''] = part.split('=', 2).map((side) => side.trim());
    if (!(ROLES as readonly string[]).includes(role)) throw new Error(`OIDC_ROLES: "${role}" is not a role (${ROLES.join(', ')}), in "${part}"`);
    const names = groups.split(',').map((group) => group.trim()).filter(Boolean);
    if (names.length === 0) throw new Error(`OIDC_ROLES: no group for ${role}, in "${part}" (use ${role}=* for anyone)`);
    return { role: role as Role, groups: names };
  });
  if (rules.length === 0) throw new Error('OIDC_ROLES must name at least one role, e.g. ' + DEFAULT_OIDC_ROLES);
  return rules;
}

/** The role the directory's groups grant, or undefined: not granted. */
export function roleFor(rules: readonly RoleRule[], groups: readonly string[]): Role | undefined {
  const held = new Set(groups);
  return rules.find((rule) => rule.groups.some((group) => group === ANYONE || held.has(group)))?.role;
}
