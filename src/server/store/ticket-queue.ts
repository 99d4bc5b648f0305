/**
 * The work queue's reads (DESIGN §9.1): one keyset page, the counts behind tiles and chips, and
 * batches for the CSV export. Every filter and sort is served by an index (migration 3); the
 * tests hold the query plans to that.
 */
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import {
  LIST_DESCRIPTION_CHARS,
  PAGE_SIZE,
  QUERY_MESSAGES,
  STATUSES,
  ticketIdFromSearch,
  type Sort,
  type TicketFilters,
  type TicketPage,
  type TicketQuery,
  type TicketStats,
} from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { LIST_COLUMNS, toTicket, type TicketRow } from './ticket-json.ts';

/** Distinct SQL shapes are few (filters present × sort); the cap only guards against surprises. */
const STATEMENT_CACHE_MAX = 256;
/** More words than this add nothing to a search but cost. */
const SEARCH_MAX_WORDS = 8;
const EXPORT_BATCH = 500;
/** Unassigned counts open work only: a closed ticket nobody took is not waiting for anyone. */
const OPEN_WORK = ['opened', 'assigned'] as const;
/**
 * Past this many matches, walking the sort's index and skipping non-matches finds a page sooner
 * than collecting every match and sorting it: the walk reads about limit × rows / matches rows,
 * the sort reads all the matches. SQLite's planner can't know the match count; we just counted.
 */
const WALK_SORT_INDEX_ABOVE = 2_000;

interface SortKey {
  columns: readonly string[];
  descending: boolean;
  index: string;
}

const SORT_KEYS: Record<Sort, SortKey> = {
  newest: { columns: ['created_at', 'id'], descending: true, index: 'tickets_newest' },
  oldest: { columns: ['created_at', 'id'], descending: false, index: 'tickets_newest' },
  priority: { columns: ['priority_rank', 'created_at', 'id'], descending: true, index: 'tickets_priority' },
  updated: { columns: ['updated_at', 'id'], descending: true, index: 'tickets_updated' },
};

/** Whose tickets: everyone's (/tickets) or one user's, created or assigned (/tickets/myTickets). */
export interface Scope {
  mineOf?: number;
}

interface Sql {
  clauses: string[];
  params: SQLInputValue[];
}

/** Each word a prefix, all of them required; quotes keep FTS5 syntax out of what people type. */
export function ftsQuery(q: string): string {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, SEARCH_MAX_WORDS).map((word) => `"${word}"*`).join(' ');
}

function filterSql(filters: TicketFilters, scope: Scope): Sql {
  const sql: Sql = { clauses: [], params: [] };
  const add = (clause: string, ...params: SQLInputValue[]) => {
    sql.clauses.push(clause);
    sql.params.push(...params);
  };
  const anyOf = (column: string, values: readonly string[]) => add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  if (scope.mineOf !== undefined) add('(created_by_id = ? OR developer_id = ?)', scope.mineOf, scope.mineOf);
  if (filters.status?.length) anyOf('status', filters.status);
  if (filters.app?.length) anyOf('app', filters.app);
  if (filters.priority?.length) anyOf('priority', filters.priority);
  if (filters.category_id !== undefined) add('category_id = ?', filters.category_id);
  if (filters.service_id !== undefined) add('service_id = ?', filters.service_id);
  if (filters.created_by_id !== undefined) add('created_by_id = ?', filters.created_by_id);
  if (filters.developer_id === 'none') add('developer_id IS NULL');
  else if (filters.developer_id !== undefined) add('developer_id = ?', filters.developer_id);
  if (filters.q) {
    const match = ftsQuery(filters.q);
    const id = ticketIdFromSearch(filters.q);
    const byText = match ? 'id IN (SELECT rowid FROM tickets_fts WHERE tickets_fts MATCH ?)' : '';
    const byNumber = id !== undefined ? 'id = ?' : '';
    const either = [byText, byNumber].filter(Boolean);
    add(either.length ? `(${either.join(' OR ')})` : '0', ...(match ? [match] : []), ...(id !== undefined ? [id] : []));
  }
  return sql;
}

const whereOf = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');

