/**
 * The work queue's counts (page totals, stats), kept across writes. Recounting a search reads
 * every match, and every write used to throw every count away. Instead,
 * each ticket row a write adds, removes or changes moves the counts whose filters it matches;
 * a list counted for the first time sums ticket-facts.ts's combinations.
 *
 * TEMP triggers record each change in the writing transaction itself: a rolled-back write
 * records nothing, and no write path (a status change, a bulk action, an account deletion) can
 * forget to report one. The same changes say which kept lists a write touched (`onTouched`), so
 * the answer cache drops only those pages: a close of an Express ticket leaves every list that
 * cannot show it warm.
 */
import { FILTER_PARAMS, type TicketFilters } from '../../shared/index.ts';
import { dataVersionReader, type Db } from '../db/database.ts';
import { createFactCounts, type Change, type Combination } from './ticket-facts.ts';
import { beyondFacts, FACTS, rowMatcher, type Scope } from './ticket-filters.ts';

/** Kept counts are small: this many stay a minor share of the server's memory (bench/README.md). */
const COUNTS_MAX = 10_000;
/** Past this many (change × count) checks at once, recounting on demand is cheaper. */
const DELTA_CHECKS_MAX = 1_000_000;
/** More changed rows than this (a demo fill, a restore) are not read back at all. */
const CHANGES_READ_MAX = 10_000;

interface Entry {
  filters: TicketFilters;
  scope: Scope;
  n: number;
  /** Counted only up to a cap (a search's page total): never an answer for an exact count. */
  capped?: boolean;
}

const columns = (row: 'old' | 'new') => FACTS.map((fact) => `${row}.${fact}`).join(', ');
const TRIGGERS = `
  CREATE TEMP TABLE IF NOT EXISTS ticket_changes (sign INTEGER, ${FACTS.join(', ')});
  CREATE TEMP TRIGGER IF NOT EXISTS ticket_counts_insert AFTER INSERT ON main.tickets BEGIN
    INSERT INTO ticket_changes VALUES (1, ${columns('new')});
  END;
  CREATE TEMP TRIGGER IF NOT EXISTS ticket_counts_delete AFTER DELETE ON main.tickets BEGIN
    INSERT INTO ticket_changes VALUES (-1, ${columns('old')});
  END;
  CREATE TEMP TRIGGER IF NOT EXISTS ticket_counts_update AFTER UPDATE ON main.tickets BEGIN
    INSERT INTO ticket_changes VALUES (-1, ${columns('old')}), (1, ${columns('new')});
  END;`;

/** Names a list (scope and filters, whatever its sort and page): counts and cached pages share it. */
export const countKey = (filters: TicketFilters, scope: Scope) => JSON.stringify([scope.mineOf ?? null, ...FILTER_PARAMS.map((name) => filters[name] ?? null)]);

/** The lists (by countKey) some change may show in, or 'all' when they can no longer be told apart. */
export type Touched = readonly string[] | 'all';
/** Lists are named when a write may have changed them, or when their count is forgotten (no later write will name them). */
export type TouchCause = 'written' | 'forgotten';

export function createTicketCounts(db: Db, countNow: (filters: TicketFilters, scope: Scope) => number, onTouched: (touched: Touched, cause: TouchCause) => void) {
  db.exec(TRIGGERS);
  const pending = db.prepare('SELECT count(*) AS n FROM ticket_changes');
  const changes = db.prepare('SELECT * FROM ticket_changes');
  const forget = db.prepare('DELETE FROM ticket_changes');
  const dataVersion = dataVersionReader(db);
  const entries = new Map<string, Entry>();
  const facts = createFactCounts(db);
  let seenVersion = dataVersion();

  function startAgain(): void {
    entries.clear();
    facts.forget();
    forget.run();
    onTouched('all', 'written');
  }

  /** Moves the kept counts by the changes written since the last read, and names the lists they touched. */
  function catchUp(): void {
    const version = dataVersion();
    // Another connection wrote (our triggers are this connection's only).
    if (version !== seenVersion) {
      seenVersion = version;
      return startAgain();
    }
    const waiting = Number((pending.get() as { n: number }).n);
    if (waiting === 0) return;
    // A mass write (a demo fill, a restore): reading the changes would cost more than recounting.
    if (waiting > CHANGES_READ_MAX || waiting * entries.size > DELTA_CHECKS_MAX) return startAgain();
    const written = changes.all() as unknown as Change[];
    forget.run();
    facts.apply(written);
    const touched: string[] = [];
    for (const [key, entry] of entries) {
      // A change of any text may change what a search finds, and the changes carry no due day: both are recounted.
      if (beyondFacts(entry.filters)) {
        entries.delete(key);
        touched.push(key);
        continue;
      }
      let hit = false;
      const matches = rowMatcher(entry.filters, entry.scope);
      for (const change of written) {
        if (!matches(change)) continue;
        entry.n += change.sign;
        hit = true;
      }
      if (hit) touched.push(key);
    }
    onTouched(touched, 'written');
  }

  return {
    /** Brings counts and cached lists up to date with every write so far; call before reading either. */
    catchUp(): void {
      // Inside a transaction the changes read here could still roll back.
      if (!db.isTransaction) catchUp();
    },

    /** The kept combinations a list's filters match (not a search's words), or undefined when SQL should look. */
    combinations(filters: TicketFilters, scope: Scope): Combination[] | undefined {
      return db.isTransaction || beyondFacts(filters) || filters.sla ? undefined : facts.matching(countKey(filters, scope), filters, scope);
    },

    /** `countCapped`: a search's count up to a cap, kept apart from exact counts (a later exact ask recounts). */
    count(filters: TicketFilters, scope: Scope, countCapped?: (filters: TicketFilters, scope: Scope) => number): number {
      const counter = countCapped ?? countNow;
      // A service-level state moves with time alone, which the ticket rows' triggers do not see: such counts are not kept here (sla_facts, kept by triggers on ticket_sla, answers them).
      if (db.isTransaction || filters.sla) return counter(filters, scope);
      catchUp();
      const key = countKey(filters, scope);
      const kept = entries.get(key);
      if (kept && Boolean(kept.capped) === Boolean(countCapped)) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.n;
      }
      entries.delete(key);
      const combinations = beyondFacts(filters) ? undefined : facts.matching(key, filters, scope);
      const n = combinations?.reduce((sum, combination) => sum + combination.n, 0) ?? counter(filters, scope);
      if (entries.size >= COUNTS_MAX) {
        // A list no longer followed can't be told it changed: its cached pages go with it.
        const oldest = entries.keys().next().value!;
        entries.delete(oldest);
        onTouched([oldest], 'forgotten');
      }
      entries.set(key, { filters, scope, n, ...(countCapped ? { capped: true } : {}) });
      return n;
    },
  };
}
