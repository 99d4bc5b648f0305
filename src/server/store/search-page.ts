/**
 * The first pages of a search for a common word (more matches than SEARCH_COUNT_CAP;
 * docs/design.md#work-queue-api). Collecting every match before the page's walk sets aside
 * 600,000 ids at 1,000,000 tickets; here the walk checks its candidates one by one in the FTS
 * index, with the prefixes read as their whole words (search-terms.ts), and stops after a bounded
 * number of candidates: a word that common fills the page long before. Should it not, the page is
 * asked the usual way. Either way the rows and their order are those of the usual way.
 */
import type { TicketQuery } from '../../shared/index.ts';
import { pageSql, searchWords, sortKeys, type Sql } from './queue-sql.ts';
import type { SearchTerms } from './search-terms.ts';
import type { Scope } from './ticket-filters.ts';

/** Candidates checked one by one (each a seek of the FTS index) before the matches are collected instead. */
const CHECKED_CANDIDATES_MAX = 400;

type Rows = Record<string, unknown>[];

export function commonWordPage(all: (sql: Sql) => Rows, terms: SearchTerms, query: TicketQuery, scope: Scope, columns: string, limit: number): Rows {
  const { query: words, seekable } = terms.wholeWords(searchWords(query.q ?? ''));
  if (!words || !seekable) return all(pageSql(query, scope, columns, limit, true));
  const keys = sortKeys(query);
  // Where the walk stops: the sort keys of the last candidate it may check (the filters', not the text's).
  const candidates = all(pageSql({ ...query, q: undefined }, scope, keys.join(', '), CHECKED_CANDIDATES_MAX - 1, true));
  const last = candidates.length === CHECKED_CANDIDATES_MAX ? candidates.at(-1) : undefined;
  const rows = all(pageSql(query, scope, columns, limit, true, { words, each: true }, last && keys.map((key) => last[key] as string | number)));
  if (rows.length > limit || !last) return rows;
  return all(pageSql(query, scope, columns, limit, true));
}