/** The cursor names its sort, so a cursor from another sort is refused rather than misread. */
function encodeCursor(sort: Sort, row: Record<string, unknown>): string {
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
    columns.every((column, i) => (column.endsWith('_at') ? typeof values[i + 1] === 'string' : Number.isSafeInteger(values[i + 1])));
  if (!fits) throw invalid({ cursor: QUERY_MESSAGES.cursor });
  return (values as SQLInputValue[]).slice(1);
}

export type TicketQueue = ReturnType<typeof createTicketQueue>;

export function createTicketQueue(db: Db) {
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

  /** Rows of one page (limit + 1, so the caller knows whether another page follows). */
  function pageRows(query: TicketQuery, scope: Scope, columns: string, limit: number, manyMatch = true): Record<string, unknown>[] {
    const sort = query.sort ?? 'newest';
    const { columns: keys, descending, index } = SORT_KEYS[sort];
    const sql = filterSql(query, scope);
    if (query.cursor) {
      sql.clauses.push(`(${keys.join(', ')}) ${descending ? '<' : '>'} (${keys.map(() => '?').join(', ')})`);
      sql.params.push(...decodeCursor(sort, query.cursor));
    }
    const order = keys.map((key) => `${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');
    const from = manyMatch ? `tickets INDEXED BY ${index}` : 'tickets';
    const text = `SELECT ${columns}, priority_rank FROM ${from} ${whereOf(sql.clauses)} ORDER BY ${order} LIMIT ?`;
    return prepare(text).all(...sql.params, limit + 1) as Record<string, unknown>[];
  }

  function count(filters: TicketFilters, scope: Scope): number {
    const sql = filterSql(filters, scope);
    return Number((prepare(`SELECT count(*) AS n FROM tickets ${whereOf(sql.clauses)}`).get(...sql.params) as { n: number }).n);
  }

  return {
    page(query: TicketQuery, scope: Scope = {}): TicketPage {
      const limit = query.limit ?? PAGE_SIZE.default;
      const columns = LIST_COLUMNS.replace('description', `substr(description, 1, ${LIST_DESCRIPTION_CHARS}) AS description`);
      const total = count(query, scope);
      const rows = pageRows(query, scope, columns, limit, total > WALK_SORT_INDEX_ABOVE);
      const more = rows.length > limit;
      const shown = more ? rows.slice(0, limit) : rows;
      const last = shown.at(-1);
      return {
        list: shown.map((row) => toTicket(row as unknown as TicketRow)),
        next_cursor: more && last ? encodeCursor(query.sort ?? 'newest', last) : null,
        total,
      };
    },

    stats(filters: TicketFilters, scope: Scope = {}): TicketStats {
      const sql = filterSql(filters, scope);
      // Two counts, each answered from an index alone, beat one pass that reads every row.
      const rows = prepare(`SELECT status, count(*) AS n FROM tickets ${whereOf(sql.clauses)} GROUP BY status`).all(...sql.params) as {
        status: string;
        n: number;
      }[];
      const status = Object.fromEntries(STATUSES.map((s) => [s, 0])) as TicketStats['status'];
      for (const row of rows) status[row.status as keyof typeof status] = Number(row.n);
      const open = OPEN_WORK.filter((s) => !filters.status || filters.status.includes(s));
      const anyUnassigned = open.length > 0 && (filters.developer_id === undefined || filters.developer_id === 'none');
      const unassigned = anyUnassigned ? count({ ...filters, developer_id: 'none', status: open }, scope) : 0;
      return { total: Object.values(status).reduce((a, b) => a + b, 0), status, unassigned };
    },

    /** Every matching ticket, full text, in batches walked by cursor: memory stays flat at any size. */
    *exportRows(query: TicketQuery, scope: Scope = {}): Generator<TicketRow[]> {
      let cursor: string | undefined;
      const sort = query.sort ?? 'newest';
      do {
        const rows = pageRows({ ...query, cursor }, scope, LIST_COLUMNS, EXPORT_BATCH);
        const batch = rows.slice(0, EXPORT_BATCH);
        yield batch as unknown as TicketRow[];
        cursor = rows.length > EXPORT_BATCH ? encodeCursor(sort, batch.at(-1)!) : undefined;
      } while (cursor);
    },
  };
}
