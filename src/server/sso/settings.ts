/**
 * The directory sign-in settings (docs/design.md#directory-sign-in), read and checked at start: OIDC
 * is all there or all absent, a proxy header comes with the proxies it is trusted from, and
 * PASSWORD_SIGN_IN=off leaves some other way in. Every refusal names the variable to fix.
 */
import type { PasswordSignIn } from '../../shared/auth.ts';
import { parseProxyList } from './proxy-addresses.ts';
import { DEFAULT_OIDC_ROLES, parseRoleRules, type RoleRule } from './roles.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button says "Sign in with {label}". */
  label: string;
  scopes: string;
  /** The claim holding the person's groups; a dotted path reaches inside an object (realm_access.roles). */
  roleClaim: string;
  roles: RoleRule[];
}

export interface DirectorySettings {
  /** null: no OpenID Connect sign-in. */
  oidc: OidcSettings | null;
  passwordSignIn: PasswordSignIn;
  /** '' : no trusted proxy sign-in. */
  trustedProxyHeader: string;
  trustedProxies: string[];
}

export const DEFAULT_DIRECTORY_SETTINGS: DirectorySettings = { oidc: null, passwordSignIn: 'all', trustedProxyHeader: '', trustedProxies: [] };
export const OIDC_DEFAULTS = { label: 'single sign-on', scopes: 'openid email profile', roleClaim: 'groups', roles: DEFAULT_OIDC_ROLES };

type Env = Record<string, string | undefined>;
const REQUIRED_OIDC = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const OPTIONAL_OIDC = ['OIDC_LABEL', 'OIDC_SCOPES', 'OIDC_ROLE_CLAIM', 'OIDC_ROLES'] as const;
const PASSWORD_MODES: readonly PasswordSignIn[] = ['all', 'super', 'off'];
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const value = (env: Env, name: string) => env[name]?.trim() ?? '';

/** HTTPS, or plain HTTP to this machine only (a provider on localhost, in tests or while trying it out). */
export function isAllowedDirectoryUrl(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

function oidcFrom(env: Env): OidcSettings | null {
  const given = [...REQUIRED_OIDC, ...OPTIONAL_OIDC].filter((name) => value(env, name));
  if (given.length === 0) return null;
  const missing = REQUIRED_OIDC.filter((name) => !value(env, name));
  if (missing.length) throw new Error(`OpenID Connect is half set up: ${given.join(', ')} given, ${missing.join(', ')} missing. Set all three of ${REQUIRED_OIDC.join(', ')}, or none.`);
  const issuer = value(env, 'OIDC_ISSUER').replace(/\/+$/, '');
  if (!isAllowedDirectoryUrl(issuer)) throw new Error(`OIDC_ISSUER must be an https:// URL (http:// only to localhost), got "${issuer}"`);
  const scopes = value(env, 'OIDC_SCOPES') || OIDC_DEFAULTS.scopes;
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`OIDC_SCOPES must include openid, got "${scopes}"`);
  return {
    // Kept as written (a trailing slash included) where the provider's own issuer has one: see issuerMatches.
    issuer: value(env, 'OIDC_ISSUER'),
    clientId: value(env, 'OIDC_CLIENT_ID'),
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    label: value(env, 'OIDC_LABEL') || OIDC_DEFAULTS.label,
    scopes,
    roleClaim: value(env, 'OIDC_ROLE_CLAIM') || OIDC_DEFAULTS.roleClaim,
    roles: parseRoleRules(value(env, 'OIDC_ROLES') || OIDC_DEFAULTS.roles),
  };
}

export function directorySettingsFrom(env: Env): DirectorySettings {
  const oidc = oidcFrom(env);
  const mode = (value(env, 'PASSWORD_SIGN_IN') || 'all').toLowerCase();
  if (!(PASSWORD_MODES as readonly string[]).includes(mode)) throw new Error(`PASSWORD_SIGN_IN must be all, super or off, got "${env.PASSWORD_SIGN_IN}"`);
  const trustedProxyHeader = value(env, 'TRUSTED_PROXY_HEADER');
  const trustedProxies = value(env, 'TRUSTED_PROXIES').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (trustedProxyHeader && trustedProxies.length === 0) throw new Error('TRUSTED_PROXY_HEADER is set but TRUSTED_PROXIES is empty: name the proxy addresses (or CIDRs) the header is believed from.');
  if (trustedProxies.length && !trustedProxyHeader) throw new Error('TRUSTED_PROXIES is set but TRUSTED_PROXY_HEADER is not: name the header the proxy sets (e.g. X-Remote-User).');
  if (trustedProxyHeader && !/^[A-Za-z0-9-]+$/.test(trustedProxyHeader)) throw new Error(`TRUSTED_PROXY_HEADER must be a header name, got "${trustedProxyHeader}"`);
  parseProxyList(trustedProxies);
  if (mode === 'off' && !oidc && !trustedProxyHeader) throw new Error('PASSWORD_SIGN_IN=off needs another way in: set OIDC_ISSUER (with its client) or TRUSTED_PROXY_HEADER.');
  return { oidc, passwordSignIn: mode as PasswordSignIn, trustedProxyHeader, trustedProxies };
}
