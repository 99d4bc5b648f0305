/**
 * The OpenID Connect sign-in (docs/design.md#directory-sign-in): authorization code with PKCE (S256),
 * state and nonce; the code is exchanged as a confidential client (client_secret_basic), the ID token
 * checked (jwt.ts), the person completed from userinfo and let in or refused (people.ts).
 */
import crypto from 'node:crypto';
import type { DirectoryFailure } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { type Person, needsUserinfo, personFrom } from './claims.ts';
import type { Directory, Discovery } from './directory.ts';
import { DirectoryDown, fetchJson } from './fetch-json.ts';
import type { Flow } from './flows.ts';
import { acceptedAlg, checkClaims, decodeJwt, TokenInvalid, verifySignature } from './jwt.ts';
import type { OidcSettings } from './settings.ts';

/** A directory sign-in that ends without a session, and why (the reason goes in the page's URL, the detail in the log). */
export class SignInRefused extends Error {
  readonly reason: DirectoryFailure;
  constructor(reason: DirectoryFailure, detail: string) {
    super(detail);
    this.reason = reason;
  }
}

export const pkceChallenge = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

/** The provider's authorization URL for a flow. */
export function authorizationUrl(discovery: Discovery, oidc: OidcSettings, redirectUri: string, state: string, flow: Pick<Flow, 'verifier' | 'nonce'>): string {
  const url = new URL(discovery.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: oidc.clientId,
    redirect_uri: redirectUri,
    scope: oidc.scopes,
    state,
    nonce: flow.nonce,
    code_challenge: pkceChallenge(flow.verifier),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** RFC 6749 §2.3.1: each part form-encoded before the Basic encoding (a secret with ':' or '%' survives). */
const basicAuth = (id: string, secret: string) => {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return 'Basic ' + Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64');
};

async function exchangeCode(discovery: Discovery, oidc: OidcSettings, redirectUri: string, code: string, verifier: string) {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
  const answer = await fetchJson(discovery.token_endpoint, {
    method: 'POST',
    headers: { Authorization: basicAuth(oidc.clientId, oidc.clientSecret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (answer.status !== 200) throw new SignInRefused('token_invalid', `the token endpoint refused the code: HTTP ${answer.status} ${String(answer.json.error ?? '')}`);
  return answer.json;
}

async function userinfoOf(discovery: Discovery, accessToken: unknown, subject: string): Promise<Record<string, unknown>> {
  if (!discovery.userinfo_endpoint || typeof accessToken !== 'string') return {};
  const answer = await fetchJson(discovery.userinfo_endpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (answer.status !== 200) throw new SignInRefused('token_invalid', `userinfo answered HTTP ${answer.status}`);
  // OpenID Connect Core §5.3.2: userinfo about someone else must not be used.
  if (answer.json.sub !== subject) throw new SignInRefused('token_invalid', 'userinfo is about another sub');
  return answer.json;
}

/**
 * From the callback's code to the person the directory vouches for; throws SignInRefused. `callbackIss`
 * is the callback's own `iss` (RFC 9207), when the provider sends one: another issuer's answer is a mix-up.
 */
export async function completeSignIn(app: ServerContext, directory: Directory, oidc: OidcSettings, redirectUri: string, code: string, flow: Flow, callbackIss: string | null): Promise<{ issuer: string; person: Person }> {
  try {
    const discovery = await directory.config();
    if (callbackIss !== null && callbackIss !== discovery.issuer) throw new TokenInvalid(`the callback's iss ${JSON.stringify(callbackIss)} is not ${discovery.issuer}`);
    const tokens = await exchangeCode(discovery, oidc, redirectUri, code, flow.verifier);
    const jwt = decodeJwt(tokens.id_token);
    const alg = acceptedAlg(jwt.header);
    verifySignature(jwt, alg, await directory.key(jwt.header.kid, alg));
    checkClaims(jwt.claims, { issuer: discovery.issuer, clientId: oidc.clientId, nonce: flow.nonce, nowSeconds: Math.floor(app.now() / 1000) });
    const userinfo = needsUserinfo(jwt.claims, oidc.roleClaim) ? await userinfoOf(discovery, tokens.access_token, jwt.claims.sub as string) : {};
    return { issuer: discovery.issuer, person: personFrom(jwt.claims, userinfo, oidc.roleClaim) };
  } catch (error) {
    if (error instanceof DirectoryDown) throw new SignInRefused('directory_down', error.message);
    if (error instanceof TokenInvalid) throw new SignInRefused('token_invalid', error.message);
    throw error;
  }
}
