/**
 * Directory sign-ins in progress, kept in memory (a restart just asks people to start again). A flow
 * lives from /oidc/start to its callback, ten minutes at most, bound to the browser that started it by
 * the hash of a random cookie; a handoff lives from the callback to /oidc/finish, a minute at most.
 * Both are single use and bounded in number: the oldest go first, and one address may hold only so
 * many flows, so nothing here grows without bound.
 */
import crypto from 'node:crypto';

export const FLOW_TTL_MS = 10 * 60_000;
export const HANDOFF_TTL_MS = 60_000;
const MAX_FLOWS = 10_000;
const MAX_FLOWS_PER_ADDRESS = 30;
const MAX_HANDOFFS = 10_000;
const SECRET_BYTES = 32;

export interface Flow {
  /** SHA-256 of the browser's cookie value. */
  browser: string;
  verifier: string;
  nonce: string;
  /** The page asked for, or null. */
  returnPath: string | null;
  address: string;
  expiresAt: number;
}

export interface Handoff {
  userId: number;
  /** The account's credential version when the directory vouched for it: a change since ends the sign-in. */
  credentialVersion: number;
  returnPath: string | null;
  expiresAt: number;
}

export const randomSecret = () => crypto.randomBytes(SECRET_BYTES).toString('base64url');
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/** Entries in insertion order (a Map keeps it), so the oldest is the first. */
function dropExpired<T extends { expiresAt: number }>(entries: Map<string, T>, at: number, onDrop: (entry: T) => void = () => {}): void {
  for (const [key, entry] of entries) {
    if (entry.expiresAt > at) break;
    entries.delete(key);
    onDrop(entry);
  }
}

export function createFlowStore(now: () => number) {
  const flows = new Map<string, Flow>();
  const perAddress = new Map<string, number>();
  const handoffs = new Map<string, Handoff>();

  const forget = (flow: Flow) => {
    const left = (perAddress.get(flow.address) ?? 1) - 1;
    if (left > 0) perAddress.set(flow.address, left);
    else perAddress.delete(flow.address);
  };
  const remove = (state: string) => {
    const flow = flows.get(state);
    if (flow) {
      flows.delete(state);
      forget(flow);
    }
    return flow;
  };

  return {
    /** Keeps a new flow under a fresh state; undefined when this address has too many open already. */
    start(flow: Omit<Flow, 'expiresAt'>): string | undefined {
      const at = now();
      dropExpired(flows, at, forget);
      if ((perAddress.get(flow.address) ?? 0) >= MAX_FLOWS_PER_ADDRESS) return undefined;
      if (flows.size >= MAX_FLOWS) remove(flows.keys().next().value!);
      const state = randomSecret();
      flows.set(state, { ...flow, expiresAt: at + FLOW_TTL_MS });
      perAddress.set(flow.address, (perAddress.get(flow.address) ?? 0) + 1);
      return state;
    },
    /** The flow of `state`, taken (single use): undefined when unknown, used or late. */
    take(state: string): Flow | undefined {
      const flow = remove(state);
      return flow && flow.expiresAt > now() ? flow : undefined;
    },
    /** A one-time code for /oidc/finish. */
    hand(handoff: Omit<Handoff, 'expiresAt'>): string {
      const at = now();
      dropExpired(handoffs, at);
      if (handoffs.size >= MAX_HANDOFFS) handoffs.delete(handoffs.keys().next().value!);
      const code = randomSecret();
      handoffs.set(sha256(code), { ...handoff, expiresAt: at + HANDOFF_TTL_MS });
      return code;
    },
    /** The handoff of `code`, taken (single use): undefined when unknown, used or late. */
    redeem(code: string): Handoff | undefined {
      const key = sha256(code);
      const handoff = handoffs.get(key);
      handoffs.delete(key);
      return handoff && handoff.expiresAt > now() ? handoff : undefined;
    },
    size: () => ({ flows: flows.size, handoffs: handoffs.size }),
  };
}
