/**
 * The work queue's reads (design.md#work-queue-api): one keyset page, the counts behind tiles and chips, and
 * batches for the CSV export. The SQL itself is in queue-sql.ts.
 */
import type { StatementSync } from 'node:sqlite';
import { LIST_DESCRIPTION_CHARS, PAGE_SIZE, SEARCH_COUNT_CAP, SLA_FILTERS, STATUSES, type TicketFilters, type TicketPage, type TicketQuery, type TicketStats } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { combinationPageSql, encodeCursor, pageSql, searchWords, seekPays, walkEntries, walkPays, type Sql } from './queue-sql.ts';
import { countSql } from './queue-count-sql.ts';
import { createSearchCheck } from './search-check.ts';
import { commonWordPage } from './search-page.ts';
import { createSearchTerms, type SearchTerms } from './search-terms.ts';
import { LIST_COLUMNS, toTicket, type TicketRow } from './ticket-json.ts';
import { countKey, createTicketCounts, type TouchCause, type Touched } from './ticket-counts.ts';
import type { Scope } from './ticket-filters.ts';

export type { Scope } from './ticket-filters.ts';

/** Distinct SQL shapes are few (filters present × sort); the cap only guards against surprises. */
const STATEMENT_CACHE_MAX = 256;
const EXPORT_BATCH = 500;
/** Unassigned counts open work only: a closed ticket nobody took is not waiting for anyone. */
const OPEN_WORK = ['opened', 'assigned'] as const;
const PAGE_COLUMNS = LIST_COLUMNS.replace('description', `substr(description, 1, ${LIST_DESCRIPTION_CHARS}) AS description`);

export type TicketQueue = ReturnType<typeof createTicketQueue>;

/** `onTouched` hears which lists (by `listKey`) the writes since the last read may have changed. */
export function createTicketQueue(db: Db, onTouched: (touched: Touched, cause: TouchCause) => void = () => {}) {
  const statements = new Map<string, StatementSync>();
  function prepare(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value!);
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  const all = (sql: Sql) => prepare(sql.text).all(...sql.params) as Record<string, unknown>[];
  const counts = createTicketCounts(db, (filters, scope) => Number(all(countSql(filters, scope))[0]!.n), onTouched);
  const count = counts.count;
  const countToCap = (filters: TicketFilters, scope: Scope, prefixes: string) => Number(all(countSql(filters, scope, SEARCH_COUNT_CAP, prefixes))[0]!.n);
  const searchTerms = createSearchTerms(db);
  const searchCheck = createSearchCheck(db);

  /** Seeks the matching combinations when matches are few; otherwise walks the sort's index, or lets SQLite collect the matches. */
  function pageStatement(query: TicketQuery, scope: Scope, limit: number, total: number): Sql {
    const entries = walkEntries(limit, total, count({}, {}));
    const combinations = seekPays(entries, total) ? counts.combinations(query, scope) : undefined;
    if (combinations) return combinationPageSql(query, combinations, PAGE_COLUMNS, limit);
    return pageSql(query, scope, PAGE_COLUMNS, limit, walkPays(entries));
  }

  return {
    catchUp: counts.catchUp,
    listKey: countKey,

    page(query: TicketQuery, scope: Scope = {}): TicketPage {
      const limit = query.limit ?? PAGE_SIZE.default;
      // A search counts to the cap only: a word most tickets hold stops there (recounted after every write).
      const searched = query.q !== undefined;
      // Looked up in the index's vocabulary only when asked (not for a count kept since the last write), once a page.
      let whole: ReturnType<SearchTerms['wholeWords']> | undefined;
      const wholeWords = () => (whole ??= searchTerms.wholeWords(searchWords(query.q ?? '')));
      const counted = searched ? count(query, scope, (filters, within) => countToCap(filters, within, wholeWords().query)) : count(query, scope);
      const capped = searched && counted > SEARCH_COUNT_CAP;
      const total = capped ? SEARCH_COUNT_CAP : counted;
      const rows = total === 0 ? [] : capped ? commonWordPage({ all, query, scope, columns: PAGE_COLUMNS, limit }, searchCheck, wholeWords()) : all(pageStatement(query, scope, limit, total));
      const more = rows.length > limit;
      const shown = more ? rows.slice(0, limit) : rows;
      const last = shown.at(-1);
      return {
        list: shown.map((row) => toTicket(row as unknown as TicketRow)),
        next_cursor: more && last ? encodeCursor(query.sort ?? 'newest', last) : null,
        total,
        ...(capped ? { total_capped: true as const } : {}),
      };
    },

    stats(filters: TicketFilters, scope: Scope = {}): TicketStats {
      // One count per status, each answered by an index alone, beats one pass over every row.
      const status = Object.fromEntries(
        STATUSES.map((s) => [s, !filters.status || filters.status.includes(s) ? count({ ...filters, status: [s] }, scope) : 0]),
      ) as TicketStats['status'];
      const open = OPEN_WORK.filter((s) => !filters.status || filters.status.includes(s));
      const anyUnassigned = open.length > 0 && (filters.developer_id === undefined || filters.developer_id === 'none');
      const unassigned = anyUnassigned ? count({ ...filters, developer_id: 'none', status: open }, scope) : 0;
      const sla = Object.fromEntries(SLA_FILTERS.map((state) => [state, !filters.sla || filters.sla.includes(state) ? count({ ...filters, sla: [state] }, scope) : 0])) as TicketStats['sla'];
      return { total: Object.values(status).reduce((a, b) => a + b, 0), status, unassigned, sla };
    },

    /** Every matching ticket, full text, in batches walked by cursor: memory stays flat at any size. */
    *exportRows(query: TicketQuery, scope: Scope = {}): Generator<TicketRow[]> {
      let cursor: string | undefined;
      const sort = query.sort ?? 'newest';
      do {
        const rows = all(pageSql({ ...query, cursor }, scope, LIST_COLUMNS, EXPORT_BATCH, true));
        const batch = rows.slice(0, EXPORT_BATCH);
        yield batch as unknown as TicketRow[];
        cursor = rows.length > EXPORT_BATCH ? encodeCursor(sort, batch.at(-1)!) : undefined;
      } while (cursor);
    },

    /** EXPLAIN QUERY PLAN of a page's statements, every way of reading it: the tests hold every filter and sort to an index. */
    plan(query: TicketQuery, scope: Scope = {}): string[] {
      const explain = (sql: Sql) => (db.prepare(`EXPLAIN QUERY PLAN ${sql.text}`).all(...sql.params) as { detail: string }[]).map((row) => row.detail);
      const seek = query.q || query.due_before ? [] : explain(combinationPageSql(query, counts.combinations(query, scope) ?? [], PAGE_COLUMNS, 1));
      return [true, false].flatMap((walk) => explain(pageSql(query, scope, PAGE_COLUMNS, 1, walk))).concat(explain(countSql(query, scope)), seek);
    },
  };
}
