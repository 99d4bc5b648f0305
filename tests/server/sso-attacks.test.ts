/**
 * Directory sign-in's bad input and attacks (issue 22), each with the reason the browser is shown and
 * no session: callbacks without a flow, from another browser, replayed or late; ID tokens for another
 * client, with a wrong or missing nonce, expired, signed with an unknown key, `alg: none`, HMAC; a
 * directory that is down; a proxy header from an untrusted address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';
import { browseSignIn, callBack, CLIENT, startProvider, type TestProvider } from './oidc-provider.ts';
import { directorySignIn, startSsoServer } from './sso-helpers.ts';

let provider: TestProvider;
let t: TestServer;

beforeAll(async () => {
  provider = await startProvider();
  t = await startSsoServer(provider);
  provider.now = () => t.server.app.now();
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

const sessions = () => Number((t.server.app.db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n);

/** The sign-in ends on /auth/failed with `reason`, no handoff and no new session. */
async function refused(reason: string, attempt: () => Promise<{ landing: string; handoff?: string }>) {
  const before = sessions();
  const result = await attempt();
  expect(result.landing).toBe(`/auth/failed?reason=${reason}`);
  expect(result.handoff).toBeUndefined();
  expect(sessions()).toBe(before);
}

describe('callbacks that belong to no sign-in of this browser', () => {
  it('without a flow: no state, or a state never issued', async () => {
    await refused('flow_expired', () => callBack(`${t.url}/api/auth/oidc/callback?code=abc`, ''));
    await refused('flow_expired', () => callBack(`${t.url}/api/auth/oidc/callback?code=abc&state=never-issued`, 'helpdesk_oidc=whatever'));
  });

  it("with a state from another browser (another cookie, or none): the attacker's code is not signed in", async () => {
    await refused('flow_mismatch', () => browseSignIn(t.url, { callbackCookie: () => 'helpdesk_oidc=another-browsers-cookie' }));
    await refused('flow_mismatch', () => browseSignIn(t.url, { callbackCookie: () => '' }));
  });

  it('replayed: a callback works once', async () => {
    const first = await browseSignIn(t.url);
    expect(first.handoff).toBeDefined();
    await refused('flow_expired', () => callBack(first.callbackUrl, first.cookie));
  });

  it("answered by another issuer (the callback's iss, RFC 9207): a mix-up", async () => {
    await refused('token_invalid', async () => {
      const start = await fetch(`${t.url}/api/auth/oidc/start`, { redirect: 'manual' });
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
      const callbackUrl = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
      callbackUrl.searchParams.set('iss', 'https://evil.example');
      return callBack(callbackUrl.href, cookie);
    });
  });

  it('late: a flow lives ten minutes', async () => {
    await refused('flow_expired', async () => {
      const start = await fetch(`${t.url}/api/auth/oidc/start`, { redirect: 'manual' });
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
      const callbackUrl = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
      t.advance(10 * 60_000 + 1);
      return callBack(callbackUrl, cookie);
    });
  });

  it('one address holds at most 30 sign-ins in progress; they go when they expire', async () => {
    const s = await startSsoServer(provider);
    try {
      const starts = await Promise.all(Array.from({ length: 31 }, () => fetch(`${s.url}/api/auth/oidc/start`, { redirect: 'manual' })));
      expect(starts.filter((answer) => answer.status === 302)).toHaveLength(30);
      const refusal = starts.find((answer) => answer.status === 429)!;
      expect((await refusal.json()).message).toBe('Too many directory sign-ins started from this address. Please try again later.');
      expect(refusal.headers.get('retry-after')).toBe('600');
      s.advance(10 * 60_000);
      expect((await fetch(`${s.url}/api/auth/oidc/start`, { redirect: 'manual' })).status).toBe(302);
    } finally {
      await s.close();
    }
  });

  it('the provider said no (access_denied): not granted', async () => {
    const denying = await startProvider({ deny: true });
    const s = await startSsoServer(denying);
    try {
      const result = await browseSignIn(s.url);
      expect(result.landing).toBe('/auth/failed?reason=not_granted');
    } finally {
      await s.close();
      await denying.stop();
    }
  });
});

