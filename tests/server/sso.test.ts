/**
 * Directory sign-in through OpenID Connect (docs/design.md#directory-sign-in), against our own provider
 * (oidc-provider.ts): the flow, the people it makes and links, roles following groups, sessions bound
 * to credential versions. The attacks are in sso-attacks.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, createStaff, startTestServer, type TestServer } from './helpers.ts';
import { startProvider, type TestProvider } from './oidc-provider.ts';
import { directorySignIn, startSsoServer } from './sso-helpers.ts';

let provider: TestProvider;
let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  provider = await startProvider();
  t = await startSsoServer(provider);
  adminToken = await t.signIn(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

let people = 0;
/** A new directory person for each test, a developer unless told. */
function person(groups = ['helpdesk-devs'], email = `person${++people}@example.com`) {
  provider.person = { sub: `sub-${people}-${Math.random()}`, email, email_verified: true, given_name: `Given${people}`, family_name: 'Person', groups };
  return provider.person;
}

describe('GET /api/auth/methods', () => {
  it('says what is on: the password form for everyone, the directory button with its label, no proxy', async () => {
    const answer = await t.call('GET', '/api/auth/methods');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ password: true, password_for: 'all', oidc: { label: 'Example SSO' }, proxy: false });
  });

  it('is the password form alone on a server without a directory', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.call('GET', '/api/auth/methods')).body.data).toEqual({ password: true, password_for: 'all', oidc: null, proxy: false });
      const start = await fetch(`${plain.url}/api/auth/oidc/start`, { redirect: 'manual' });
      expect(start.status).toBe(404);
      expect((await start.json()).message).toBe('Directory sign-in is not set up on this server.');
    } finally {
      await plain.close();
    }
  });
});

