/**
 * Page totals and stats are kept across writes and moved by each change (store/ticket-counts.ts).
 * After every kind of write, each kept count must equal what the whole list (read straight from
 * the table) says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketFilters } from '../../src/shared/index.ts';
import { openDatabase, transaction, type Db } from '../../src/server/db/database.ts';
import { countSql } from '../../src/server/store/queue-count-sql.ts';
import { createTicketQueue, type TicketQueue } from '../../src/server/store/ticket-queue.ts';
import type { Touched } from '../../src/server/store/ticket-counts.ts';
import { createStaff, createWorld, databaseAtVersion, startTestServer, ticketBody, type Staff, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
let doomed: Staff;

interface Row {
  status: string;
  app: string;
  priority: string;
  category_id: number;
  service_id: number;
  created_by_id: number | null;
  developer: { id: number | null } | null;
  due_date: string | null;
}
type Check = [query: string, keep: (row: Row) => boolean];

const DUE_LIMIT = '2027-01-01';
const developerOf = (row: Row) => row.developer?.id ?? null;
const checks = (): Check[] => [
  ['limit=1', () => true],
  ['status=opened', (row) => row.status === 'opened'],
  ['status=assigned,closed', (row) => row.status !== 'opened'],
  ['app=shaq_express', (row) => row.app === 'shaq_express'],
  ['priority=high&app=shaq_app', (row) => row.priority === 'high' && row.app === 'shaq_app'],
  [`service_id=${w.expressServiceId}`, (row) => row.service_id === w.expressServiceId],
  [`created_by_id=${w.owner.id}`, (row) => row.created_by_id === w.owner.id],
  [`developer_id=${doomed.id}`, (row) => developerOf(row) === doomed.id],
  ['developer_id=none', (row) => developerOf(row) === null],
  ['developer_id=none&status=opened,assigned', (row) => developerOf(row) === null && row.status !== 'closed'],
  ['q=checkout', () => true],
  // The overdue chip's list: no fact of the kept counts, so it is recounted after each write.
  [`due_before=${DUE_LIMIT}&status=opened,assigned`, (row) => row.due_date !== null && row.due_date < DUE_LIMIT && row.status !== 'closed'],
];

async function wholeList(): Promise<Row[]> {
  const answer = await t.call('GET', '/api/tickets', { token: w.admin.token });
  return answer.body.data.list.map((row: Row) => ({ ...row, status: row.status === 'reopened' ? 'opened' : row.status }));
}

/** Every kept total against the table itself; the first call fills the counts. */
async function expectCountsRight(step: string) {
  const rows = await wholeList();
  for (const [query, keep] of checks()) {
    const answer = await t.call('GET', `/api/tickets?${query}`, { token: w.admin.token });
    expect(answer.body.data.total, `${step}: ${query}`).toBe(rows.filter(keep).length);
  }
  const mine = await t.call('GET', '/api/tickets/myTickets?limit=1', { token: w.owner.token });
  expect(mine.body.data.total, `${step}: mine`).toBe(rows.filter((row) => row.created_by_id === w.owner.id).length);
  const stats = await t.call('GET', '/api/tickets/stats', { token: w.admin.token });
  expect(stats.body.data.status.closed, `${step}: stats`).toBe(rows.filter((row) => row.status === 'closed').length);
  expect(stats.body.data.unassigned, `${step}: unassigned`).toBe(rows.filter((row) => developerOf(row) === null && row.status !== 'closed').length);
}

async function create(overrides: Record<string, unknown> = {}, token = w.owner.token): Promise<string> {
  const answer = await t.call('POST', '/api/tickets', { token, json: ticketBody(w, overrides) });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data.number;
}
const status = async (number: string, json: Record<string, unknown>) =>
  expect((await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, json })).status).toBe(200);

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  doomed = await createStaff(t, w.admin.token, 'developer', 'Dora');
  for (let i = 0; i < 6; i++) {
    await create({ priority: i % 2 ? 'low' : 'high', ...(i % 2 ? { due_date: '2026-03-0' + (i + 1) } : {}) }, i % 3 ? w.owner.token : w.otherSupport.token);
  }
});
afterAll(() => t.close());

