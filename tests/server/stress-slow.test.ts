/** Short version of `npm run stress` slow (issue 10): slow clients beside normal reads, with short deadlines. */
import { describe, expect, it } from 'vitest';
import { slowClients } from '../../stress/slow.mjs';

describe('stress: slow clients (short)', () => {
  it('cuts trickling, idle and over-cap connections while normal reads from another address go on without errors', async () => {
    // 3 × 8 slow + 2 slow readers fill the cap of 26 for ::1; 5 more are over it.
    const result = await slowClients({
      headersTimeoutSeconds: 1,
      requestTimeoutSeconds: 2,
      maxConnectionsPerAddress: 26,
      perKind: 8,
      slowReaders: 2,
      overCap: 5,
      normalConnections: 4,
      seconds: 5,
      baselineSeconds: 0,
      tickets: 300,
    });
    expect(result.normal.errorSamples).toEqual([]);
    expect(result.normal.errors).toBe(0);
    expect(result.normal.requests).toBeGreaterThan(0);
    expect(result.crashed).toBe(false);
    for (const kind of ['trickle-headers', 'trickle-body', 'idle', 'over-cap']) {
      const k = result.byKind[kind]!;
      expect(k.closedByServer, `${kind} connections the server closed`).toBe(k.connections);
    }
  }, 60_000);
});
