/**
 * Counts for any filter combination without reading the matching tickets. Migration 8's
 * ticket_facts holds how many tickets share each combination of the filterable columns; this
 * keeps a copy in memory, moved by the same changes that move the kept counts, so counting a
 * never-seen filter sums a few thousand combinations where the SQL count read thousands of
 * index entries (figure: bench/README.md).
 */
import type { TicketFilters } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { FACTS, filterConditions, rowMatcher, type Fact, type Facts, type Scope } from './ticket-filters.ts';

/**
 * Past this many combinations (a very large staff and catalogue), summing them costs about what
 * the SQL count does, so counts go back to SQL rather than hold them all.
 */
const COMBINATIONS_MAX = 100_000;

/** A ticket row a write added (+1) or removed (-1); a change is one of each. */
export interface Change extends Facts {
  sign: 1 | -1;
}
/** Tickets sharing one value of every filterable column. */
export interface Combination extends Facts {
  n: number;
}

const keyOf = (row: Facts) => FACTS.map((fact) => row[fact]).join('|');
const valueKey = (fact: Fact, value: unknown) => `${fact}=${value}`;

export function createFactCounts(db: Db) {
  const read = db.prepare('SELECT * FROM ticket_facts LIMIT ?');
  /** undefined: not read yet; null: too many to be worth it. */
  let combinations: Map<string, Combination> | null | undefined;
  /** Each fact's value → the combinations holding it: a filter looks only at its narrowest fact's. */
  const byValue = new Map<string, Set<Combination>>();
  /** A first page asks twice, for its total and for its rows: the second asking is free. */
  let last: { list: string; found: Combination[] } | undefined;

  function file(combination: Combination, present: boolean): void {
    for (const fact of FACTS) {
      const key = valueKey(fact, combination[fact]);
      const holding = byValue.get(key);
      if (present && holding) holding.add(combination);
      else if (present) byValue.set(key, new Set([combination]));
      // A value no combination holds any longer (a deleted account) leaves nothing behind.
      else if (holding?.delete(combination) && holding.size === 0) byValue.delete(key);
    }
  }

  function loaded(): Map<string, Combination> | null {
    if (combinations !== undefined) return combinations;
    byValue.clear();
    const rows = read.all(COMBINATIONS_MAX + 1) as unknown as Combination[];
    if (rows.length > COMBINATIONS_MAX) return (combinations = null);
    // The table stores "no account" as 0, so it can be part of the key; filters see null.
    const all = rows.map((row) => ({ ...row, created_by_id: row.created_by_id || null, developer_id: row.developer_id || null }));
    for (const combination of all) file(combination, true);
    return (combinations = new Map(all.map((row) => [keyOf(row), row])));
  }

  /** The combinations of the filter's narrowest fact (values of one fact never share one). */
  function candidates(all: Map<string, Combination>, filters: TicketFilters): Iterable<Combination>[] {
    let narrowest: Iterable<Combination>[] = [all.values()];
    let size = all.size;
    for (const { fact, values } of filterConditions(filters)) {
      const holding = values.map((value) => byValue.get(valueKey(fact, value)) ?? new Set<Combination>());
      const n = holding.reduce((sum, set) => sum + set.size, 0);
      if (n < size) [narrowest, size] = [holding, n];
    }
    return narrowest;
  }

  return {
    /** The combinations the filters match, or undefined when SQL should answer; `list` names filters and scope together. */
    matching(list: string, filters: TicketFilters, scope: Scope): Combination[] | undefined {
      const all = loaded();
      if (!all) return undefined;
      if (last?.list === list) return last.found;
      const found: Combination[] = [];
      const matches = rowMatcher(filters, scope);
      for (const holding of candidates(all, filters)) for (const combination of holding) if (matches(combination)) found.push(combination);
      last = { list, found };
      return found;
    },

    /** Moves the copy by committed changes; a copy not read yet is read whole when needed. */
    apply(changes: readonly Change[]): void {
      last = undefined;
      if (!combinations) return;
      for (const change of changes) {
        const { sign, ...facts } = change;
        const key = keyOf(facts);
        let combination = combinations.get(key);
        if (!combination) {
          combinations.set(key, (combination = { ...facts, n: 0 }));
          file(combination, true);
        }
        combination.n += sign;
        if (combination.n === 0) {
          combinations.delete(key);
          file(combination, false);
        }
      }
      if (combinations.size > COMBINATIONS_MAX) {
        combinations = null;
        byValue.clear();
      }
    },

    /** Reads the table again when next needed (another connection wrote, or a mass write). */
    forget(): void {
      combinations = undefined;
      last = undefined;
    },
  };
}
