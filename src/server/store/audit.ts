/** The audit log's rows (design.md#audit-log): written beside a super's change, read newest first, swept by age. */
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { addDays, AUDIT_MESSAGES, PAGE_SIZE, type AuditEntry, type AuditFilters, type AuditKind, type AuditPage, type AuditQuery } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../errors.ts';

/** A change as the route describes it; who, from where and when are added by the caller. */
export interface AuditChange {
  target: { id: number | null; label: string };
  before?: object | null;
  after?: object | null;
}

export interface AuditRecord extends AuditChange {
  kind: AuditKind;
  actor: { id: number; name: string };
  address: string;
  at: string;
}

interface Row {
  id: number;
  at: string;
  actor_id: number;
  actor_name: string;
  address: string;
  kind: AuditKind;
  target_id: number | null;
  target_label: string;
  before: string | null;
  after: string | null;
}

export type AuditStore = ReturnType<typeof createAuditStore>;

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: { id: row.actor_id, name: row.actor_name },
  address: row.address,
  kind: row.kind,
  target: { id: row.target_id, label: row.target_label },
  before: row.before === null ? null : JSON.parse(row.before),
  after: row.after === null ? null : JSON.parse(row.after),
});

const json = (value: object | null | undefined) => (value ? JSON.stringify(value) : null);

const encodeCursor = (row: Row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');

function decodeCursor(cursor: string): [string, number] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const fits = Array.isArray(values) && values.length === 2 && typeof values[0] === 'string' && Number.isSafeInteger(values[1]);
  if (!fits) throw invalid({ cursor: AUDIT_MESSAGES.cursor });
  return values as [string, number];
}

/** The WHERE clauses of the filters; a group of kinds is a range over the kind index ('account.' up to 'account/'). */
function filterSql(filters: AuditFilters): { clauses: string[]; params: SQLInputValue[] } {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  if (filters.actor_id !== undefined) {
    clauses.push('actor_id = ?');
    params.push(filters.actor_id);
  }
  if (filters.kind?.includes('.')) {
    clauses.push('kind = ?');
    params.push(filters.kind);
  } else if (filters.kind) {
    clauses.push('kind >= ? AND kind < ?');
    params.push(`${filters.kind}.`, `${filters.kind}/`);
  }
  if (filters.from) {
    clauses.push('at >= ?');
    params.push(`${filters.from}T00:00:00.000Z`);
  }
  if (filters.to) {
    clauses.push('at < ?');
    params.push(`${addDays(filters.to, 1)}T00:00:00.000Z`);
  }
  return { clauses, params };
}

const whereOf = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');

export function createAuditStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO audit_log (at, actor_id, actor_name, address, kind, target_id, target_label, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteOlder = db.prepare('DELETE FROM audit_log WHERE at < ?');
  // A handful of filter shapes: each SQL text is prepared once.
  const prepared = new Map<string, StatementSync>();
  const statement = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;

  return {
    /** Call inside the change's transaction, so the row and the change stand or fall together. */
    record(entry: AuditRecord): void {
      insert.run(entry.at, entry.actor.id, entry.actor.name, entry.address, entry.kind, entry.target.id, entry.target.label, json(entry.before), json(entry.after));
    },

    page(query: AuditQuery): AuditPage {
      const limit = query.limit ?? PAGE_SIZE.default;
      const { clauses, params } = filterSql(query);
      const total = Number((statement(`SELECT count(*) AS n FROM audit_log ${whereOf(clauses)}`).get(...params) as { n: number }).n);
      if (query.cursor) {
        clauses.push('(at, id) < (?, ?)');
        params.push(...decodeCursor(query.cursor));
      }
      const rows = statement(`SELECT * FROM audit_log ${whereOf(clauses)} ORDER BY at DESC, id DESC LIMIT ?`).all(...params, limit + 1) as unknown as Row[];
      const more = rows.length > limit;
      const list = rows.slice(0, limit);
      return { list: list.map(toEntry), next_cursor: more ? encodeCursor(list.at(-1)!) : null, total };
    },

    /** Deletes the rows written before `cutoffIso`; answers how many went. */
    sweep: (cutoffIso: string) => Number(deleteOlder.run(cutoffIso).changes),
  };
}
