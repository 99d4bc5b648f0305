/**
 * The SQL behind the work queue (design.md#work-queue-api): filters, full-text search, keyset cursors and
 * sorts, each served by an index of migration 3 (the tests hold the query plans to that).
 */
import type { SQLInputValue } from 'node:sqlite';
import { EXTRA_SORTS, type ExtraSort, QUERY_MESSAGES, ticketIdFromSearch, type Sort, type TicketFilters, type TicketQuery } from '../../shared/index.ts';
import { invalid } from '../errors.ts';
import { conditions, dueCondition, FACTS, type Facts, type Scope } from './ticket-filters.ts';

/** More words than this add nothing to a search but cost. */
const SEARCH_MAX_WORDS = 8;
/**
 * A page walks its sort's index, skipping non-matches inside the index (migration 8 put every
 * filter column in it), when it reads at most this many entries: a walk that long is still quick.
 * A walk reads about limit × tickets / matches entries; fewer matches are found by their filter
 * index or the facet tokens and sorted, which stays cheap because they are few (figures:
 * bench/README.md).
 */
const WALK_ENTRIES_MAX = 20_000;
/**
 * Seeking one match through tickets_combination and sorting it costs about as much as walking
 * this many index entries: the ratio of the two measured costs (figures: bench/README.md).
 */
const SEEK_COST_IN_WALKED_ENTRIES = 7;

/** About how many index entries a page walk reads before it has found limit + 1 of the matches. */
export const walkEntries = (limit: number, matches: number, tickets: number) => ((limit + 1) * tickets) / matches;
/** Whether walking the sort's index finds a page sooner than letting SQLite collect the matches. */
export const walkPays = (entries: number) => entries <= WALK_ENTRIES_MAX;
/** Whether seeking the matches combination by combination reads less than walking would. */
export const seekPays = (entries: number, matches: number) => matches * SEEK_COST_IN_WALKED_ENTRIES < entries;

interface SortKey {
  columns: readonly string[];
  descending: boolean;
  index: string;
}

/** An extra field's sort: its `<sort>_rank` column puts tickets without a value last, ties by number. */
const rankColumn = (sort: string) => `${sort}_rank`;

const EXTRA_SORT_KEYS = Object.fromEntries<SortKey>(
  EXTRA_SORTS.map(({ name }) => [name, { columns: [rankColumn(name), 'id'], descending: false, index: `tickets_${name}` }]),
) as Record<ExtraSort, SortKey>;

const SORT_KEYS: Record<Sort, SortKey> = {
  newest: { columns: ['created_at', 'id'], descending: true, index: 'tickets_newest' },
  oldest: { columns: ['created_at', 'id'], descending: false, index: 'tickets_newest' },
  priority: { columns: ['priority_rank', 'created_at', 'id'], descending: true, index: 'tickets_priority' },
  updated: { columns: ['updated_at', 'id'], descending: true, index: 'tickets_updated' },
  ...EXTRA_SORT_KEYS,
};
const EXTRA_RANKS = EXTRA_SORTS.map(({ name }) => rankColumn(name));

/** As migration 3's generated priority_rank column computes it. */
const PRIORITY_RANK = { high: 3, medium: 2, low: 1 } as const;

/** Sort key columns holding text; the others hold whole numbers. */
const TEXT_KEYS = new Set(['created_at', 'updated_at', ...EXTRA_RANKS]);

export interface Sql {
  text: string;
  params: SQLInputValue[];
}

interface Clauses {
  clauses: string[];
  params: SQLInputValue[];
}

/** The columns a search's words are looked for in (the facets column holds the filters' tokens). */
export const SEARCHED_COLUMNS = ['number', 'title', 'description', 'created_by', 'developer_name', 'category', 'service'] as const;
const TEXT_COLUMNS = `{${SEARCHED_COLUMNS.join(' ')}}`;

/** The words of a search that count. */
export const searchWords = (q: string): string[] => (q.match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);

/** Each word a prefix, all of them required; quotes keep FTS5 syntax out of what people type. */
export function ftsQuery(q: string): string {
  return searchWords(q).map((word) => `"${word}"*`).join(' ');
}

