/**
 * Directory sign-in's routes (docs/design.md#directory-sign-in): the
 * methods a client offers, the OpenID Connect flow (start, callback, finish) and the trusted proxy.
 * No session token is ever put in a URL: the callback hands the browser a one-time code in the
 * fragment (never sent to a server, never in a Referer), which the page trades for the session.
 */
import type { AuthMethods, SignInAnswer } from '../../shared/index.ts';
import { SERVER } from '../../shared/index.ts';
import { sameOriginPath } from '../../shared/return-path.ts';
import { markSeen } from '../auth/authenticate.ts';
import type { ServerContext } from '../context.ts';
import { DomainError, tooMany } from '../errors.ts';
import type { Context, Reply, Router } from '../http/router.ts';
import { FLOW_TTL_MS, randomSecret, sha256 } from './flows.ts';
import { authorizationUrl, completeSignIn, SignInRefused } from './oidc.ts';
import { admit } from './people.ts';
import { isTrusted } from './proxy-addresses.ts';
import type { DirectorySignIn } from './state.ts';

const COOKIE = 'helpdesk_oidc';
const RETURN_PATH_MAX = 2048;
const FLOW_RETRY_SECONDS = FLOW_TTL_MS / 1000;

function cookieValue(ctx: Context, name: string): string | undefined {
  for (const part of (ctx.req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function directoryRoutes(router: Router, app: ServerContext, sso: DirectorySignIn, publicOrigin: () => string): void {
  const { oidc, apiBase, passwordSignIn, trustedProxyHeader } = app.settings;
  const redirectUri = () => `${publicOrigin()}${apiBase}/auth/oidc/callback`;
  const clientPath = (page: string) => `${new URL(publicOrigin()).pathname.replace(/\/+$/, '')}${page}`;
  const secure = Boolean(app.settings.tlsCertFile) || app.settings.publicUrl.startsWith('https:');
  const cookie = (value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${apiBase}/auth/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const redirect = (location: string, setCookie?: string): Reply => ({
    status: 302,
    headers: { Location: location, ...(setCookie ? { 'Set-Cookie': setCookie } : {}) },
  });
  const failed = (error: SignInRefused): Reply => {
    app.log(`Directory sign-in refused (${error.reason}): ${error.message}`);
    return redirect(`${clientPath('/auth/failed')}?reason=${error.reason}`, cookie('', 0));
  };

  router.addPublic('GET', '/auth/methods', () => {
    const methods: AuthMethods = {
      password: passwordSignIn !== 'off',
      password_for: passwordSignIn,
      oidc: oidc ? { label: oidc.label } : null,
      proxy: Boolean(trustedProxyHeader),
    };
    return { body: { data: methods } };
  });

  router.addPublic('GET', '/auth/oidc/start', async (ctx) => {
    if (!oidc || !sso.directory) throw new DomainError('notFound', SERVER.directoryOff);
    const raw = ctx.query.get('return');
    const returnPath = raw && raw.length <= RETURN_PATH_MAX ? (sameOriginPath(raw) ?? null) : null;
    let discovery;
    try {
      discovery = await sso.directory.config();
    } catch (error) {
      return failed(new SignInRefused('directory_down', error instanceof Error ? error.message : String(error)));
    }
    const browser = randomSecret();
    const flow = { browser: sha256(browser), verifier: randomSecret(), nonce: randomSecret(), returnPath, address: ctx.ip };
    const state = sso.flows.start(flow);
    if (!state) throw tooMany(SERVER.tooManyDirectorySignIns, FLOW_RETRY_SECONDS);
    return redirect(authorizationUrl(discovery, oidc, redirectUri(), state, flow), cookie(browser, FLOW_RETRY_SECONDS));
  });

  router.addPublic('GET', '/auth/oidc/callback', async (ctx) => {
    if (!oidc || !sso.directory) throw new DomainError('notFound', SERVER.directoryOff);
    const state = ctx.query.get('state') ?? '';
    const flow = state ? sso.flows.take(state) : undefined;
    if (!flow) return failed(new SignInRefused('flow_expired', 'no sign-in in progress for this state (none, used or late)'));
    const browser = cookieValue(ctx, COOKIE);
    if (!browser || sha256(browser) !== flow.browser) return failed(new SignInRefused('flow_mismatch', 'the state belongs to a sign-in another browser started'));
    const error = ctx.query.get('error');
    if (error) return failed(new SignInRefused(error === 'access_denied' ? 'not_granted' : 'token_invalid', `the provider answered error=${error.slice(0, 100)}`));
    const code = ctx.query.get('code');
    if (!code) return failed(new SignInRefused('token_invalid', 'the callback has no code'));
    try {
      const { issuer, person } = await completeSignIn(app, sso.directory, oidc, redirectUri(), code, flow, ctx.query.get('iss'));
      const admission = admit(app, sso.identities, issuer, oidc.roles, person);
      if ('failure' in admission) return failed(new SignInRefused(admission.failure, `${person.email || person.subject}: ${admission.why}`));
      const handoff = sso.flows.hand({ userId: admission.user.id, credentialVersion: admission.credentialVersion, returnPath: flow.returnPath });
      return redirect(`${clientPath('/auth/complete')}#handoff=${handoff}`, cookie('', 0));
    } catch (refused) {
      if (refused instanceof SignInRefused) return failed(refused);
      throw refused;
    }
  });

  router.addPublic('POST', '/auth/oidc/finish', (ctx) => {
    const code = typeof ctx.body.handoff === 'string' ? ctx.body.handoff : '';
    const handoff = code ? sso.flows.redeem(code) : undefined;
    const user = handoff && app.users.find(handoff.userId);
    const token = user && app.sessions.create(user.id, handoff.credentialVersion);
    if (!user || !token) throw new DomainError('invalid', SERVER.handoffInvalid, { errors: { handoff: [SERVER.handoffInvalid] } });
    markSeen(app, user);
    const data: SignInAnswer & { return: string | null } = { user, authorization: { token, type: 'bearer' }, return: handoff.returnPath };
    return { body: { message: SERVER.signedIn, data } };
  });

  router.addPublic('GET', '/auth/proxy', (ctx) => {
    const named = trustedProxyHeader ? ctx.req.headers[trustedProxyHeader.toLowerCase()] : undefined;
    if (!trustedProxyHeader || typeof named !== 'string' || !named.trim()) throw new DomainError('unauthenticated', SERVER.proxyNotTrusted);
    if (!isTrusted(sso.proxies, ctx.req.socket.remoteAddress)) {
      sso.noteUntrusted(ctx.req.socket.remoteAddress ?? 'an unknown address');
      throw new DomainError('unauthenticated', SERVER.proxyNotTrusted);
    }
    const account = app.users.findByEmail(named.trim());
    const token = account && app.sessions.create(account.id, account.credential_version);
    if (!account || !token) throw new DomainError('unauthenticated', SERVER.proxyUnknownAccount);
    const user = app.users.find(account.id)!;
    markSeen(app, user);
    const data: SignInAnswer = { user, authorization: { token, type: 'bearer' } };
    return { body: { message: SERVER.signedIn, data } };
  });
}
