/** Short version of `npm run stress` load (issue 10): mixed reads and writes over demo data. */
import { describe, expect, it } from 'vitest';
import { mixedLoad } from '../../stress/load.mjs';

describe('stress: mixed load (short)', () => {
  it('answers every page, search, stats, detail, log and write under 40 connections without an error', async () => {
    const result = await mixedLoad({ connections: 40, seconds: 2, tickets: 500, writeShare: 0.05 });
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.crashed).toBe(false);
    expect(result.requests).toBeGreaterThan(0);
    for (const kind of ['page', 'search', 'stats', 'detail', 'write']) expect(result.byKind[kind]?.requests, kind).toBeGreaterThan(0);
  }, 60_000);
});
