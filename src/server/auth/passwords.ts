/**
 * Password hashing with scrypt (design.md#passwords). A stored hash reads `scrypt$cost$r$p$salt$hash`, so
 * the cost can rise later and old hashes still verify with the parameters they were made with.
 */
import crypto from 'node:crypto';

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Each hash at N=2^17 needs ~128 MiB; more than two at once would starve a small machine. */
const MAX_IN_FLIGHT = 2;
/** Hashes waiting, per lane (a client address) and in all; past these a request is refused at once. */
const MAX_WAITING_PER_LANE = 16;
const MAX_WAITING = 256;

/** Thrown instead of queueing a hash the server could not get to in reasonable time. */
export class HashQueueFull extends Error {}

export interface HashOptions {
  /** Waiting hashes are served one lane at a time, in turn: one address's flood can't starve another's sign-in. @default '' */
  lane?: string;
  /** Runs when the hash gets its slot; throwing there skips the hash (a limit reached meanwhile). */
  beforeStart?: () => void;
}

let inFlight = 0;
let waitingCount = 0;
/** Lanes in turn order: a served lane goes to the back (Map keeps insertion order). */
const lanes = new Map<string, Array<() => void>>();

function release(): void {
  const first = lanes.entries().next().value;
  if (!first) {
    inFlight--;
    return;
  }
  const [lane, queue] = first;
  const next = queue.shift()!;
  waitingCount--;
  lanes.delete(lane);
  if (queue.length > 0) lanes.set(lane, queue);
  next();
}

async function withSlot<T>(work: () => Promise<T>, { lane = '', beforeStart }: HashOptions = {}): Promise<T> {
  if (inFlight < MAX_IN_FLIGHT) inFlight++;
  else {
    const queue = lanes.get(lane) ?? [];
    if (queue.length >= MAX_WAITING_PER_LANE || waitingCount >= MAX_WAITING) throw new HashQueueFull();
    waitingCount++;
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      lanes.set(lane, queue);
    });
  }
  try {
    beforeStart?.();
    return await work();
  } finally {
    release();
  }
}

function derive(password: string, salt: Buffer, cost: number, r: number, p: number, options?: HashOptions): Promise<Buffer> {
  const N = 2 ** cost;
  const maxmem = 256 * N * r + 32 * 1024 * 1024;
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        crypto.scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
    options,
  );
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, options?: HashOptions): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(cost), Number(r), Number(p), options);
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/** The scrypt cost (log2 N) a stored hash was made with; 0 when unreadable. */
export const hashCost = (stored: string) => Number(stored.split('$')[1]) || 0;

/**
 * What a sign-in for an unknown e-mail verifies against, and how long a sign-in checking a
 * cheaper, older hash takes. The dummy uses the highest cost any account has, so an unknown
 * e-mail costs what the dearest account does, even after SCRYPT_COST changed and old hashes keep
 * their old cost. A cheaper hash is padded to the time of one of the recent real verifications at
 * the dearest cost, drawn at random: its answer then takes the same band as the others, tracking
 * the live hash time (a busy or an idle machine) rather than one measured at boot.
 */
export interface SignInFloor {
  dummyHash: Promise<string>;
  /** The cost (log2 N) of the dummy hash: the highest any account has. */
  cost: number;
  /** Milliseconds the dummy hash took at boot; stands in until a real verification is recorded. */
  ms: number;
  /** The latest real verifications at `cost`, in ms, oldest first. */
  recent: number[];
  /** A verification at `cost` took this long, from its start (waiting for a hash slot included). */
  record(ms: number): void;
  /** How long a cheaper hash's sign-in should take: one of the recent real verifications. */
  band(): number;
}

/** Enough recent verifications to follow the machine's load, few enough to follow it soon. */
const RECENT_VERIFICATIONS = 32;

export function createSignInFloor(currentCost: number, storedCosts: number[], random: () => number = Math.random): SignInFloor {
  const cost = Math.max(currentCost, ...storedCosts);
  const floor: SignInFloor = {
    dummyHash: Promise.resolve(''),
    cost,
    ms: 0,
    recent: [],
    record(ms) {
      floor.recent.push(ms);
      if (floor.recent.length > RECENT_VERIFICATIONS) floor.recent.shift();
    },
    band: () => (floor.recent.length ? floor.recent[Math.floor(random() * floor.recent.length)]! : floor.ms),
  };
  const started = performance.now();
  floor.dummyHash = hashPassword(crypto.randomBytes(16).toString('hex'), cost).then((hash) => {
    floor.ms = performance.now() - started;
    return hash;
  });
  return floor;
}

/** A long random password for the first admin when ADMIN_PASSWORD is not set. */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
