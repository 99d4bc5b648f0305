/**
 * A small OpenID provider of our own for the directory sign-in tests: node:http (or https) on port 0,
 * node:crypto keys (RSA and EC P-256), serving discovery, JWKS, authorize (approves at once, as the
 * configured person), token (checks client_secret_basic and the PKCE verifier) and userinfo. It can
 * also issue the bad tokens the attacks need, and rotate its keys.
 */
import crypto, { type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export const CLIENT = { id: 'helpdesk', secret: 'client-secret with :%& in it' };

export interface ProviderPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
}

/** What the next ID token looks like: claims overridden (undefined deletes), another alg or key. */
export interface TokenTweak {
  claims?: Record<string, unknown>;
  alg?: 'RS256' | 'PS256' | 'ES256' | 'none' | 'HS256';
  /** Signed with a key the JWKS does not publish, under this kid. */
  unpublishedKid?: string;
  /** Only these claims go in the ID token (the rest from userinfo). */
  onlyInToken?: string[];
}

interface SigningKey {
  kid: string;
  alg: 'RS256' | 'PS256' | 'ES256';
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

function makeKey(kid: string, alg: SigningKey['alg']): SigningKey {
  const { privateKey, publicKey } = alg === 'ES256' ? crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }) : crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, alg, privateKey, publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg } };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject | null, alg: string, secret = ''): string {
  const input = `${b64(header)}.${b64(claims)}`;
  if (alg === 'none') return `${input}.`;
  if (alg === 'HS256') return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
  const options =
    alg === 'ES256' ? { key: key!, dsaEncoding: 'ieee-p1363' as const } : alg === 'PS256' ? { key: key!, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : key!;
  return `${input}.${crypto.sign('sha256', Buffer.from(input), options).toString('base64url')}`;
}

export interface TestProvider {
  issuer: string;
  person: ProviderPerson;
  /** The alg (and so the key) tokens are signed with. */
  alg: SigningKey['alg'];
  /** The next token only. */
  tweak: TokenTweak | undefined;
  /** Requests per path, to see discovery and JWKS being cached. */
  hits: Record<string, number>;
  /** The token endpoint's refusals, with why. */
  refusals: string[];
  /** The clock iat and exp are stamped with (ms): a test whose server clock moves moves this one too. */
  now: () => number;
  /** A new RSA key under a new kid becomes the one that signs; the old one stays published. */
  rotate(): string;
  stop(): Promise<void>;
}

export async function startProvider(options: { tls?: { cert: Buffer; key: Buffer }; deny?: boolean } = {}): Promise<TestProvider> {
  const keys: SigningKey[] = [makeKey('rsa-1', 'RS256'), makeKey('ps-1', 'PS256'), makeKey('ec-1', 'ES256')];
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string; person: ProviderPerson }>();
  const accessTokens = new Map<string, ProviderPerson>();
  let rsaKey = keys[0]!;
  let issuer = '';

  const provider: TestProvider = {
    issuer: '',
    person: { sub: 'person-1', email: 'pat@example.com', email_verified: true, given_name: 'Pat', family_name: 'Lee', groups: ['helpdesk-devs'] },
    alg: 'RS256',
    tweak: undefined,
    hits: {},
    refusals: [],
    now: () => Date.now(),
    rotate() {
      rsaKey = makeKey(`rsa-${keys.length + 1}`, 'RS256');
      keys.push(rsaKey);
      return rsaKey.kid;
    },
    stop: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };

  function idToken(person: ProviderPerson, nonce: string): string {
    const tweak = provider.tweak ?? {};
    provider.tweak = undefined;
    const now = Math.floor(provider.now() / 1000);
    let claims: Record<string, unknown> = { iss: issuer, aud: CLIENT.id, iat: now, exp: now + 300, nonce, ...person };
    if (tweak.onlyInToken) claims = Object.fromEntries(Object.entries(claims).filter(([name]) => ['iss', 'aud', 'iat', 'exp', 'nonce', 'sub', ...tweak.onlyInToken!].includes(name)));
    for (const [name, value] of Object.entries(tweak.claims ?? {})) {
      if (value === undefined) delete claims[name];
      else claims[name] = value;
    }
    const alg = tweak.alg ?? provider.alg;
    if (alg === 'none' || alg === 'HS256') return sign({ alg, typ: 'JWT', kid: rsaKey.kid }, claims, null, alg, CLIENT.secret);
    if (tweak.unpublishedKid) return sign({ alg, kid: tweak.unpublishedKid }, claims, makeKey(tweak.unpublishedKid, alg).privateKey, alg);
    const key = alg === 'RS256' ? rsaKey : keys.find((k) => k.alg === alg)!;
    return sign({ alg, typ: 'JWT', kid: key.kid }, claims, key.privateKey, alg);
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, why: string, error = 'invalid_grant') => {
    provider.refusals.push(why);
    json(res, 400, { error, error_description: why });
  };

  function token(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const form = new URLSearchParams(body);
    const [scheme, encoded = ''] = (req.headers.authorization ?? '').split(' ');
    const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString().split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    if (scheme !== 'Basic' || id !== CLIENT.id || secret !== CLIENT.secret) return refuse(res, 'client authentication failed', 'invalid_client');
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant) return refuse(res, 'unknown or used code');
    if (form.get('redirect_uri') !== grant.redirectUri) return refuse(res, 'redirect_uri differs');
    const verifier = form.get('code_verifier') ?? '';
    if (crypto.createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return refuse(res, 'PKCE verifier does not match');
    const accessToken = crypto.randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.person);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken(grant.person, grant.nonce) });
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    provider.hits[url.pathname] = (provider.hits[url.pathname] ?? 0) + 1;
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256', 'PS256', 'ES256'], code_challenge_methods_supported: ['S256'] });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: keys.map((k) => k.publicJwk) });
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        if (q.get('response_type') !== 'code' || q.get('client_id') !== CLIENT.id || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('nonce')) {
          return json(res, 400, { error: 'invalid_request' });
        }
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('state', q.get('state') ?? '');
        if (options.deny) back.searchParams.set('error', 'access_denied');
        else {
          const code = crypto.randomBytes(16).toString('hex');
          codes.set(code, { nonce: q.get('nonce')!, challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, person: structuredClone(provider.person) });
          back.searchParams.set('code', code);
        }
        return res.writeHead(302, { Location: back.href }).end();
      }
      if (url.pathname === '/token' && req.method === 'POST') return token(req, res, body);
      if (url.pathname === '/userinfo') {
        const person = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return person ? json(res, 200, person) : json(res, 401, { error: 'invalid_token' });
      }
      json(res, 404, { error: 'not_found' });
    });
  };

  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  issuer = options.tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  provider.issuer = issuer;
  return provider;
}

