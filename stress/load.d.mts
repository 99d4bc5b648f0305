/** Types for the tests that reuse load.mjs. */
export interface KindFigures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}
export interface MixResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p99: number;
  max: number;
  byKind: Record<string, KindFigures>;
  /** Answers slower than 5 s: how many, and the first ten described. */
  slowCount: number;
  slowSamples: string[];
}
export interface LoadResult extends MixResult {
  tickets: number;
  /** The cold start before the measured run, when asked for. */
  warmup?: { seconds: number; requests: number; errors: number; errorSamples: string[]; p99: number; max: number; slowCount: number; slowSamples: string[] };
  rssBeforeMB: number;
  maxRssMB: number;
  lastRssMB: number;
  peakMB: number;
  crashed: boolean;
  stderr: string;
}
export function mixedLoad(options?: { connections?: number; seconds?: number; warmupSeconds?: number; tickets?: number; writeShare?: number; seed?: number; log?: (line: string) => void }): Promise<LoadResult>;
export function runMix(base: string, ctx: unknown, options: { connections: number; seconds: number; seed?: number; writeShare?: number; timeoutMs?: number }): Promise<MixResult>;
