/**
 * The OpenID provider as this server sees it: its discovery document (the issuer must be the one
 * configured) and its signing keys, both cached. A token signed with a key we do not know refetches
 * the key set (the provider rotated its keys), at most once per JWKS_REFETCH_MS, so a flood of forged
 * `kid`s cannot make us hammer the directory.
 */
import crypto, { type KeyObject } from 'node:crypto';
import { DirectoryDown, fetchJson } from './fetch-json.ts';
import { keyTypeFor, TokenInvalid, type AcceptedAlg } from './jwt.ts';
import { isAllowedDirectoryUrl } from './settings.ts';

/** The discovery document is read again after this long (providers change it rarely). */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** The key set is read again at least this often; an unknown kid reads it sooner, but not more often than JWKS_REFETCH_MS. */
const JWKS_TTL_MS = 60 * 60_000;
export const JWKS_REFETCH_MS = 60_000;
/** After the directory failed to answer, sign-ins are told it is down without asking again for this long. */
export const DOWN_RETRY_MS = 5_000;
const DISCOVERY_PATH = '/.well-known/openid-configuration';

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

interface Jwk {
  kid?: string;
  kty?: string;
  use?: string;
  alg?: string;
  crv?: string;
}

export type Directory = ReturnType<typeof createDirectory>;

/** The configured issuer and the provider's may differ by a trailing slash only (people write either). */
const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function readDiscovery(json: Record<string, unknown>, configured: string): Discovery {
  const issuer = json.issuer;
  if (typeof issuer !== 'string' || !sameIssuer(issuer, configured)) throw new DirectoryDown(`the discovery document's issuer ${JSON.stringify(issuer)} is not OIDC_ISSUER ${configured}`);
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof json[name] !== 'string' || !isAllowedDirectoryUrl(json[name])) throw new DirectoryDown(`the discovery document's ${name} is missing or not https`);
  }
  const userinfo = typeof json.userinfo_endpoint === 'string' && isAllowedDirectoryUrl(json.userinfo_endpoint) ? json.userinfo_endpoint : undefined;
  return { issuer, authorization_endpoint: json.authorization_endpoint as string, token_endpoint: json.token_endpoint as string, jwks_uri: json.jwks_uri as string, userinfo_endpoint: userinfo };
}

function keysOf(json: Record<string, unknown>): Map<string, { jwk: Jwk; key: KeyObject }> {
  const keys = new Map<string, { jwk: Jwk; key: KeyObject }>();
  if (!Array.isArray(json.keys)) throw new DirectoryDown('the key set has no keys');
  json.keys.forEach((jwk: Jwk, index) => {
    if (!jwk || typeof jwk !== 'object' || (jwk.use !== undefined && jwk.use !== 'sig') || (jwk.kty !== 'RSA' && jwk.kty !== 'EC')) return;
    try {
      // Only the public members: a JWK carrying a private part must not make us hold a private key.
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicPart } = jwk as Record<string, unknown>;
      keys.set(jwk.kid ?? `#${index}`, { jwk, key: crypto.createPublicKey({ key: publicPart, format: 'jwk' } as crypto.JsonWebKeyInput) });
    } catch {
      // A key we cannot read (another curve, a broken one) is skipped; the token names the one it needs.
    }
  });
  return keys;
}

export function createDirectory(issuer: string, now: () => number, timeoutMs?: number) {
  let discovery: { at: number; value: Discovery } | undefined;
  let jwks: { at: number; keys: Map<string, { jwk: Jwk; key: KeyObject }> } | undefined;
  let lastJwksFetch = -Infinity;
  let downUntil = -Infinity;
  let downBecause = '';
  // Sign-ins arriving while the document is being read wait for that one reading.
  let reading: Promise<Discovery> | undefined;

  async function readConfig(): Promise<Discovery> {
    try {
      const answer = await fetchJson(issuer.replace(/\/+$/, '') + DISCOVERY_PATH, {}, timeoutMs);
      if (answer.status !== 200) throw new DirectoryDown(`discovery answered HTTP ${answer.status}`);
      discovery = { at: now(), value: readDiscovery(answer.json, issuer) };
      return discovery.value;
    } catch (error) {
      downUntil = now() + DOWN_RETRY_MS;
      downBecause = error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  /** The discovery document: cached; one reading at a time; a directory that just failed is not asked again at once. */
  async function config(): Promise<Discovery> {
    if (discovery && now() - discovery.at < DISCOVERY_TTL_MS) return discovery.value;
    if (now() < downUntil) throw new DirectoryDown(`${downBecause} (not asked again for ${DOWN_RETRY_MS / 1000} s)`);
    reading ??= readConfig().finally(() => (reading = undefined));
    return reading;
  }

  async function fetchKeys(): Promise<void> {
    lastJwksFetch = now();
    const answer = await fetchJson((await config()).jwks_uri, {}, timeoutMs);
    if (answer.status !== 200) throw new DirectoryDown(`the key set answered HTTP ${answer.status}`);
    jwks = { at: now(), keys: keysOf(answer.json) };
  }

  function pick(kid: unknown, alg: AcceptedAlg): KeyObject | undefined {
    const fits = (jwk: Jwk, key: KeyObject) => key.asymmetricKeyType === keyTypeFor(alg) && (jwk.alg === undefined || jwk.alg === alg);
    if (typeof kid === 'string') {
      const found = jwks?.keys.get(kid);
      return found && fits(found.jwk, found.key) ? found.key : undefined;
    }
    // No kid: only unambiguous when exactly one key fits.
    const candidates = [...(jwks?.keys.values() ?? [])].filter(({ jwk, key }) => fits(jwk, key));
    return candidates.length === 1 ? candidates[0]!.key : undefined;
  }

  return {
    config,
    /** The key a token's header names; refetches once for an unknown kid, then the token is refused. */
    async key(kid: unknown, alg: AcceptedAlg): Promise<KeyObject> {
      if (!jwks || now() - jwks.at >= JWKS_TTL_MS) await fetchKeys();
      let key = pick(kid, alg);
      if (!key && now() - lastJwksFetch >= JWKS_REFETCH_MS) {
        await fetchKeys();
        key = pick(kid, alg);
      }
      if (!key) throw new TokenInvalid(`no ${alg} key ${JSON.stringify(kid)} in the provider's key set`);
      return key;
    },
  };
}
