/**
 * Serialized GET answers, remembered until something they depend on changes. Each answer names
 * its tags ('lists', 'ticket:42'); a write invalidates only the tags it touched, so a sign-in,
 * a profile change or a close of ticket 7 leaves every other answer warm. A commit by another
 * connection (`npm run demo`, a restore) can't say what it touched: it drops everything.
 */
import crypto from 'node:crypto';
import { Payload } from './payload.ts';

/** Hundreds of pages and details at the ticket counts we measure, within the server's memory budget (bench/README.md). */
const CACHE_BUDGET_BYTES = 24 * 1024 * 1024;
/** A bigger answer (the whole list of product.md#calls, at scale) is built when asked and not kept. */
const ENTRY_MAX_BYTES = 8 * 1024 * 1024;
/** Compressed forms are made on demand and are a fraction of the body: count them loosely. */
const ENCODED_OVERHEAD = 1.25;
/** The key, tags, hash and objects around each answer: thousands of tiny answers must count too. */
const ENTRY_OVERHEAD_BYTES = 1024;

export const CACHE_TAGS = {
  /** Every list, page, count and export of tickets. */
  lists: 'lists',
  /** The pages of one list (the work queue's listKey): a ticket write drops only the lists it may show in. */
  list: (key: string) => `list:${key}`,
  /** Answers made of counts over every ticket (stats, the whole list): any ticket write changes them. */
  counts: 'counts',
  /** Every ticket detail and activity log. */
  details: 'details',
  ticket: (id: number) => `ticket:${id}`,
} as const;

interface Entry {
  payload: Payload;
  tags: readonly string[];
  bytes: number;
}

export interface CacheOptions {
  /** @default 24 MiB */
  budgetBytes?: number;
  /** @default 8 MiB */
  entryMaxBytes?: number;
}

export function createAnswerCache(dataVersion: () => number, options: CacheOptions = {}) {
  const { budgetBytes = CACHE_BUDGET_BYTES, entryMaxBytes = ENTRY_MAX_BYTES } = options;
  const entries = new Map<string, Entry>();
  let seenVersion = dataVersion();
  let usedBytes = 0;
  /** Counts invalidations: an answer made across one is not kept. */
  let changes = 0;
  /** How often each stamped tag was invalidated; with the boot id, names the data behind a streamed answer. */
  const generations = new Map<string, number>();
  const bootId = crypto.randomBytes(6).toString('base64url');

  /** Which kept answers carry each tag: a write drops its own answers without looking at the others. */
  const keysByTag = new Map<string, Set<string>>();

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    usedBytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag)!;
      keys.delete(key);
      if (keys.size === 0) keysByTag.delete(tag);
    }
  }

  /** The kept answer, as the most recently used; everything is dropped first when another connection wrote. */
  function lookup(key: string): Payload | undefined {
    const version = dataVersion();
    if (version !== seenVersion) {
      entries.clear();
      keysByTag.clear();
      usedBytes = 0;
      seenVersion = version;
      changes++;
    }
    const hit = entries.get(key);
    if (!hit) return undefined;
    entries.delete(key); // re-inserted: Map order is recency order
    entries.set(key, hit);
    return hit.payload;
  }

  function keep(key: string, tags: readonly string[], payload: Payload): void {
    const bytes = payload.body.length * ENCODED_OVERHEAD + ENTRY_OVERHEAD_BYTES + key.length * 2;
    if (bytes > entryMaxBytes) return;
    entries.set(key, { payload, tags, bytes });
    usedBytes += bytes;
    for (const tag of tags) {
      const keys = keysByTag.get(tag);
      if (keys) keys.add(key);
      else keysByTag.set(tag, new Set([key]));
    }
    for (const [oldKey, old] of entries) {
      if (usedBytes <= budgetBytes) break;
      drop(oldKey, old);
    }
  }

  return {
    /** Forgets every answer carrying any of these tags. */
    invalidate(...tags: string[]): void {
      changes++;
      for (const tag of new Set(tags)) {
        if (generations.has(tag)) generations.set(tag, generations.get(tag)! + 1);
        for (const key of keysByTag.get(tag) ?? []) drop(key, entries.get(key)!);
      }
    },

    get(key: string, tags: readonly string[], build: () => unknown): Payload {
      const hit = lookup(key);
      if (hit) return hit;
      const payload = new Payload(build());
      keep(key, tags, payload);
      return payload;
    },

    /**
     * An answer made off the event loop (a report on its own thread): while it is made, writes may
     * drop its tags, so an answer made across a change is sent but never kept.
     */
    async getAsync(key: string, tags: readonly string[], build: () => Promise<unknown>): Promise<Payload> {
      const hit = lookup(key);
      if (hit) return hit;
      const changesBefore = changes;
      const payload = new Payload(await build());
      if (changes === changesBefore && dataVersion() === seenVersion) keep(key, tags, payload);
      return payload;
    },

    /** Changes whenever answers under these tags would: an ETag for answers too big to keep. */
    stamp(...tags: string[]): string {
      // Only stamped tags are counted from then on: the per-list tags, never stamped, leave no trace.
      for (const tag of tags) if (!generations.has(tag)) generations.set(tag, 0);
      return `${bootId}:${dataVersion()}:${tags.map((tag) => generations.get(tag)).join('.')}`;
    },

    get bytes(): number {
      return usedBytes;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