it('keeps every total and stat right across creates, status changes, edits and an account deletion', async () => {
  await expectCountsRight('start');
  const a = await create({ app: 'shaq_express', service_id: w.expressServiceId });
  await expectCountsRight('create');
  await status(a, { status: 'assigned', developer_id: doomed.id });
  await expectCountsRight('assign');
  const b = await create();
  await status(b, { status: 'assigned', developer_id: doomed.id });
  await status(b, { status: 'assigned', developer_id: null });
  await expectCountsRight('remove developer');
  await status(a, { status: 'closed' });
  await expectCountsRight('close');
  await status(a, { status: 'opened' });
  await expectCountsRight('reopen');
  const c = await create();
  const edited = await t.call('PATCH', `/api/tickets/${c}/edit`, {
    token: w.owner.token,
    json: { app: 'shaq_express', service_id: w.expressServiceId, priority: 'low', title: 'Nothing to do with payments', due_date: '2026-05-01' },
  });
  expect(edited.status, edited.text).toBe(200);
  await expectCountsRight('edit');
  await status(a, { status: 'assigned', developer_id: doomed.id });
  expect((await t.call('DELETE', `/api/auth/user/${doomed.id}`, { token: w.admin.token })).status).toBe(200);
  await expectCountsRight('account deleted');
});

it('a refused write moves no count', async () => {
  await expectCountsRight('before');
  const closed = await create();
  await status(closed, { status: 'closed' });
  await expectCountsRight('closed');
  expect((await t.call('PATCH', `/api/tickets/${closed}`, { token: w.admin.token, json: { status: 'closed' } })).status).toBe(409);
  const bad = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { category_id: 999_999 }) });
  expect(bad.status).toBe(422);
  await expectCountsRight('after a refused create');
});

