/** Short version of `npm run stress` fuzz (issue 10): hostile requests over every route, method and role. */
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../stress/fuzz.mjs';

describe('stress: fuzz (short)', () => {
  it('answers 1,000 seeded hostile requests without a 5xx, a crash or a leaked stack trace', async () => {
    const result = await fuzz({ requests: 1000, seed: 1122 });
    expect(result.samples5xx, 'requests answered 5xx').toEqual([]);
    expect(result.fiveXX).toBe(0);
    expect(result.crashed).toBe(false);
    expect(result.samplesLeak, 'answers leaking a stack trace or a file path').toEqual([]);
    expect(result.leaks).toBe(0);
    expect(result.traversal).toBe(0);
    expect(result.healthAfter).toBe(200);
    expect(result.readAfter).toBe(200);
    expect(result.requests).toBe(1000);
  }, 60_000);
});