export interface BrowserSteps {
  /** Where the callback sent the browser: /auth/complete#handoff=… or /auth/failed?reason=…. */
  landing: string;
  handoff: string | undefined;
  reason: string | null;
  cookie: string;
  callbackUrl: string;
}

/** What a browser does: start (keeping the flow cookie), follow the provider, come back to the callback. */
export async function browseSignIn(baseUrl: string, options: { returnPath?: string; callbackCookie?: (cookie: string) => string } = {}): Promise<BrowserSteps> {
  const start = await fetch(`${baseUrl}/api/auth/oidc/start${options.returnPath ? `?return=${encodeURIComponent(options.returnPath)}` : ''}`, { redirect: 'manual' });
  const toProvider = start.headers.get('location') ?? '';
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (toProvider.includes('/auth/failed')) return { landing: toProvider, handoff: undefined, reason: new URL(toProvider, baseUrl).searchParams.get('reason'), cookie, callbackUrl: '' };
  const authorize = await fetch(toProvider, { redirect: 'manual' });
  const callbackUrl = authorize.headers.get('location') ?? '';
  return { ...(await callBack(callbackUrl, options.callbackCookie ? options.callbackCookie(cookie) : cookie)), cookie, callbackUrl };
}

/** The callback as a browser with `cookie` calls it. */
export async function callBack(callbackUrl: string, cookie: string): Promise<Pick<BrowserSteps, 'landing' | 'handoff' | 'reason'>> {
  const answer = await fetch(callbackUrl, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  const landing = answer.headers.get('location') ?? '';
  const url = new URL(landing, callbackUrl);
  return { landing, handoff: /^#handoff=(.+)$/.exec(url.hash)?.[1], reason: url.searchParams.get('reason') };
}
