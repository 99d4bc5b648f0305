/**
 * A page is read whichever way is cheapest (store/ticket-queue.ts): walking the sort's index when
 * matches are many, seeking each matching combination of filter values when they are few. Either
 * way, walking the cursors must visit exactly the matching tickets, in the sort's order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SORTS, type Sort, type TicketQuery } from '../../src/shared/index.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { createTicketQueue, type Scope, type TicketQueue } from '../../src/server/store/ticket-queue.ts';

const TICKETS = 400;
const PAGE = 7;
const RANK = { high: 3, medium: 2, low: 1 } as const;

interface Row {
  id: number;
  status: 'opened' | 'assigned' | 'closed';
  app: 'shaq_app' | 'shaq_express';
  priority: keyof typeof RANK;
  category_id: number;
  service_id: number;
  created_by_id: number | null;
  developer_id: number | null;
  created_at: string;
  updated_at: string;
  due_date: string | null;
}

let dir: string;
let db: Db;
let queue: TicketQueue;
const rows: Row[] = [];

/** A fixed pseudo-random spread, with deleted creators (null) and unassigned tickets among them. */
function makeRows() {
  let seed = 42;
  const pick = <T,>(values: readonly T[]) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return values[(seed >>> 8) % values.length]!;
  };
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
  for (let id = 1; id <= TICKETS; id++) {
    const status = pick(['opened', 'assigned', 'closed'] as const);
    rows.push({
      id, status,
      app: pick(['shaq_app', 'shaq_express'] as const),
      priority: pick(['high', 'medium', 'low'] as const),
      category_id: pick([1, 2, 3]),
      service_id: pick([1, 2]),
      created_by_id: pick([1, 2, 3, null]),
      developer_id: status === 'opened' ? null : pick([4, 5]),
      // Some share a creation time, so ties are broken by number.
      created_at: day(Math.floor(id / 2)),
      updated_at: day(pick([0, 50, 100, 150, 200, 250])),
      due_date: pick([null, '2026-03-01', '2026-02-01']),
    });
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-pages-'));
  db = openDatabase(dir);
  const user = db.prepare(`INSERT INTO users (id, first_name, last_name, email, role, password_hash, created_at) VALUES (?, 'U', 'ser', ?, ?, 'x', '2026-01-01')`);
  for (let id = 1; id <= 5; id++) user.run(id, `u${id}@example.com`, id <= 3 ? 'support' : 'developer');
  makeRows();
  const insert = db.prepare(`INSERT INTO tickets (id, number, title, description, priority, category, category_id, service, service_id, app, status,
    created_by, created_by_id, developer_id, developer_name, created_at, updated_at, due_date)
    VALUES (?, ?, 'Title', 'Description', ?, 'Payments', ?, 'Checkout', ?, ?, ?, 'Olivia', ?, ?, ?, ?, ?, ?)`);
  for (const r of rows) {
    insert.run(r.id, `TCK-${r.id}`, r.priority, r.category_id, r.service_id, r.app, r.status, r.created_by_id, r.developer_id,
      r.developer_id === null ? null : 'Dev', r.created_at, r.updated_at, r.due_date);
  }
  queue = createTicketQueue(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ORDER: Record<Sort, (a: Row, b: Row) => number> = {
  newest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  oldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  priority: (a, b) => RANK[b.priority] - RANK[a.priority] || b.created_at.localeCompare(a.created_at) || b.id - a.id,
  updated: (a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id,
  due: (a, b) => (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31') || a.id - b.id,
};

function expected(query: TicketQuery, scope: Scope): number[] {
  const keep = (r: Row) =>
    (scope.mineOf === undefined || r.created_by_id === scope.mineOf || r.developer_id === scope.mineOf) &&
    (!query.status || query.status.includes(r.status)) &&
    (!query.app || query.app.includes(r.app)) &&
    (!query.priority || query.priority.includes(r.priority)) &&
    (query.category_id === undefined || r.category_id === query.category_id) &&
    (query.service_id === undefined || r.service_id === query.service_id) &&
    (query.created_by_id === undefined || r.created_by_id === query.created_by_id) &&
    (query.developer_id === undefined || r.developer_id === (query.developer_id === 'none' ? null : query.developer_id));
  return rows.filter(keep).sort(ORDER[query.sort ?? 'newest']).map((r) => r.id);
}

function walked(query: TicketQuery, scope: Scope): { ids: number[]; totals: Set<number> } {
  const ids: number[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  do {
    const page = queue.page({ ...query, limit: PAGE, cursor }, scope);
    ids.push(...page.list.map((ticket) => ticket.id));
    totals.add(page.total);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && ids.length <= TICKETS);
  return { ids, totals };
}

/** From every ticket down to a handful: the narrow ones are sought by combination, the wide ones walked. */
const FILTERS: TicketQuery[] = [
  {},
  { status: ['closed'] },
  { app: ['shaq_express'], priority: ['high', 'low'] },
  { category_id: 2, service_id: 1 },
  { developer_id: 'none', app: ['shaq_app'] },
  { developer_id: 4, priority: ['medium'], category_id: 3 },
  { created_by_id: 2, status: ['assigned', 'closed'], service_id: 2, app: ['shaq_app'] },
  { status: ['opened'], app: ['shaq_express'], priority: ['low'], category_id: 1, service_id: 2 },
  { status: ['closed'], developer_id: 'none' },
];

it.each(SORTS.flatMap((sort) => FILTERS.map((filters) => ({ ...filters, sort }))))('walks exactly the matches in order: %j', (query) => {
  for (const scope of [{}, { mineOf: 2 }, { mineOf: 5 }]) {
    const want = expected(query, scope);
    const { ids, totals } = walked(query, scope);
    expect(ids, JSON.stringify(scope)).toEqual(want);
    expect([...totals]).toEqual([want.length]);
  }
});

it('stays right after writes move tickets between combinations', () => {
  const narrow: TicketQuery = { status: ['assigned'], developer_id: 5, category_id: 1, sort: 'updated' };
  expect(walked(narrow, {}).ids).toEqual(expected(narrow, {}));
  const moved = rows.filter((r) => r.status === 'opened' && r.category_id === 1).slice(0, 3);
  for (const r of moved) {
    Object.assign(r, { status: 'assigned', developer_id: 5, updated_at: '2027-01-01T00:00:00.000Z' });
    db.prepare(`UPDATE tickets SET status = 'assigned', developer_id = 5, developer_name = 'Dev', updated_at = ? WHERE id = ?`).run(r.updated_at, r.id);
  }
  const gone = rows.findIndex((r) => r.status === 'assigned' && r.developer_id === 5 && r.category_id === 1 && !moved.includes(r));
  db.prepare('DELETE FROM tickets WHERE id = ?').run(rows[gone]!.id);
  rows.splice(gone, 1);
  const after = walked(narrow, {});
  expect(after.ids.slice(0, 3)).toEqual(moved.map((r) => r.id).sort((a, b) => b - a));
  expect(after.ids).toEqual(expected(narrow, {}));
});
