/** Short version of `npm run stress` flood (issue 10): a parallel burst of wrong sign-ins from one address. */
import { describe, expect, it } from 'vitest';
import { signInFlood } from '../../stress/flood.mjs';

describe('stress: sign-in flood (short)', () => {
  for (const spread of ['one-account', 'many-accounts'] as const) {
    it(`lets the real user in from another address during 300 wrong sign-ins from ::1 (${spread})`, async () => {
      const result = await signInFlood({ count: 300, scryptCost: 10, legitimateTries: 2, spread });
      expect(result.legitimateStatuses.length).toBeGreaterThan(0);
      expect(result.legitimateStatuses.every((status) => status === 200)).toBe(true);
      expect(result.afterStatus).toBe(200);
      expect(result.crashed).toBe(false);
      // Every wrong one is refused: 422 once hashed, 429 beyond the limits; never an error.
      for (const status of Object.keys(result.floodStatuses)) expect(['422', '429']).toContain(status);
      expect(result.floodRefused).toBeGreaterThan(0);
    }, 60_000);
  }
});
