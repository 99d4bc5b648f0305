/** Types for the tests that reuse crash.mjs. */
export interface KillCyclesResult {
  cycles: number;
  acknowledged: number;
  acknowledgedCreates: number;
  acknowledgedTransitions: number;
  acknowledgedEdits: number;
  inFlightAtKill: number;
  inFlightCommitted: number;
  lost: number;
  lostSamples: unknown[];
  integrityFailures: number;
  integrity: string;
  unexpectedAnswers: number;
  unexpectedSamples: string[];
  serverDisagreements: number;
  restartFailures: number;
  maxRestartMs: number;
  ticketsTracked: number;
  checkedThroughApi: number;
  seconds: number;
}
export function killCycles(options?: {
  cycles?: number;
  writers?: number;
  seed?: number;
  minKillMs?: number;
  maxKillMs?: number;
  log?: (line: string) => void;
}): Promise<KillCyclesResult>;
