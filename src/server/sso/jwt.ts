/**
 * ID tokens (OpenID Connect Core §3.1.3.7) checked with node:crypto alone. Only RS256, PS256 and
 * ES256 signatures are accepted: `alg: none` and the HMAC algorithms (whose "key" would be the
 * client secret, or a public key misread as one) are refused before any key is looked at.
 */
import crypto, { type KeyObject } from 'node:crypto';

export const ACCEPTED_ALGS = ['RS256', 'PS256', 'ES256'] as const;
export type AcceptedAlg = (typeof ACCEPTED_ALGS)[number];
/** Clocks disagree: exp and iat are allowed this much either way. */
export const CLOCK_SKEW_SECONDS = 120;
/** A token whose compact form is longer than this is not one we asked for. */
const MAX_TOKEN_LENGTH = 64 * 1024;
const SHA256_BYTES = 32;

/** The token is not one to believe; the message says why, for the server's log. */
export class TokenInvalid extends Error {}

export interface DecodedJwt {
  header: { alg?: unknown; kid?: unknown; typ?: unknown };
  claims: Record<string, unknown>;
  signingInput: Buffer;
  signature: Buffer;
}

function parsePart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new TokenInvalid(`the ${what} is not a JSON object`);
}

export function decodeJwt(token: unknown): DecodedJwt {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw new TokenInvalid('no ID token');
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) throw new TokenInvalid('the ID token is not a signed JWT (three base64url parts)');
  const [header, claims, signature] = parts as [string, string, string];
  return { header: parsePart(header, 'header'), claims: parsePart(claims, 'claims'), signingInput: Buffer.from(`${header}.${claims}`), signature: Buffer.from(signature, 'base64url') };
}

/** The header's alg when it is one we accept; throws for none, HS*, anything else. */
export function acceptedAlg(header: DecodedJwt['header']): AcceptedAlg {
  const alg = header.alg;
  if (typeof alg !== 'string' || !(ACCEPTED_ALGS as readonly string[]).includes(alg)) throw new TokenInvalid(`alg ${JSON.stringify(alg)} is refused (only ${ACCEPTED_ALGS.join(', ')})`);
  return alg as AcceptedAlg;
}

/** The key type an algorithm needs: a JWK of another type must never verify it. */
export const keyTypeFor = (alg: AcceptedAlg) => (alg === 'ES256' ? 'ec' : 'rsa');

export function verifySignature(jwt: DecodedJwt, alg: AcceptedAlg, key: KeyObject): void {
  if (key.asymmetricKeyType !== keyTypeFor(alg) || (alg === 'ES256' && key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')) {
    throw new TokenInvalid(`the key does not fit ${alg}`);
  }
  const options =
    alg === 'ES256'
      ? { key, dsaEncoding: 'ieee-p1363' as const }
      : alg === 'PS256'
        ? { key, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: SHA256_BYTES }
        : { key, padding: crypto.constants.RSA_PKCS1_PADDING };
  let valid = false;
  try {
    valid = crypto.verify('sha256', jwt.signingInput, options, jwt.signature);
  } catch {
    valid = false;
  }
  if (!valid) throw new TokenInvalid('the signature does not verify');
}

export interface ClaimExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  /** Seconds since the epoch. */
  nowSeconds: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** iss, aud, azp, exp, iat, nonce and sub, as OpenID Connect Core §3.1.3.7 lists them. */
export function checkClaims(claims: Record<string, unknown>, expect: ClaimExpectations): void {
  if (claims.iss !== expect.issuer) throw new TokenInvalid(`iss ${JSON.stringify(claims.iss)} is not ${expect.issuer}`);
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(expect.clientId)) throw new TokenInvalid(`aud ${JSON.stringify(claims.aud)} does not name this client`);
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== expect.clientId) throw new TokenInvalid(`azp ${JSON.stringify(claims.azp)} is not this client`);
  if (!isNumber(claims.exp) || claims.exp + CLOCK_SKEW_SECONDS <= expect.nowSeconds) throw new TokenInvalid('the ID token has expired');
  if (!isNumber(claims.iat) || claims.iat - CLOCK_SKEW_SECONDS > expect.nowSeconds) throw new TokenInvalid('the ID token was issued in the future');
  const nonce = Buffer.from(typeof claims.nonce === 'string' ? claims.nonce : '');
  const wanted = Buffer.from(expect.nonce);
  if (nonce.length !== wanted.length || !crypto.timingSafeEqual(nonce, wanted)) throw new TokenInvalid('the nonce is missing or not this sign-in\'s');
  if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw new TokenInvalid('no sub');
}
