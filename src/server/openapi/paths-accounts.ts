/** Sign-in and accounts (product.md#calls, design.md#accounts). */
import { LIMITS } from '../../shared/index.ts';
import type { OperationSpec } from './describe.ts';
import { envelope, listEnvelope, ref } from './schemas.ts';

const TAG = 'Accounts';
const password = (minLength: number) => ({ type: 'string', minLength });
const newPassword = {
  type: 'object',
  properties: { new_password: password(LIMITS.serverPasswordMin), new_password_confirmation: password(LIMITS.serverPasswordMin) },
  required: ['new_password', 'new_password_confirmation'],
};

export const ACCOUNT_OPERATIONS: OperationSpec[] = [
  {
    method: 'POST',
    path: '/auth/sign-in',
    operationId: 'signIn',
    summary: 'Signs in; the answer carries the bearer token for every other call',
    description: 'A wrong password, an unknown e-mail and a directory account (it has no password) are the same 422 (`Invalid email or password.`); repeated failures are a 429. PASSWORD_SIGN_IN=off refuses every password, and =super every account but a super\'s, with a 403.',
    tag: TAG,
    public: true,
    body: { type: 'object', properties: { email: { type: 'string', format: 'email' }, password: password(LIMITS.signInPasswordMin) }, required: ['email', 'password'] },
    ok: { description: 'The user and their token.', schema: envelope(ref('SignIn')) },
    refusals: [403, 429],
  },
  { method: 'POST', path: '/auth/sign-out', operationId: 'signOut', summary: 'Ends this session', tag: TAG, ok: { description: '`Signed out successfully.`' } },
  { method: 'GET', path: '/users', operationId: 'listUsers', summary: 'Every account (super)', tag: TAG, ok: { description: 'The accounts.', schema: listEnvelope(ref('User')) }, refusals: [403] },
  { method: 'GET', path: '/developers', operationId: 'listDevelopers', summary: 'The developer accounts (super)', tag: TAG, ok: { description: 'The developers.', schema: listEnvelope(ref('User')) }, refusals: [403] },
  {
    method: 'POST',
    path: '/auth/user/create',
    operationId: 'createAccount',
    summary: 'Creates a support or developer account (super)',
    tag: TAG,
    body: ref('NewAccount'),
    ok: { status: 201, description: 'The account.', schema: envelope(ref('User')) },
    refusals: [403],
  },
  {
    method: 'PATCH',
    path: '/user/{id}/change-password',
    operationId: 'setAccountPassword',
    summary: "Sets a support or developer account's password and ends its sessions (super)",
    description: 'A directory account has no password here: a 409.',
    tag: TAG,
    body: newPassword,
    ok: { description: 'The password was changed.' },
    refusals: [403, 404, 409],
  },
  { method: 'DELETE', path: '/auth/user/{id}', operationId: 'deleteAccount', summary: 'Deletes a support or developer account (super)', tag: TAG, ok: { description: 'The account was deleted.' }, refusals: [403, 404] },
  {
    method: 'PATCH',
    path: '/auth/user/{userId}/update',
    operationId: 'updateProfile',
    summary: "Changes the caller's own name",
    tag: TAG,
    body: { type: 'object', properties: { first_name: { type: 'string', minLength: LIMITS.nameMin }, last_name: { type: 'string', minLength: LIMITS.nameMin } }, required: ['first_name', 'last_name'] },
    ok: { description: 'The updated user.', schema: envelope(ref('User')) },
    refusals: [403, 404],
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    operationId: 'changeOwnPassword',
    summary: "Changes the caller's own password; their other sessions end",
    description: 'A directory account has no password here: a 409.',
    tag: TAG,
    body: { ...newPassword, properties: { old_password: { type: 'string' }, ...newPassword.properties }, required: ['old_password', ...newPassword.required] },
    ok: { description: 'The password was changed.' },
    refusals: [409, 429],
  },
];
