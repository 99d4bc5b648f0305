/**
 * The first pages of a search for a common word (more matches than SEARCH_COUNT_CAP;
 * docs/design.md#work-queue-api). Collecting every match before the page's walk sets aside
 * 600,000 ids at 1,000,000 tickets (and merges a prefix's words in full first). Here the walk is
 * bounded to the first candidates the filters let through (800, then 8,000), and only the matches
 * among their ids' range are collected, with the prefixes read as their whole words (search-terms.ts): FTS5 seeks
 * to the range in each word's doclist. A word that common fills the page from those candidates;
 * should it not, or should their ids lie far apart (another sort than by creation), the page is
 * asked the usual way. Either way the rows and their order are those of the usual way.
 */
import type { TicketQuery } from '../../shared/index.ts';
import { pageSql, sortKeys, type Sql } from './queue-sql.ts';
import type { SearchTerms } from './search-terms.ts';
import type { Scope } from './ticket-filters.ts';

/** The bounded walk's candidates, tried in turn: a word on one ticket in ten fills a page of 50 from the first. */
const CANDIDATE_WINDOWS = [800, 8_000];
/** Candidates' ids further apart than this collect about as many matches as the usual way. */
const ID_SPAN_MAX = 20_000;

type Rows = Record<string, unknown>[];

/** `whole`: the search's words with their prefixes as whole words (SearchTerms.wholeWords). */
export function commonWordPage(all: (sql: Sql) => Rows, whole: ReturnType<SearchTerms['wholeWords']>, query: TicketQuery, scope: Scope, columns: string, limit: number): Rows {
  const { query: words, seekable } = whole;
  // Every match collected, the whole words' doclists read in turn rather than merged first (about half the time).
  const usual = () => all(pageSql(query, scope, columns, limit, true, words ? { words } : undefined));
  if (!words || !seekable) return usual();
  const keys = sortKeys(query);
  for (const window of CANDIDATE_WINDOWS) {
    // The filters' candidates (not the text's), in the page's order, read from the sort's index alone.
    const walk = pageSql({ ...query, q: undefined }, scope, ['id', ...keys].join(', '), window - 1, true);
    const span = all({ text: `SELECT min(id) AS low, max(id) AS high, count(*) AS n FROM (${walk.text})`, params: walk.params })[0]!;
    const [low, high, candidates] = [Number(span.low), Number(span.high), Number(span.n)];
    if (candidates === 0 || high - low > ID_SPAN_MAX) return usual();
    // The walk stops at the last candidate; with fewer than the window, there is none past them.
    const last = candidates === window ? all({ text: `SELECT ${keys.join(', ')} FROM (${walk.text}) LIMIT 1 OFFSET ${window - 1}`, params: walk.params })[0] : undefined;
    const stopAt = last && keys.map((key) => last[key] as string | number);
    const rows = all(pageSql(query, scope, columns, limit, true, { words, rowids: [BigInt(low), BigInt(high)] }, stopAt));
    if (rows.length > limit || !last) return rows;
  }
  return usual();
}