describe('the OpenID Connect flow', () => {
  it('starts with PKCE S256, state and nonce, bound to the browser by a ten-minute HttpOnly SameSite=Lax cookie', async () => {
    const start = await fetch(`${t.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(`${provider.issuer}/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ response_type: 'code', client_id: 'helpdesk', redirect_uri: `${t.url}/api/auth/oidc/callback`, scope: 'openid email profile', code_challenge_method: 'S256' });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).not.toBe(to.searchParams.get('nonce'));
    expect(start.headers.get('set-cookie')).toMatch(/^helpdesk_oidc=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(start.headers.get('cache-control')).toBe('no-store');
  });

  it('behind HTTPS (PUBLIC_URL): the redirect URI is made of it and the cookie is Secure', async () => {
    const s = await startSsoServer(provider, { publicUrl: 'https://helpdesk.example/desk', apiBase: '/desk-api' });
    try {
      const start = await fetch(`${s.url}/desk-api/auth/oidc/start`, { redirect: 'manual' });
      expect(new URL(start.headers.get('location')!).searchParams.get('redirect_uri')).toBe('https://helpdesk.example/desk/desk-api/auth/oidc/callback');
      expect(start.headers.get('set-cookie')).toMatch(/; Path=\/desk-api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await s.close();
    }
  });

  it('signs a new person in as the role their groups give, through a one-time handoff in the fragment', async () => {
    const who = person(['helpdesk-devs']);
    const result = await directorySignIn(t, '/developer/tickets?view=mine');
    expect(result.landing).toMatch(/^\/auth\/complete#handoff=[A-Za-z0-9_-]{43}$/);
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Signed in successfully.');
    expect(result.body.data.user).toMatchObject({ email: who.email, first_name: who.given_name, last_name: 'Person', role: 'developer', source: 'directory' });
    expect(result.body.data.return).toBe('/developer/tickets?view=mine');
    expect(result.landing).not.toContain(result.token!);
    const me = await t.call('GET', '/api/tickets', { token: result.token });
    expect(me.status).toBe(200);
    // A directory account has no password at all, not a fake one.
    expect(t.server.app.db.prepare('SELECT password_hash FROM users WHERE email = ?').get(who.email!)).toEqual({ password_hash: null });
  });

  it('follows only a same-origin return path', async () => {
    person();
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      expect((await directorySignIn(t, evil)).body.data.return).toBeNull();
    }
  });

  it('trades a handoff once, and not after a minute', async () => {
    person();
    const { browseSignIn } = await import('./oidc-provider.ts');
    const steps = await browseSignIn(t.url);
    expect((await t.call('POST', '/api/auth/oidc/finish', { json: { handoff: steps.handoff } })).status).toBe(200);
    const again = await t.call('POST', '/api/auth/oidc/finish', { json: { handoff: steps.handoff } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This directory sign-in has expired or was already used. Please sign in again.');
    const late = await browseSignIn(t.url);
    t.advance(61_000);
    expect((await t.call('POST', '/api/auth/oidc/finish', { json: { handoff: late.handoff } })).status).toBe(422);
    expect((await t.call('POST', '/api/auth/oidc/finish', { json: { handoff: 'made-up' } })).status).toBe(422);
    expect((await t.call('POST', '/api/auth/oidc/finish', { json: {} })).status).toBe(422);
  });

  it('accepts PS256 and ES256 signatures too', async () => {
    for (const alg of ['PS256', 'ES256'] as const) {
      person();
      provider.alg = alg;
      const result = await directorySignIn(t);
      provider.alg = 'RS256';
      expect(result.status, alg).toBe(200);
    }
  });

  it('reads the key set again when the provider rotates its keys (a new kid)', async () => {
    person();
    expect((await directorySignIn(t)).status).toBe(200);
    const before = provider.hits['/jwks'] ?? 0;
    provider.rotate();
    t.advance(61_000); // the refetch is rate limited
    expect((await directorySignIn(t)).status).toBe(200);
    expect(provider.hits['/jwks']).toBe(before + 1);
    expect((await directorySignIn(t)).status).toBe(200);
    expect(provider.hits['/jwks']).toBe(before + 1);
  });

  it('completes the claims from userinfo when the ID token leaves them out', async () => {
    const who = person(['helpdesk-admins']);
    provider.tweak = { onlyInToken: [] };
    const result = await directorySignIn(t);
    expect(result.body.data.user).toMatchObject({ email: who.email, first_name: who.given_name, role: 'super', source: 'directory' });
  });
});

describe('people and roles', () => {
  it('links the first sign-in to the account with that e-mail (any case); its password goes and its sessions end', async () => {
    const staff = await createStaff(t, adminToken, 'support', 'Linda');
    person(['helpdesk-support'], staff.email.toUpperCase());
    const result = await directorySignIn(t);
    expect(result.body.data.user).toMatchObject({ id: staff.id, email: staff.email, role: 'support', source: 'directory' });
    expect((await t.call('GET', '/api/tickets', { token: staff.token })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: staff.email, password: PASSWORD } })).body.message).toBe('Invalid email or password.');
    const listed = (await t.call('GET', '/api/users', { token: adminToken })).body.data.list.find((u: any) => u.id === staff.id);
    expect(listed.source).toBe('directory');
  });

  it('finds the person by sub later, even after their e-mail changed, and follows the new address and name', async () => {
    const who = person();
    const first = await directorySignIn(t);
    provider.person = { ...who, email: `renamed.${who.email}`, given_name: 'Renamed' };
    const second = await directorySignIn(t);
    expect(second.body.data.user).toMatchObject({ id: first.body.data.user.id, email: `renamed.${who.email}`, first_name: 'Renamed' });
    // A name change is no role change: the first session holds.
    expect((await t.call('GET', '/api/tickets', { token: first.token })).status).toBe(200);
  });

  it('follows the groups at every sign-in; a role change ends the other sessions', async () => {
    const who = person(['helpdesk-devs']);
    const asDeveloper = await directorySignIn(t);
    expect(asDeveloper.body.data.user.role).toBe('developer');
    provider.person = { ...who, groups: ['helpdesk-devs', 'helpdesk-admins'] };
    const asSuper = await directorySignIn(t);
    expect(asSuper.body.data.user).toMatchObject({ id: asDeveloper.body.data.user.id, role: 'super' });
    expect((await t.call('GET', '/api/tickets', { token: asDeveloper.token })).status).toBe(401);
    expect((await t.call('GET', '/api/users', { token: asSuper.token })).status).toBe(200);
    expect(t.logs).toContain(`Directory: ${who.email} is now super (was developer); their other sessions end.`);
  });

  it('refuses someone the directory no longer grants: no session, and the one they had ends', async () => {
    const who = person(['helpdesk-devs']);
    const granted = await directorySignIn(t);
    provider.person = { ...who, groups: ['marketing'] };
    const refused = await directorySignIn(t);
    expect(refused.landing).toBe('/auth/failed?reason=not_granted');
    expect(refused.token).toBeUndefined();
    expect((await t.call('GET', '/api/tickets', { token: granted.token })).status).toBe(401);
  });

  it('refuses someone without a matching group at their first sign-in, and makes no account', async () => {
    const who = person(['marketing']);
    expect((await directorySignIn(t)).reason).toBe('not_granted');
    expect(t.server.app.users.findByEmail(who.email!)).toBeUndefined();
  });

  it('does not link an e-mail the directory has not verified', async () => {
    const staff = await createStaff(t, adminToken, 'developer', 'Vera');
    provider.person = { ...person(), email: staff.email, email_verified: false };
    expect((await directorySignIn(t)).reason).toBe('account_conflict');
    expect((await t.call('GET', '/api/tickets', { token: staff.token })).status).toBe(200);
  });

  it("refuses changing or resetting a directory account's password with 409", async () => {
    person(['helpdesk-devs']);
    const result = await directorySignIn(t);
    const own = await t.call('POST', '/api/auth/reset-password', { token: result.token, json: { old_password: 'whatever', new_password: 'new-password', new_password_confirmation: 'new-password' } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('This account signs in through the directory: its password is changed there, not in the helpdesk.');
    const byAdmin = await t.call('PATCH', `/api/user/${result.body.data.user.id}/change-password`, { token: adminToken, json: { new_password: 'new-password', new_password_confirmation: 'new-password' } });
    expect(byAdmin.status).toBe(409);
  });

  it('ends the sessions of a deleted directory account', async () => {
    person(['helpdesk-devs']);
    const result = await directorySignIn(t);
    expect((await t.call('DELETE', `/api/auth/user/${result.body.data.user.id}`, { token: adminToken })).status).toBe(200);
    expect((await t.call('GET', '/api/tickets', { token: result.token })).status).toBe(401);
  });
});

describe('sessions bound to a credential version', () => {
  it('a password change ends the sessions granted before it, the one that changed it excepted', async () => {
    const staff = await createStaff(t, adminToken, 'support', 'Cora');
    const other = await t.signIn(staff.email, PASSWORD);
    const version = t.server.app.users.credentialVersion(staff.id)!;
    const changed = await t.call('POST', '/api/auth/reset-password', { token: staff.token, json: { old_password: PASSWORD, new_password: 'another-password', new_password_confirmation: 'another-password' } });
    expect(changed.status).toBe(200);
    expect(t.server.app.users.credentialVersion(staff.id)).toBe(version + 1);
    expect((await t.call('GET', '/api/tickets', { token: other })).status).toBe(401);
    expect((await t.call('GET', '/api/tickets', { token: staff.token })).status).toBe(200);
  });

  it('a raised version ends a session even where no row was deleted', async () => {
    const staff = await createStaff(t, adminToken, 'developer', 'Vic');
    t.server.app.users.endSessions(staff.id);
    expect((await t.call('GET', '/api/tickets', { token: staff.token })).status).toBe(401);
  });
});

describe('PASSWORD_SIGN_IN', () => {
  let s: TestServer;
  afterEach(() => s?.close());

  it('super: only super accounts sign in with a password; the others are told to use the directory', async () => {
    s = await startSsoServer(provider, { passwordSignIn: 'super' });
    const admin = await s.signIn(ADMIN.email, ADMIN.password);
    const created = await s.call('POST', '/api/auth/user/create', { token: admin, json: { first_name: 'Sue', last_name: 'Port', email: 'sue@example.com', role: 'support', password: PASSWORD } });
    expect(created.status).toBe(201);
    const answer = await s.call('POST', '/api/auth/sign-in', { json: { email: 'sue@example.com', password: PASSWORD } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Password sign-in is only for administrators here. Sign in through the directory.');
    expect(answer.body.data).toBeUndefined();
    // A wrong password is the usual 422: the 403 says nothing about an account whose password is not known.
    expect((await s.call('POST', '/api/auth/sign-in', { json: { email: 'sue@example.com', password: 'wrong-password' } })).status).toBe(422);
    expect((await s.call('POST', '/api/auth/sign-in', { json: { email: 'nobody@example.com', password: PASSWORD } })).status).toBe(422);
    expect((await s.call('GET', '/api/auth/methods')).body.data).toMatchObject({ password: true, password_for: 'super' });
  });

  it('off: no password sign-in at all', async () => {
    s = await startSsoServer(provider, { passwordSignIn: 'off' });
    const answer = await s.call('POST', '/api/auth/sign-in', { json: { email: ADMIN.email, password: ADMIN.password } });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Password sign-in is turned off here. Sign in through the directory.');
    expect((await s.call('GET', '/api/auth/methods')).body.data).toMatchObject({ password: false, password_for: 'off' });
  });
});
