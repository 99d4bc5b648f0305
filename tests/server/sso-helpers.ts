/** A helpdesk server signing people in through tests/server/oidc-provider.ts, and the sign-in a browser would make. */
import { parseRoleRules } from '../../src/server/sso/roles.ts';
import type { OidcSettings } from '../../src/server/sso/settings.ts';
import type { ServerOptions } from '../../src/server/server.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { browseSignIn, CLIENT, type TestProvider } from './oidc-provider.ts';

export const ROLES_WITHOUT_ANYONE = 'super=helpdesk-admins;developer=helpdesk-devs;support=helpdesk-support';

export function oidcSettings(provider: TestProvider, roles = ROLES_WITHOUT_ANYONE): OidcSettings {
  return { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, label: 'Example SSO', scopes: 'openid email profile', roleClaim: 'groups', roles: parseRoleRules(roles) };
}

export const startSsoServer = (provider: TestProvider, options: ServerOptions = {}) => startTestServer({ oidc: oidcSettings(provider), ...options });

export interface DirectorySignIn {
  status: number;
  body: any;
  landing: string;
  reason: string | null;
  token: string | undefined;
}

/** Through the directory and back, then the handoff traded for a session (as /auth/complete does). */
export async function directorySignIn(t: TestServer, returnPath?: string): Promise<DirectorySignIn> {
  const steps = await browseSignIn(t.url, { returnPath });
  if (!steps.handoff) return { status: 0, body: undefined, landing: steps.landing, reason: steps.reason, token: undefined };
  const finish = await t.call('POST', '/api/auth/oidc/finish', { json: { handoff: steps.handoff } });
  return { status: finish.status, body: finish.body, landing: steps.landing, reason: null, token: finish.body?.data?.authorization?.token };
}