/**
 * A page's text condition other than the default (ftsQuery(q), every match collected first):
 * `words` stand for ftsQuery(q) (the same matches); `rowids` limits the collected matches to that
 * range of ticket ids, which FTS5 seeks to in each word's doclist (whole words only: a prefix is
 * merged in full first). Bigints: FTS5 ignores a rowid bound given as a float (node binds numbers so).
 * `ids`: the matches are already known, these tickets (search-check.ts found them among a walk's
 * candidates), and tickets_fts is not read.
 */
export interface TextCheck {
  words: string;
  rowids?: [bigint, bigint];
  ids?: readonly number[];
}

/**
 * The whole search as one FTS5 query: the words in the text columns, and each filter as its
 * facet tokens (see migration 3), so the FTS index alone can count what matches.
 */
export function ftsMatch(words: string, filters: TicketFilters, scope: Scope): string {
  const facet = (tokens: readonly string[]) => `facets : (${tokens.map((token) => `"${token}"`).join(' OR ')})`;
  const parts = words ? [`${TEXT_COLUMNS} : (${words})`] : [];
  for (const { tokens } of conditions(filters, scope)) parts.push(facet(tokens));
  return parts.join(' AND ');
}

/**
 * The service-level filter (design.md#service-levels) is a condition of its own, not one of the filter
 * table's: the state moves with time alone, so it is in neither the facet tokens nor the kept
 * combinations. The states live in their narrow table (migration 16), indexed by state then ticket id.
 * A walk of a sort's index checks each candidate by one seek of that table (it stops at the page's
 * end); a page of few matches reads the tickets in those states from the state index and seeks them
 * by id. Counts, but a search's, are kept per state and combination by triggers (sla_facts).
 */
function slaClause(filters: TicketFilters, walk: boolean): string | undefined {
  if (!filters.sla?.length) return undefined;
  const states = `sla_state IN (${filters.sla.map(() => '?').join(', ')})`;
  return walk
    ? `EXISTS (SELECT 1 FROM ticket_sla WHERE ticket_sla.ticket_id = tickets.id AND ${states})`
    : `id IN (SELECT ticket_id FROM ticket_sla WHERE ${states})`;
}

export function filterSql(filters: TicketFilters, scope: Scope, walk = false, text?: TextCheck): Clauses {
  const found = conditions(filters, scope);
  const sql: Clauses = { clauses: found.map((condition) => condition.clause), params: found.flatMap((condition) => condition.params) };
  const sla = slaClause(filters, walk);
  if (sla) {
    sql.clauses.push(sla);
    sql.params.push(...filters.sla!);
  }
  const due = dueCondition(filters);
  if (due) {
    sql.clauses.push(due.clause);
    sql.params.push(...due.params);
  }
  if (filters.q) {
    const words = text?.words ?? ftsQuery(filters.q);
    const match = words && ftsMatch(words, filters, scope);
    const id = ticketIdFromSearch(filters.q);
    const inRange = text?.rowids ? ' AND rowid >= ? AND rowid <= ?' : '';
    const known = match && text?.ids;
    const byText = known ? 'id IN (SELECT value FROM json_each(?))' : match ? `id IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ?${inRange})` : '';
    const byNumber = id !== undefined ? 'id = ?' : '';
    const either = [byText, byNumber].filter(Boolean);
    sql.clauses.push(either.length ? `(${either.join(' OR ')})` : '0');
    sql.params.push(...(known ? [JSON.stringify(known)] : match ? [match, ...(text?.rowids ?? [])] : []), ...(id !== undefined ? [id] : []));
  }
  return sql;
}

/** How many of scope and the filters (not q) constrain the tickets. */
export const constraints = (filters: TicketFilters, scope: Scope) => conditions(filters, scope).length;

export const whereOf = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');

/** The cursor names its sort, so a cursor from another sort is refused rather than misread. */
export function encodeCursor(sort: Sort, row: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify([sort, ...SORT_KEYS[sort].columns.map((column) => row[column])])).toString('base64url');
}

