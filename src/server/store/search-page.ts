/**
 * The first pages of a search for a common word (more matches than SEARCH_COUNT_CAP;
 * docs/design.md#work-queue-api). Collecting every match before the page's walk sets aside
 * 600,000 ids at 1,000,000 tickets (and merges a prefix's words in full first). Here the walk is
 * bounded to the first candidates the filters let through, and only their matches are collected:
 * - candidates whose ids lie close (newest, oldest, priority): the first 800, then 8,000; the
 *   matches among their ids' range, with the prefixes read as their whole words (search-terms.ts):
 *   FTS5 seeks to the range in each word's doclist;
 * - candidates whose ids lie far apart (by update, by due date), or a prefix of many words: four
 *   pages' worth of them, then sixteen, each checked on an index of their own text (search-check.ts).
 * A word that common fills the page from those candidates; should it not, the page is asked the
 * usual way. Either way the rows and their order are those of the usual way.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { TicketQuery } from '../../shared/index.ts';
import { ftsQuery, pageSql, sortKeys, type Sql } from './queue-sql.ts';
import type { SearchCheck } from './search-check.ts';
import type { SearchTerms } from './search-terms.ts';
import type { Scope } from './ticket-filters.ts';

/** The bounded walk's candidates, tried in turn: a word on one ticket in ten fills a page of 50 from the first. */
const CANDIDATE_WINDOWS = [800, 8_000];
/** Candidates' ids further apart than this collect about as many matches as the usual way. */
const ID_SPAN_MAX = 20_000;
/**
 * Candidates checked one by one, in pages' worth (limit + 1): a word on one ticket in four fills
 * the page from the first, one in sixteen from the second; rarer, the usual way collects at most
 * a sixteenth of the tickets, which costs about what checking more would.
 */
const CHECKED_WINDOWS_IN_PAGES = [4, 16];
/** The text checked at once at most (about 15 ms to index on the shared machine): long descriptions stop a window early. */
const CHECKED_CHARS_MAX = 500_000;
const CHARS = 'coalesce(length(title), 0) + coalesce(length(description), 0) AS chars';

type Rows = Record<string, unknown>[];

interface PageAsk {
  all: (sql: Sql) => Rows;
  query: TicketQuery;
  scope: Scope;
  columns: string;
  limit: number;
}

/** The filters' candidates (not the text's), in the page's order, read from the sort's index (with `extra` columns). */
const candidatesSql = ({ query, scope }: PageAsk, window: number, extra: string[] = []) =>
  pageSql({ ...query, q: undefined }, scope, ['id', ...sortKeys(query), ...extra].join(', '), window - 1, true);

/** The keys of a walk's last row: the page's walk reads no further. */
const stopAt = (query: TicketQuery, row: Record<string, unknown>) => sortKeys(query).map((key) => row[key] as SQLInputValue);

/** `whole`: the search's words with their prefixes as whole words (SearchTerms.wholeWords). */
export function commonWordPage(ask: PageAsk, check: SearchCheck, whole: ReturnType<SearchTerms['wholeWords']>): Rows {
  const { all, query, scope, columns, limit } = ask;
  const { query: words, seekable } = whole;
  // Every match collected, the whole words' doclists read in turn rather than merged first (about half the time).
  const usual = () => all(pageSql(query, scope, columns, limit, true, words ? { words } : undefined));
  if (!words) return usual();
  for (const window of CANDIDATE_WINDOWS) {
    const walk = candidatesSql(ask, window);
    const span = all({ text: `SELECT min(id) AS low, max(id) AS high, count(*) AS n FROM (${walk.text})`, params: walk.params })[0]!;
    const [low, high, candidates] = [Number(span.low), Number(span.high), Number(span.n)];
    if (candidates === 0) return usual();
    if (!seekable || high - low > ID_SPAN_MAX) return checkedPage(ask, check, words) ?? usual();
    // The walk stops at the last candidate; with fewer than the window, there is none past them.
    const last = candidates === window ? all({ text: `SELECT * FROM (${walk.text}) LIMIT 1 OFFSET ${window - 1}`, params: walk.params })[0] : undefined;
    const rows = all(pageSql(query, scope, columns, limit, true, { words, rowids: [BigInt(low), BigInt(high)] }, last && stopAt(query, last)));
    if (rows.length > limit || !last) return rows;
  }
  return usual();
}

/** The page from its first candidates, each checked by search-check.ts; undefined when they do not fill it. */
function checkedPage(ask: PageAsk, check: SearchCheck, words: string): Rows | undefined {
  const { all, query, scope, columns, limit } = ask;
  for (const [i, pages] of CHECKED_WINDOWS_IN_PAGES.entries()) {
    const window = pages * (limit + 1);
    const walked = all(candidatesSql(ask, window, [CHARS]));
    let chars = 0;
    let kept = 0;
    while (kept < walked.length && (kept === 0 || chars + Number(walked[kept]!.chars) <= CHECKED_CHARS_MAX)) chars += Number(walked[kept++]!.chars);
    const candidates = walked.slice(0, kept);
    // With fewer than the window walked, there is no candidate past them.
    const past = kept < walked.length || walked.length === window;
    const matched = check.matching(candidates.map((row) => Number(row.id)), ftsQuery(query.q ?? ''));
    if (!matched) return undefined;
    const last = candidates.at(-1);
    const rows = all(pageSql(query, scope, columns, limit, true, { words, ids: matched }, past && last ? stopAt(query, last) : undefined));
    if (rows.length > limit || !past) return rows;
    // The text's limit cut this window short: a larger one would check no more.
    if (kept < walked.length) return undefined;
    // A word this rare among them would likely not fill the page from the next window either.
    const next = CHECKED_WINDOWS_IN_PAGES[i + 1];
    if (next && (matched.length / kept) * next * (limit + 1) <= limit) return undefined;
  }
  return undefined;
}
