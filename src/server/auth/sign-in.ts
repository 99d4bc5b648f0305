/** Sign-in (DESIGN §5): the same 422 for a wrong password and an unknown e-mail, rate limited. */
import { SERVER, validateSignIn, type SignInAnswer } from '../../shared/index.ts';
import type { App } from '../context.ts';
import { check, HttpError } from '../http/errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { verifyPassword } from './passwords.ts';

export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 50;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** Throws 429 with Retry-After while any of the keys is over its limit. */
export function refuseWhileLimited(checks: Array<[RateLimiter, string]>): void {
  const wait = Math.max(...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw new HttpError(429, SERVER.tooManyAttempts, undefined, { 'Retry-After': String(wait) });
}

export async function signIn(app: App, body: Record<string, unknown>, ip: string): Promise<SignInAnswer> {
  check(validateSignIn(body));
  const email = String(body.email).trim().toLowerCase();
  const password = String(body.password);
  const limits: Array<[RateLimiter, string]> = [
    [app.accountLimiter, email],
    [app.addressLimiter, ip],
  ];
  refuseWhileLimited(limits);

  const account = app.users.findByEmail(email);
  const matches = await verifyPassword(password, account?.password_hash ?? (await app.dummyHash));
  // Guesses sent at once all pass the first check while their hashes are computed; checking
  // again here, before the answer says right or wrong, keeps a burst from outrunning the limit.
  refuseWhileLimited(limits);
  // The account may have been deleted, or its password changed, while the hash was computed:
  // the session is only created if the password checked is still the account's.
  const user = account && matches ? app.users.find(account.id) : undefined;
  const token = user && app.sessions.create(user.id, account!.password_hash);
  if (!user || !token) {
    app.accountLimiter.fail(email);
    app.addressLimiter.fail(ip);
    throw new HttpError(422, SERVER.badCredentials);
  }

  app.accountLimiter.clear(email);
  const lastSeen = app.nowIso();
  app.users.markSeen(user.id, lastSeen);
  return { user: { ...user, last_seen: lastSeen }, authorization: { token, type: 'bearer' } };
}
