/** Types for the tests that reuse fuzz.mjs (the stress suite itself is plain JavaScript). */
export interface FuzzSample {
  role?: string;
  method?: string;
  path?: string;
  raw?: string;
  status?: number;
  answer: string;
}
export interface FuzzResult {
  seed: number;
  requests: number;
  raw: number;
  statuses: Record<string, number>;
  fiveXX: number;
  leaks: number;
  traversal: number;
  noAnswer: Record<string, number>;
  notSentByClient: number;
  samples5xx: FuzzSample[];
  samplesLeak: FuzzSample[];
  crashed: boolean;
  exit: { code: number | null; signal: string | null } | null;
  healthAfter: number | string;
  readAfter: number;
  tokensRefreshed: number;
  stderrLines: number;
  stderrSample: string;
  seconds: number;
}
export function fuzz(options?: { requests?: number; seed?: number; concurrency?: number; rawShare?: number; log?: (line: string) => void }): Promise<FuzzResult>;