describe('ID tokens that must not be believed', () => {
  const now = () => Math.floor(t.server.app.now() / 1000);
  /** Made when the test runs: the times are the server's clock's. */
  const cases: Array<[string, () => TestProvider['tweak'], RegExp]> = [
    ['for another client', () => ({ claims: { aud: 'another-client' } }), /aud "another-client" does not name this client/],
    ['for several audiences without azp', () => ({ claims: { aud: [CLIENT.id, 'another-client'] } }), /azp undefined is not this client/],
    ['authorized for another party (azp)', () => ({ claims: { aud: [CLIENT.id, 'another-client'], azp: 'another-client' } }), /azp "another-client" is not this client/],
    ['from another issuer', () => ({ claims: { iss: 'https://evil.example' } }), /iss "https:\/\/evil.example" is not/],
    ['with a wrong nonce', () => ({ claims: { nonce: 'not-this-sign-ins' } }), /the nonce is missing or not this sign-in's/],
    ['without a nonce', () => ({ claims: { nonce: undefined } }), /the nonce is missing or not this sign-in's/],
    ['expired (more than two minutes ago)', () => ({ claims: { exp: now() - 121, iat: now() - 600 } }), /the ID token has expired/],
    ['issued in the future (more than two minutes ahead)', () => ({ claims: { iat: now() + 300, exp: now() + 900 } }), /issued in the future/],
    ['without sub', () => ({ claims: { sub: undefined } }), /no sub/],
    ['signed with a key not in the key set', () => ({ unpublishedKid: 'attacker-key' }), /no RS256 key "attacker-key"/],
    ['with alg none', () => ({ alg: 'none' }), /alg "none" is refused/],
    ['HS256, signed with the client secret', () => ({ alg: 'HS256' }), /alg "HS256" is refused/],
  ];

  async function refusedToken(tweak: TestProvider['tweak'], why: RegExp) {
    provider.person = { sub: `attack-${Math.random()}`, email: `target.${Math.random()}@example.com`, given_name: 'T', groups: ['helpdesk-admins'] };
    await refused('token_invalid', async () => {
      provider.tweak = tweak;
      return browseSignIn(t.url);
    });
    expect(t.server.app.users.findByEmail(provider.person.email!)).toBeUndefined();
    const said = t.logs.filter((line) => line.startsWith('Directory sign-in refused (token_invalid): ')).at(-1);
    expect(said).toMatch(why);
  }

  it.each(cases)('%s', async (_name, tweak, why) => {
    t.advance(61_000); // an unknown kid may refetch the key set (rate limited)
    await refusedToken(tweak(), why);
  });

  it('accepts a token within the two minutes of clock skew', async () => {
    provider.person = { sub: `skew-${Math.random()}`, email: `skew.${Math.random()}@example.com`, given_name: 'S', groups: ['helpdesk-devs'] };
    provider.tweak = { claims: { exp: now() - 60, iat: now() + 60 } };
    expect((await directorySignIn(t)).status).toBe(200);
  });

  it('an unknown kid refetches the key set at most once a minute', async () => {
    t.advance(61_000);
    const before = provider.hits['/jwks'] ?? 0;
    for (let i = 0; i < 3; i++) {
      provider.tweak = { unpublishedKid: `forged-${i}` };
      expect((await browseSignIn(t.url)).reason).toBe('token_invalid');
    }
    expect(provider.hits['/jwks']).toBe(before + 1);
  });

  it('the token endpoint gets the client secret (Basic) and the PKCE verifier: a code exchanged by anyone else fails', async () => {
    const refusalsBefore = provider.refusals.length;
    provider.person = { sub: `pkce-${Math.random()}`, email: `pkce.${Math.random()}@example.com`, given_name: 'P', groups: ['helpdesk-devs'] };
    expect((await directorySignIn(t)).status).toBe(200);
    expect(provider.refusals.length).toBe(refusalsBefore);
    // The same code presented without the verifier (an attacker who intercepted it) is refused by the provider.
    const steps = await browseSignIn(t.url);
    expect(steps.handoff).toBeDefined();
    const code = new URL(steps.callbackUrl).searchParams.get('code')!;
    const stolen = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${CLIENT.id}:${encodeURIComponent(CLIENT.secret)}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${t.url}/api/auth/oidc/callback` }).toString(),
    });
    expect(stolen.status).toBe(400);
  });
});

describe('a directory that is down', () => {
  it('says so at the start, and supers still sign in with a password under PASSWORD_SIGN_IN=super', async () => {
    const down = await startProvider();
    const s = await startSsoServer(down, { passwordSignIn: 'super' });
    await down.stop();
    try {
      const result = await browseSignIn(s.url);
      expect(result.landing).toBe('/auth/failed?reason=directory_down');
      expect(s.logs.some((line) => line.startsWith('Directory sign-in refused (directory_down): '))).toBe(true);
      expect(await s.signIn(ADMIN.email, ADMIN.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await s.close();
    }
  });

  it('is asked once for a burst of sign-ins, and not again for five seconds after failing', async () => {
    let asked = 0;
    const failing = http.createServer((_req, res) => {
      asked++;
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const s = await startSsoServer({ ...provider, issuer });
    try {
      const burst = await Promise.all(Array.from({ length: 10 }, () => browseSignIn(s.url)));
      expect(burst.map((result) => result.reason)).toEqual(Array(10).fill('directory_down'));
      expect(asked).toBe(1);
      expect((await browseSignIn(s.url)).reason).toBe('directory_down');
      expect(asked).toBe(1);
      s.advance(5_000);
      expect((await browseSignIn(s.url)).reason).toBe('directory_down');
      expect(asked).toBe(2);
    } finally {
      await s.close();
      failing.close();
    }
  });

  it('says so when it goes down between the start and the callback', async () => {
    const flaky = await startProvider();
    const s = await startSsoServer(flaky);
    try {
      const start = await fetch(`${s.url}/api/auth/oidc/start`, { redirect: 'manual' });
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
      const callbackUrl = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
      await flaky.stop();
      expect((await callBack(callbackUrl, cookie)).landing).toBe('/auth/failed?reason=directory_down');
    } finally {
      await s.close();
    }
  });
});

describe('the trusted proxy header', () => {
  let trusted: TestServer;
  let untrusted: TestServer;
  beforeAll(async () => {
    trusted = await startTestServer({ trustedProxyHeader: 'X-Remote-User', trustedProxies: ['10.0.0.0/8', '127.0.0.1'] });
    // 127.0.0.1 is not in the list: the tests' own address is an untrusted one here.
    untrusted = await startTestServer({ trustedProxyHeader: 'X-Remote-User', trustedProxies: ['10.0.0.0/8', 'fd00::/8'] });
  });
  afterAll(async () => {
    await trusted.close();
    await untrusted.close();
  });

  it('signs in the account the header names, when it comes from a trusted proxy', async () => {
    expect((await trusted.call('GET', '/api/auth/methods')).body.data).toMatchObject({ proxy: true });
    const answer = await trusted.call('GET', '/api/auth/proxy', { headers: { 'X-Remote-User': ADMIN.email.toUpperCase() } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.email).toBe(ADMIN.email);
    expect((await trusted.call('GET', '/api/users', { token: answer.body.data.authorization.token })).status).toBe(200);
  });

  it('refuses an address it does not know, and without the header', async () => {
    const unknown = await trusted.call('GET', '/api/auth/proxy', { headers: { 'X-Remote-User': 'nobody@example.com' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Your sign-in proxy named someone who has no helpdesk account. Ask an administrator to create it.');
    expect((await trusted.call('GET', '/api/auth/proxy')).status).toBe(401);
  });

  it('ignores the header from an untrusted address (X-Forwarded-For changes nothing), logging it once per address', async () => {
    const before = untrusted.logs.length;
    for (let i = 0; i < 3; i++) {
      const answer = await untrusted.call('GET', '/api/auth/proxy', { headers: { 'X-Remote-User': ADMIN.email, 'X-Forwarded-For': '10.0.0.5' } });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('No trusted sign-in proxy vouched for this request.');
      expect(answer.body.data).toBeUndefined();
    }
    expect(untrusted.logs.slice(before).filter((line) => line.startsWith('Ignored'))).toEqual([expect.stringMatching(/^Ignored X-Remote-User from (::ffff:)?127\.0\.0\.1: not one of TRUSTED_PROXIES/)]);
    expect(Number((untrusted.server.app.db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n)).toBe(0);
  });
});
