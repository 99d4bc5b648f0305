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
}
export interface LoadResult extends MixResult {
  tickets: number;
  rssBeforeMB: number;
  maxRssMB: number;
  lastRssMB: number;
  peakMB: number;
  crashed: boolean;
  stderr: string;
}
export function mixedLoad(options?: { connections?: number; seconds?: number; tickets?: number; writeShare?: number; seed?: number; log?: (line: string) => void }): Promise<LoadResult>;
export function runMix(base: string, ctx: unknown, options: { connections: number; seconds: number; seed?: number; writeShare?: number; timeoutMs?: number }): Promise<MixResult>;
