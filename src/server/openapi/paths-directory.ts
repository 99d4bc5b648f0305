/** Directory sign-in (docs/design.md#directory-sign-in): the methods on offer, OpenID Connect and the trusted proxy. */
import { DIRECTORY_FAILURES } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, ref, type Schema } from './schemas.ts';

const TAG = 'Directory sign-in';
const PASSWORD_MODES = { enum: ['all', 'super', 'off'] };

export const DIRECTORY_SCHEMAS: Record<string, Schema> = {
  AuthMethods: {
    type: 'object',
    properties: {
      password: { type: 'boolean', description: 'false only when PASSWORD_SIGN_IN=off.' },
      password_for: { ...PASSWORD_MODES, description: '`super`: only super accounts may use the password form.' },
      oidc: { oneOf: [{ type: 'null' }, { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }], description: 'The button says "Sign in with {label}".' },
      proxy: { type: 'boolean', description: 'A trusted proxy signs people in: call GET /auth/proxy.' },
    },
    required: ['password', 'password_for', 'oidc', 'proxy'],
  },
  DirectorySignIn: {
    allOf: [ref('SignIn'), { type: 'object', properties: { return: { type: ['string', 'null'], description: 'The same-origin path asked for at start, or null.' } }, required: ['return'] }],
  },
};

export const DIRECTORY_OPERATIONS: OperationSpec[] = [
  { method: 'GET', path: '/auth/methods', operationId: 'signInMethods', summary: 'How people may sign in here', tag: TAG, public: true, ok: { description: 'The methods on offer.', schema: envelope(ref('AuthMethods')) } },
  {
    method: 'GET',
    path: '/auth/oidc/start',
    operationId: 'startDirectorySignIn',
    summary: "Sends the browser to the directory's sign-in page",
    description: 'Authorization code with PKCE (S256), state and nonce; the flow is bound to this browser by an HttpOnly, SameSite=Lax cookie that lives ten minutes. A directory that does not answer sends the browser to `/auth/failed?reason=directory_down`.',
    tag: TAG,
    public: true,
    query: { return: { schema: { type: 'string' }, description: 'A same-origin path to land on afterwards; anything else is ignored.' } },
    ok: { status: 302, description: "To the provider's authorization endpoint (or to /auth/failed)." },
    refusals: [404, 429],
  },
  {
    method: 'GET',
    path: '/auth/oidc/callback',
    operationId: 'directorySignInCallback',
    summary: 'Where the directory sends the browser back (the redirect URI to register)',
    description: `On success to \`/auth/complete#handoff=<one-time code, 60 s>\` (a fragment: never sent to a server or in a Referer); on failure to \`/auth/failed?reason=\` one of ${DIRECTORY_FAILURES.map((r) => `\`${r}\``).join(', ')}. No session token is ever in a URL.`,
    tag: TAG,
    public: true,
    query: { code: { schema: { type: 'string' } }, state: { schema: { type: 'string' } }, error: { schema: { type: 'string' } } },
    ok: { status: 302, description: 'To /auth/complete or /auth/failed.' },
    refusals: [404],
  },
  {
    method: 'POST',
    path: '/auth/oidc/finish',
    operationId: 'finishDirectorySignIn',
    summary: "Trades the callback's one-time code for a session",
    description: 'The same answer as POST /auth/sign-in, plus the path asked for at start. A used, expired or unknown code is a 422.',
    tag: TAG,
    public: true,
    body: { type: 'object', properties: { handoff: { type: 'string' } }, required: ['handoff'] },
    ok: { description: 'The user and their token.', schema: envelope(ref('DirectorySignIn')) },
  },
  {
    method: 'GET',
    path: '/auth/proxy',
    operationId: 'proxySignIn',
    summary: 'Signs in the person a trusted proxy names (TRUSTED_PROXY_HEADER)',
    description: 'Only from TRUSTED_PROXIES (the connection\'s own address); otherwise, or for an e-mail without an account, a 401.',
    tag: TAG,
    public: true,
    ok: { description: 'The user and their token.', schema: envelope(ref('SignIn')) },
    refusals: [401],
  },
];
