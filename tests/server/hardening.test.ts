/** The outside audit's attacks (issue 10), kept as tests so they stay fixed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createStaff, PASSWORD, startTestServer, type TestServer } from './helpers.ts';

/** Slow enough hashes that requests queue behind each other, as at the real cost. */
const SLOW_COST = 14;

describe('a sign-in racing a password reset', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ scryptCost: SLOW_COST });
  });
  afterAll(() => t.close());

  it('leaves no session behind when the password changed while it was being checked', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    for (let trial = 0; trial < 3; trial++) {
      const victim = await createStaff(t, admin, 'support', 'Victim');
      // Two slow guesses hold both hash slots, so the reset and the sign-in queue in that order.
      const blockers = [1, 2].map((i) => t.call('POST', '/api/auth/sign-in', { json: { email: `blocker${i}@example.com`, password: 'wrong-password' } }));
      const reset = t.call('PATCH', `/api/user/${victim.id}/change-password`, {
        token: admin,
        json: { new_password: 'contained-pw-1', new_password_confirmation: 'contained-pw-1' },
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      const attacker = t.call('POST', '/api/auth/sign-in', { json: { email: victim.email, password: PASSWORD } });
      const [answer] = await Promise.all([attacker, reset, ...blockers]);
      const token = answer.body?.data?.authorization?.token;
      const access = token ? (await t.call('GET', '/api/tickets?limit=1', { token })).status : 401;
      expect(access, `trial ${trial}: sign-in answered ${answer.status}`).toBe(401);
    }
  });
});
