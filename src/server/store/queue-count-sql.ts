/**
 * How many tickets a list holds: the SQL of its count (design.md#work-queue-api), beside the
 * page's SQL in queue-sql.ts, choosing between the search index's facet tokens, the kept
 * per-state counts of service levels and the tickets themselves.
 */
import { ticketIdFromSearch, type TicketFilters } from '../../shared/index.ts';
import { constraints, filterSql, ftsMatch, ftsQuery, whereOf, type Sql } from './queue-sql.ts';
import { conditions, type Scope } from './ticket-filters.ts';

/** sla_facts as the filter clauses read it: 0 is no account (its primary key holds no null). */
const SLA_FACTS = `(SELECT sla_state, status, app, priority, category_id, service_id, nullif(created_by_id, 0) AS created_by_id,
  nullif(developer_id, 0) AS developer_id, n FROM sla_facts)`;

/**
 * How many tickets match. A table index serves one constraint well; for a text search (not a
 * number) or two constraints and more, intersecting facet tokens in the FTS index is far faster
 * than checking the rows one by one.
 */
export function countSql(filters: TicketFilters, scope: Scope, cap?: number, prefixes?: string): Sql {
  const words = filters.q ? ftsQuery(filters.q) : '';
  const byNumber = filters.q !== undefined && ticketIdFromSearch(filters.q) !== undefined;
  // The facet tokens know no service-level state nor due day: those are counted over their own index.
  const facetsAnswer = !filters.sla?.length && filters.due_before === undefined;
  if (!byNumber && facetsAnswer && (words || (!filters.q && constraints(filters, scope) >= 2))) {
    // Capped: counting stops at cap + 1 matches, which says "more than cap". A prefix query merges
    // every word it may stand for before the first match; the whole words alone are read match by
    // match and find fewer, so when they reach the cap already the prefixes are never merged.
    // `prefixes`: the same words with prefixes as their whole words (search-terms.ts), read match by match too.
    if (cap !== undefined && words) {
      const upTo = 'SELECT count(*) FROM (SELECT 1 FROM tickets_fts WHERE tickets_fts MATCH ? LIMIT ?)';
      return {
        text: `SELECT CASE WHEN (${upTo}) > ? THEN ? ELSE (${upTo}) END AS n`,
        params: [ftsMatch(words.replaceAll('"*', '"'), filters, scope), cap + 1, cap, cap + 1, ftsMatch(prefixes ?? words, filters, scope), cap + 1],
      };
    }
    return { text: 'SELECT count(*) AS n FROM tickets_fts WHERE tickets_fts MATCH ?', params: [ftsMatch(words, filters, scope)] };
  }
  if (filters.sla?.length && !filters.q && filters.due_before === undefined) {
    // Kept per state and combination of filter values by triggers (migration 16): the rows of those states.
    // They know no due day, so a list with one is counted over the tickets below.
    const found = conditions(filters, scope);
    const states = `sla_state IN (${filters.sla.map(() => '?').join(', ')})`;
    return {
      text: `SELECT coalesce(sum(n), 0) AS n FROM ${SLA_FACTS} ${whereOf([states, ...found.map((condition) => condition.clause)])}`,
      params: [...filters.sla, ...found.flatMap((condition) => condition.params)],
    };
  }
  // A search or a due day: its candidates each checked by one seek of the state index (the IN form would first copy
  // every ticket in the states, 86,000 breached at 100,000, aside).
  const sql = filterSql(filters, scope, true);
  return { text: `SELECT count(*) AS n FROM tickets ${whereOf(sql.clauses)}`, params: sql.params };
}