function decodeCursor(sort: Sort, cursor: string): SQLInputValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const columns = SORT_KEYS[sort].columns;
  const fits =
    Array.isArray(values) &&
    values.length === columns.length + 1 &&
    values[0] === sort &&
    columns.every((column, i) => (TEXT_KEYS.has(column) ? typeof values[i + 1] === 'string' : Number.isSafeInteger(values[i + 1])));
  if (!fits) throw invalid({ cursor: QUERY_MESSAGES.cursor });
  return (values as SQLInputValue[]).slice(1);
}

/** The sort's key columns, in order: a row of them is where a walk may stop. */
export const sortKeys = (query: TicketQuery): readonly string[] => SORT_KEYS[query.sort ?? 'newest'].columns;

/**
 * One page's rows, limit + 1 of them so the caller knows whether another page follows.
 * `walk`: read the sort's index in order, skipping non-matches (many matches), or let SQLite
 * collect the matches by their filter index and sort them (few matches). `text`: see TextCheck;
 * `stopAt`: the walk reads no further than this row of sort keys (included).
 */
export function pageSql(query: TicketQuery, scope: Scope, columns: string, limit: number, walk: boolean, text?: TextCheck, stopAt?: SQLInputValue[]): Sql {
  const sort = query.sort ?? 'newest';
  const { columns: keys, descending, index } = SORT_KEYS[sort];
  const sql = filterSql(query, scope, walk, text);
  if (stopAt) {
    sql.clauses.push(`(${keys.join(', ')}) ${descending ? '>=' : '<='} (${keys.map(() => '?').join(', ')})`);
    sql.params.push(...stopAt);
  }
  // Few matches of several filters: let the facet index name them, rather than one filter's
  // index reading thousands of rows to check the others (a search already has its FTS clause).
  if (!walk && !query.q && constraints(query, scope) >= 2) {
    sql.clauses.push('id IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ?)');
    sql.params.push(ftsMatch('', query, scope));
  }
  // Sorting by priority with a priority filter: start the walk inside the wanted ranks.
  if (sort === 'priority' && query.priority?.length) {
    sql.clauses.push(`priority_rank IN (${query.priority.map(() => '?').join(', ')})`);
    sql.params.push(...query.priority.map((priority) => PRIORITY_RANK[priority]));
  }
  if (query.cursor) {
    sql.clauses.push(`(${keys.join(', ')}) ${descending ? '<' : '>'} (${keys.map(() => '?').join(', ')})`);
    sql.params.push(...decodeCursor(sort, query.cursor));
  }
  const order = keys.map((key) => `${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');
  const from = walk ? `tickets INDEXED BY ${index}` : 'tickets';
  return { text: `SELECT ${[columns, 'priority_rank', ...EXTRA_RANKS].join(', ')} FROM ${from} ${whereOf(sql.clauses)} ORDER BY ${order} LIMIT ?`, params: [...sql.params, limit + 1] };
}

/**
 * One page of a narrow list (few matches), from the combinations of filter values it matches
 * (ticket-facts.ts): an index seek per combination reads just the matches' index entries, and
 * only the page's rows are read whole.
 */
export function combinationPageSql(query: TicketQuery, combinations: readonly Facts[], columns: string, limit: number): Sql {
  const sort = query.sort ?? 'newest';
  const { columns: keys, descending } = SORT_KEYS[sort];
  // IS, not =: "no account" (null) is a value to seek too.
  const seek = FACTS.map((column, i) => `t.${column} IS c.value->>${i}`);
  const params: SQLInputValue[] = [JSON.stringify(combinations.map((combination) => FACTS.map((column) => combination[column])))];
  if (query.cursor) {
    seek.push(`(${keys.map((key) => `t.${key}`).join(', ')}) ${descending ? '<' : '>'} (${keys.map(() => '?').join(', ')})`);
    params.push(...decodeCursor(sort, query.cursor));
  }
  const order = (prefix: string) => keys.map((key) => `${prefix}${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');
  const page = `SELECT t.id FROM json_each(?) AS c CROSS JOIN tickets AS t INDEXED BY tickets_combination WHERE ${seek.join(' AND ')} ORDER BY ${order('t.')} LIMIT ?`;
  return {
    text: `SELECT ${[columns, 'priority_rank', ...EXTRA_RANKS].join(', ')} FROM tickets WHERE id IN (${page}) ORDER BY ${order('')}`,
    params: [...params, limit + 1],
  };
}
