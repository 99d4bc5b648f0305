/** Short version of `npm run stress` crash (issue 10): kill -9 under concurrent writes, then check the file. */
import { describe, expect, it } from 'vitest';
import { killCycles } from '../../stress/crash.mjs';

describe('stress: kill -9 cycles (short)', () => {
  it('loses no acknowledged write and keeps the database intact over 3 kill -9 cycles', async () => {
    const result = await killCycles({ cycles: 3, writers: 6, seed: 3, minKillMs: 150, maxKillMs: 500 });
    expect(result.cycles).toBe(3);
    expect(result.restartFailures).toBe(0);
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.lostSamples, 'acknowledged writes missing after a kill').toEqual([]);
    expect(result.lost).toBe(0);
    expect(result.integrityFailures, result.integrity).toBe(0);
    expect(result.serverDisagreements).toBe(0);
    expect(result.unexpectedSamples).toEqual([]);
  }, 60_000);
});
