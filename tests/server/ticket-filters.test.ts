/**
 * The filter table (store/ticket-filters.ts) makes each filter twice: the SQL the queue runs and
 * the in-memory test the counts use. On a real, migrated database of random tickets (accounts
 * deleted, tickets unassigned), every random filter set in every scope must find the same tickets
 * both ways, through each way the queue reads: page walk, filter index, facet tokens, seek by
 * combination and count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatementSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS, PRIORITIES, STATUSES, type TicketFilters } from '../../src/shared/index.ts';
import { openDatabase, transaction, type Db } from '../../src/server/db/database.ts';
import { combinationPageSql, pageSql, type Sql } from '../../src/server/store/queue-sql.ts';
import { countSql } from '../../src/server/store/queue-count-sql.ts';
import { createFactCounts } from '../../src/server/store/ticket-facts.ts';
import { beyondFacts, FACTS, rowMatcher, type Facts, type Scope } from '../../src/server/store/ticket-filters.ts';
import { seededRandom } from './seeded-random.ts';

const SEED = 19;
const TICKETS = 400;
const FILTER_SETS = 150;
const USERS = 8;
/** More than there are tickets: one page holds every match. */
const ALL = 10_000;
const CATEGORIES = [1, 2, 3];
const SERVICES = [1, 2, 3, 4];

const random = seededRandom(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const some = <T>(values: readonly T[]): T[] => {
  const chosen = values.filter(() => random() < 0.5);
  return chosen.length ? chosen : [pick(values)];
};
const maybe = <T>(value: () => T, chance = 0.4): T | undefined => (random() < chance ? value() : undefined);

let dir: string;
let db: Db;
let users: number[];
let deleted: number[];
let rows: (Facts & { id: number; due_date: string | null })[];
/** Due days spread around the due filter's days, and none on many tickets. */
const DUE_DAYS = ['2024-03-01', '2024-06-15', '2024-09-30', '2025-01-01'];

function seedTickets(): void {
  const addUser = db.prepare(`INSERT INTO users (first_name, last_name, email, role, password_hash, created_at)
    VALUES ('User', ?, ?, ?, 'x', '2024-01-01T00:00:00.000Z') RETURNING id`);
  users = Array.from({ length: USERS }, (_, i) => Number((addUser.get(`${i}`, `user${i}@example.com`, pick(['super', 'support', 'developer'])) as { id: number }).id));
  const addTicket = db.prepare(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app,
    status, created_by, created_by_id, developer_id, developer_name, created_at, updated_at, due_date)
    VALUES (?, 'Title', 'Words', ?, 'Category', ?, 'Service', ?, ?, ?, 'Someone', ?, ?, ?, ?, ?, ?)`);
  transaction(db, () => {
    for (let i = 1; i <= TICKETS; i++) {
      const developer = random() < 0.3 ? null : pick(users);
      const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 300) * 86_400_000).toISOString();
      addTicket.run(`TCK-${String(i).padStart(6, '0')}`, pick(PRIORITIES), pick(CATEGORIES), pick(SERVICES), pick(APPS), pick(STATUSES),
        pick(users), developer, developer === null ? null : 'Developer', day, day, random() < 0.4 ? null : pick(DUE_DAYS));
    }
  });
  // Deleted accounts leave their tickets without a creator or developer (ON DELETE SET NULL).
  deleted = users.slice(0, 2);
  for (const id of deleted) db.prepare('DELETE FROM users WHERE id = ?').run(id);
  rows = db.prepare(`SELECT id, due_date, ${FACTS.join(', ')} FROM tickets`).all() as unknown as typeof rows;
}

/** A random filter set, each filter present or not, some asking values no ticket holds. */
function randomFilters(): TicketFilters {
  const anId = () => pick([...users, users.at(-1)! + 1]);
  return {
    status: maybe(() => some(STATUSES)),
    app: maybe(() => some(APPS)),
    priority: maybe(() => some(PRIORITIES)),
    category_id: maybe(() => pick([...CATEGORIES, 99]), 0.3),
    service_id: maybe(() => pick([...SERVICES, 99]), 0.3),
    created_by_id: maybe(anId, 0.2),
    developer_id: maybe(() => (random() < 0.4 ? 'none' : anId()), 0.3),
    due_before: maybe(() => pick(['2024-01-01', ...DUE_DAYS, '2025-06-01']), 0.3),
  };
}

const statements = new Map<string, StatementSync>();
const prepare = (text: string) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text)!;
const ids = (sql: Sql) => (prepare(sql.text).all(...sql.params) as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-filters-'));
  db = openDatabase(dir);
  seedTickets();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the filter table', () => {
  it('seeds tickets without a developer and tickets whose creator or developer was deleted', () => {
    expect(rows).toHaveLength(TICKETS);
    expect(rows.filter((row) => row.developer_id === null).length).toBeGreaterThan(TICKETS / 4);
    expect(rows.filter((row) => row.created_by_id === null).length).toBeGreaterThan(TICKETS / 10);
  });

  it('finds the same tickets in SQL as in memory, for random filters in every scope', () => {
    // Everyone's tickets (/tickets), and myTickets of two live accounts and a deleted one.
    const scopes: Scope[] = [{}, { mineOf: users[2]! }, { mineOf: users[3]! }, { mineOf: deleted[0]! }];
    const facts = createFactCounts(db);
    let compared = 0;
    let found = 0;
    for (let i = 0; i < FILTER_SETS; i++) {
      const filters = randomFilters();
      for (const scope of scopes) {
        const matches = rowMatcher(filters, scope);
        const expected = rows.filter(matches).map((row) => row.id).sort((a, b) => a - b);
        const what = JSON.stringify({ filters, scope });
        for (const walk of [true, false]) expect(ids(pageSql(filters, scope, 'id', ALL, walk)), `${what} walk=${walk}`).toEqual(expected);
        // The combinations know no due day: the queue never seeks a due filter by them (beyondFacts).
        if (!beyondFacts(filters)) {
          const combinations = facts.matching(what, filters, scope)!;
          expect(ids(combinationPageSql(filters, combinations, 'id', ALL)), `${what} by combination`).toEqual(expected);
        }
        const { text, params } = countSql(filters, scope);
        expect(Number((prepare(text).get(...params) as { n: number }).n), `${what} count`).toBe(expected.length);
        compared++;
        found += expected.length;
      }
    }
    // The random lists are neither all empty nor all full.
    expect(compared).toBe(FILTER_SETS * scopes.length);
    expect(found / compared).toBeGreaterThan(1);
    expect(found / compared).toBeLessThan(TICKETS / 2);
  });

  it('finds the tickets due before a day, and never one without a due day', () => {
    for (const day of DUE_DAYS) {
      const expected = rows.filter((row) => row.due_date !== null && row.due_date < day).map((row) => row.id).sort((a, b) => a - b);
      expect(rows.filter(rowMatcher({ due_before: day }, {})).map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
      for (const walk of [true, false]) expect(ids(pageSql({ due_before: day }, {}, 'id', ALL, walk))).toEqual(expected);
    }
    expect(rows.some((row) => row.due_date === null)).toBe(true);
  });

  it('finds nothing for a deleted account, neither in SQL nor in memory', () => {
    for (const id of deleted) {
      for (const [filters, scope] of [[{ created_by_id: id }, {}], [{ developer_id: id }, {}], [{}, { mineOf: id }]] as [TicketFilters, Scope][]) {
        expect(rows.filter(rowMatcher(filters, scope))).toEqual([]);
        expect(ids(pageSql(filters, scope, 'id', ALL, false))).toEqual([]);
      }
    }
  });
});