/** A store of its own on a temporary database, for what the API can't show: rollbacks, other connections, which lists a write touched. */
function withStore(run: (store: { db: Db; dir: string; queue: TicketQueue; touched: Touched[]; forgotten: Touched[]; insert: (id: number, app?: string) => void }) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-counts-'));
  const db = openDatabase(dir);
  const touched: Touched[] = [];
  const forgotten: Touched[] = [];
  const queue = createTicketQueue(db, (lists, cause) => (cause === 'written' ? touched : forgotten).push(lists));
  const insert = (id: number, app = 'shaq_app') =>
    db.prepare(`INSERT INTO tickets (id, number, title, description, priority, category, category_id, service, service_id, app, status,
      created_by, created_at, updated_at) VALUES (?, ?, 'Title', 'Description', 'low', 'Payments', 1, 'Checkout', 1, ?, 'opened', 'Olivia', ?, ?)`)
      .run(id, `TCK-${id}`, app, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
  try {
    run({ db, dir, queue, touched, forgotten, insert });
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

it('a rolled-back write and a write by another connection leave the kept counts right', () => {
  withStore(({ db, dir, queue, insert }) => {
    insert(1);
    expect(queue.page({ status: ['opened'] }).total).toBe(1);
    expect(() => transaction(db, () => {
      insert(2);
      throw new Error('refused half-way');
    })).toThrow('refused half-way');
    expect(queue.page({ status: ['opened'] }).total).toBe(1);
    const other = openDatabase(dir);
    insert(3);
    other.prepare(`UPDATE tickets SET status = 'closed' WHERE id = 1`).run();
    other.close();
    expect(queue.page({ status: ['opened'] }).total).toBe(1);
    expect(queue.page({ status: ['closed'] }).total).toBe(1);
  });
});

it('names only the lists a write may show in, and every search', () => {
  withStore(({ db, queue, touched, insert }) => {
    insert(1, 'shaq_express');
    const [express, consumer, search] = [{ app: ['shaq_express' as const] }, { app: ['shaq_app' as const] }, { q: 'title' }];
    for (const filters of [express, consumer, search]) queue.page(filters);
    touched.length = 0;
    db.prepare(`UPDATE tickets SET status = 'closed' WHERE id = 1`).run();
    queue.catchUp();
    // The whole list was counted too (a page weighs its matches against every ticket).
    expect(touched).toHaveLength(1);
    expect([...touched[0]!].sort()).toEqual([queue.listKey({}, {}), queue.listKey(express, {}), queue.listKey(search, {})].sort());
    expect(queue.page(consumer).total).toBe(0);
    expect(queue.page(express).total).toBe(1);
  });
});

it('a count forgotten to make room names its list as forgotten, not written, so answers counting every ticket stay', () => {
  withStore(({ queue, touched, forgotten, insert }) => {
    insert(1);
    queue.catchUp();
    touched.length = 0;
    for (let creator = 1; creator <= 10_001; creator++) queue.page({ created_by_id: creator });
    expect(forgotten).toEqual([[queue.listKey({ created_by_id: 1 }, {})]]);
    expect(touched).toEqual([]);
  });
});

/** Filter combinations, each asked once: a first count sums ticket_facts rather than reading the kept counts. */
function* neverAsked(): Generator<TicketFilters> {
  for (const developer_id of [undefined, 'none', 1, 2] as const) for (const status of [undefined, ['opened'], ['closed'], ['opened', 'assigned']] as const)
    for (const app of [undefined, ['shaq_app'], ['shaq_express']] as const) for (const priority of [undefined, ['low'], ['high']] as const)
      yield { status: status && [...status], app: app && [...app], priority: priority && [...priority], developer_id };
}

it('counts a list asked for the first time right after creates, changes, deletes, rollbacks and other connections', () => {
  withStore(({ db, dir, queue, insert }) => {
    const fresh = neverAsked();
    const sqlCount = (filters: TicketFilters) => Number((db.prepare(countSql(filters, {}).text).get(...countSql(filters, {}).params) as { n: number }).n);
    const expectRight = (step: string) => {
      for (let i = 0; i < 12; i++) {
        const filters = fresh.next().value!;
        expect(queue.page(filters).total, `${step}: ${JSON.stringify(filters)}`).toBe(sqlCount(filters));
      }
    };
    const user = db.prepare(`INSERT INTO users (id, first_name, last_name, email, role, password_hash, created_at) VALUES (?, 'Dev', 'Eloper', ?, 'developer', 'x', '2026-01-01')`);
    user.run(1, 'one@example.com');
    user.run(2, 'two@example.com');
    for (let id = 1; id <= 9; id++) insert(id, id % 3 ? 'shaq_app' : 'shaq_express');
    expectRight('inserts');
    db.prepare(`UPDATE tickets SET status = 'assigned', developer_id = 1 WHERE id IN (1, 2, 3)`).run();
    db.prepare(`UPDATE tickets SET status = 'closed', priority = 'high' WHERE id = 4`).run();
    expectRight('changes');
    db.prepare('DELETE FROM tickets WHERE id = 5').run();
    db.prepare('DELETE FROM users WHERE id = 1').run();
    expectRight('a delete, and an account deletion setting developers to none');
    expect(() => transaction(db, () => {
      insert(10, 'shaq_express');
      throw new Error('refused half-way');
    })).toThrow('refused half-way');
    expectRight('rollback');
    const other = openDatabase(dir);
    other.prepare(`UPDATE tickets SET status = 'assigned', developer_id = 2 WHERE id = 6`).run();
    other.close();
    expectRight('another connection');
  });
});

it('migration 8 counts the tickets that were already there', () => {
  const { dataDir: dir, db: old } = databaseAtVersion(7);
  try {
    const insert = old.prepare(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app, status,
      created_by, created_at, updated_at) VALUES (?, 'Title', 'Description', ?, 'Payments', 1, 'Checkout', 1, 'shaq_app', ?, 'Olivia', '2026-01-01', '2026-01-01')`);
    for (let i = 1; i <= 7; i++) insert.run(`TCK-${i}`, i % 2 ? 'low' : 'high', i % 3 ? 'opened' : 'closed');
    old.close();
    const db = openDatabase(dir);
    const queue = createTicketQueue(db);
    expect([queue.page({}).total, queue.page({ status: ['closed'] }).total, queue.page({ priority: ['high'], status: ['opened'] }).total]).toEqual([7, 2, 2]);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
