/** Types for the tests that reuse flood.mjs. */
export interface FloodResult {
  count: number;
  spread: 'one-account' | 'many-accounts';
  scryptCost: number;
  idleSignInMs: number;
  legitimateSignInMs: number[];
  legitimateMaxMs: number;
  legitimateConnectMs: number[];
  legitimateStatuses: number[];
  legitimateAllOk: boolean;
  floodStatuses: Record<string, number>;
  floodHashed: number;
  floodRefused: number;
  floodSeconds: number;
  afterStatus: number;
  crashed: boolean;
}
export function signInFlood(options?: {
  count?: number;
  /** undefined: the server's default (17) */
  scryptCost?: number;
  legitimateTries?: number;
  spread?: 'one-account' | 'many-accounts';
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<FloodResult>;
