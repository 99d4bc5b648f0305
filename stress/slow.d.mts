/** Types for the tests that reuse slow.mjs. */
export interface SlowKind {
  connections: number;
  closedByServer: number;
  stillOpenAtEnd: number;
  heldMedianMs: number;
  heldMaxMs: number;
  answers: Record<string, number>;
}
export interface SlowResult {
  settings: { headersTimeoutSeconds: number; requestTimeoutSeconds: number; maxConnectionsPerAddress: number };
  watchedSeconds: number;
  slowConnections: number;
  serverRss: { beforeMB: number; maxMB: number; endMB: number };
  byKind: Record<string, SlowKind>;
  normal: { connections: number; requests: number; rps: number; errors: number; errorSamples: string[]; p50: number; p99: number; max: number };
  baseline?: { requests: number; rps: number; errors: number; p50: number; p99: number };
  crashed: boolean;
}
export function slowClients(options?: {
  headersTimeoutSeconds?: number;
  requestTimeoutSeconds?: number;
  maxConnectionsPerAddress?: number;
  perKind?: number;
  slowReaders?: number;
  overCap?: number;
  normalConnections?: number;
  seconds?: number;
  baselineSeconds?: number;
  tickets?: number;
  log?: (line: string) => void;
}): Promise<SlowResult>;
