/**
 * Sign-in (design.md#sign-in): the same 422 for a wrong password and an unknown e-mail, rate limited so
 * that a guesser is stopped without locking the real user out (README, "Sign-in limits"):
 *  - 10 failures per account and address, and 50 per address, in 15 minutes: that address waits;
 *  - 10 failures per account from anywhere block only addresses that have failed themselves,
 *    so the right password from a clean address still gets in; a good sign-in clears the
 *    account's count and its own address's;
 *  - attempts in flight count as failures until decided, and a flood waits in its own lane of
 *    the hash queue: it is refused at once, and cannot starve other addresses' sign-ins.
 */
import { SERVER, validateSignIn, type SignInAnswer } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { check, DomainError, tooMany } from '../errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { HashQueueFull, hashCost, verifyPassword } from './passwords.ts';

export const ACCOUNT_FAILURE_LIMIT = 10;
export const PAIR_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 50;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** Waits until `until` (performance.now() time): a cheaper old hash answers no sooner than a dummy. */
const padTo = (until: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));

const tooManyAttempts = (seconds: number) => tooMany(SERVER.tooManyAttempts, seconds);

/** Refuses (too many, with the seconds to wait) while any of the keys is over its limit. */
export function refuseWhileLimited(checks: Array<[RateLimiter, string]>, countPending = true): void {
  const wait = Math.max(...checks.map(([limiter, key]) => limiter.retryAfter(key, countPending)));
  if (wait > 0) throw tooManyAttempts(wait);
}

/** PASSWORD_SIGN_IN=off: refused before anything is checked (docs/design.md#directory-sign-in). */
function refuseWhenPasswordsOff(app: ServerContext): void {
  if (app.settings.passwordSignIn === 'off') throw new DomainError('forbidden', SERVER.passwordSignInOff);
}

export async function signIn(app: ServerContext, body: Record<string, unknown>, ip: string): Promise<SignInAnswer> {
  refuseWhenPasswordsOff(app);
  check(validateSignIn(body));
  const email = String(body.email).trim().toLowerCase();
  const password = String(body.password);
  const pair = `${email}\n${ip}`;
  const refuse = (countPending: boolean) => {
    const checks: Array<[RateLimiter, string]> = [
      [app.pairLimiter, pair],
      [app.addressLimiter, ip],
    ];
    if (app.addressLimiter.hasFailures(ip)) checks.push([app.accountLimiter, email]);
    refuseWhileLimited(checks, countPending);
  };
  refuse(true);

  const settlePair = app.pairLimiter.reserve(pair);
  const settleAddress = app.addressLimiter.reserve(ip);
  let verdict: boolean | undefined; // undefined: refused before deciding, which is no failure
  try {
    const account = app.users.findByEmail(email);
    const floor = app.signInFloor;
    const dummy = await floor.dummyHash;
    const stored = account?.password_hash ?? dummy;
    const started = performance.now();
    // Checked again when the hash gets its slot and once it is done: failures recorded while this
    // attempt waited count too, so a burst sent at once cannot outrun the limit.
    const matches = await verifyPassword(password, stored, { lane: ip, beforeStart: () => refuse(false) });
    // An unknown e-mail and the dearest accounts take the live hash time, and are its measure; a
    // cheaper, older hash is padded to one such recent time, so neither tells an account exists.
    if (hashCost(stored) >= floor.cost) floor.record(performance.now() - started);
    else await padTo(started + floor.band());
    refuse(false);
    // The account may have been deleted, or its password changed, while the hash was computed:
    // the session is only created if the password checked is still the account's.
    const user = account && matches ? app.users.find(account.id) : undefined;
    // PASSWORD_SIGN_IN=super: told only once the password is right, so it says nothing about other accounts.
    if (user && app.settings.passwordSignIn === 'super' && user.role !== 'super') {
      verdict = true;
      throw new DomainError('forbidden', SERVER.passwordSignInSuperOnly);
    }
    const token = user && app.sessions.create(user.id, account!.credential_version);
    verdict = Boolean(user && token);
    if (!user || !token) {
      app.accountLimiter.fail(email);
      throw new DomainError('invalid', SERVER.badCredentials);
    }
    // The real user is back: the account's count starts again. A guesser's own address keeps
    // its pair count, so this hands them nothing.
    app.pairLimiter.clear(pair);
    app.accountLimiter.clear(email);
    const lastSeen = app.nowIso();
    app.users.markSeen(user.id, lastSeen);
    return { user: { ...user, last_seen: lastSeen }, authorization: { token, type: 'bearer' } };
  } catch (error) {
    if (error instanceof HashQueueFull) throw tooManyAttempts(1);
    throw error;
  } finally {
    settlePair(verdict === false);
    settleAddress(verdict === false);
  }
}
