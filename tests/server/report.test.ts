/**
 * GET /tickets/report (design.md#reports) against a small dataset whose figures are worked out by hand
 * below. Every time is UTC; the clock is set before each change so the log has exact stamps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { ADMIN, createWorld, databaseAtVersion, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

let clock = Date.parse('2026-02-20T08:00:00Z');
let t: TestServer;
let w: World;
let accountsId: number;
const numbers: Record<string, string> = {};
/** Sessions must outlive the weeks this dataset spans. */
const LONG_SESSIONS = { sessionIdleHours: 24 * 400, sessionMaxDays: 400 };

const at = (iso: string) => void (clock = Date.parse(iso));
async function create(name: string, when: string, fields: Record<string, unknown>) {
  at(when);
  const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: `Ticket ${name}`, ...fields }) });
  expect(answer.status, answer.text).toBe(201);
  numbers[name] = answer.body.data.number;
}
async function change(name: string, when: string, json: Record<string, unknown>) {
  at(when);
  const answer = await t.call('PATCH', `/api/tickets/${numbers[name]}`, { token: w.admin.token, json });
  expect(answer.status, answer.text).toBe(200);
}
const report = (query: string, token = w.admin.token) => t.call('GET', `/api/tickets/report?${query}`, { token });
async function data(query: string) {
  const answer = await report(query);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, ...LONG_SESSIONS });
  w = await createWorld(t);
  accountsId = (await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Accounts' } })).body.data.id;
  const dana = { status: 'assigned', developer_id: w.developer.id };
  const derek = { status: 'assigned', developer_id: w.otherDeveloper.id };
  const closed = { status: 'closed' };
  // E: before the range; closed inside it, 240 h after creation.
  await create('E', '2026-02-20T09:00:00Z', { priority: 'low' });
  await change('E', '2026-02-20T19:00:00Z', dana);
  // A: assigned after 2 h, closed after 24 h.
  await create('A', '2026-03-01T10:00:00Z', { priority: 'high' });
  await change('A', '2026-03-01T12:00:00Z', dana);
  await change('E', '2026-03-02T09:00:00Z', closed);
  await change('A', '2026-03-02T10:00:00Z', closed);
  // B: 23:30 UTC is still March 1st; assigned after 1 h, stays open.
  await create('B', '2026-03-01T23:30:00Z', { priority: 'low' });
  await change('B', '2026-03-02T00:30:00Z', derek);
  // C: 00:15 UTC is March 2nd; assigned after 4 h, closed (24 h), reopened (developer cleared), closed again (36 h).
  await create('C', '2026-03-02T00:15:00Z', { priority: 'medium', category_id: accountsId, app: 'shaq_express', service_id: w.expressServiceId });
  await change('C', '2026-03-02T04:15:00Z', dana);
  await change('C', '2026-03-03T00:15:00Z', closed);
  await change('C', '2026-03-03T06:00:00Z', { status: 'opened' });
  await change('C', '2026-03-03T12:15:00Z', closed);
  // D: never assigned, open.
  await create('D', '2026-03-03T08:00:00Z', { priority: 'high', category_id: accountsId });
  at('2026-03-20T12:00:00Z');
});
afterAll(() => t.close());

const RANGE = 'from=2026-03-01&to=2026-03-03';

describe('figures', () => {
  it('counts created and closed per UTC day, and the backlog at the end of each day', async () => {
    const { per_day } = await data(RANGE);
    expect(per_day).toEqual([
      { date: '2026-03-01', created: 2, closed: 0, backlog: 3 },
      { date: '2026-03-02', created: 1, closed: 2, backlog: 2 },
      { date: '2026-03-03', created: 1, closed: 2, backlog: 2 },
    ]);
  });

  it('measures time to assign (tickets created in range) and time to close (closes in range) as p50 and p90 hours', async () => {
    const answer = await data(RANGE);
    // Assign: A 2 h, B 1 h, C 4 h → sorted 1, 2, 4.
    expect(answer.time_to_assign).toEqual({ p50: 2, p90: 3.6 });
    // Close: A 24, C 24, C 36, E 240 → p50 between 24 and 36, p90 70% of the way from 36 to 240.
    expect(answer.time_to_close).toEqual({ p50: 30, p90: 178.8 });
  });

  it('starts a one-day range from the backlog carried in', async () => {
    expect((await data('from=2026-03-02&to=2026-03-02')).per_day).toEqual([{ date: '2026-03-02', created: 1, closed: 2, backlog: 2 }]);
  });

  it('answers zeros for a range before any ticket, and a flat backlog after the last change', async () => {
    const before = await data('from=2026-01-01&to=2026-01-03&group=priority');
    expect(before.per_day.map((day: any) => [day.created, day.closed, day.backlog])).toEqual([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
    expect(before.time_to_assign).toEqual({ p50: null, p90: null });
    expect(before.time_to_close).toEqual({ p50: null, p90: null });
    // Open work is today's, whatever the range: it is the workload a group carries now.
    expect(before.groups.map((g: any) => [g.key, g.created, g.closed, g.open, g.median_close_hours])).toEqual([
      ['high', 0, 0, 1, null],
      ['low', 0, 0, 1, null],
    ]);
    const after = await data('from=2026-03-10&to=2026-03-11');
    expect(after.per_day).toEqual([
      { date: '2026-03-10', created: 0, closed: 0, backlog: 2 },
      { date: '2026-03-11', created: 0, closed: 0, backlog: 2 },
    ]);
  });
});

describe('groups', () => {
  const rows = async (group: string) => (await data(`${RANGE}&group=${group}`)).groups.map((g: any) => [g.key, g.label, g.created, g.closed, g.open, g.median_close_hours]);

  it('by category by default, most created first', async () => {
    const expected = [
      [String(accountsId), 'Accounts', 2, 2, 1, 30],
      [String(w.categoryId), 'Payments', 2, 2, 1, 132],
    ];
    expect((await data(RANGE)).groups.map((g: any) => [g.key, g.label, g.created, g.closed, g.open, g.median_close_hours])).toEqual(expected);
    expect(await rows('category')).toEqual(expected);
  });

  it('by app and by service, labelled for people', async () => {
    expect(await rows('app')).toEqual([
      ['shaq_app', 'Consumer app', 3, 2, 2, 132],
      ['shaq_express', 'Express app', 1, 2, 0, 30],
    ]);
    expect(await rows('service')).toEqual([
      [String(w.serviceId), 'Checkout (Consumer app)', 3, 2, 2, 132],
      [String(w.expressServiceId), 'Delivery (Express app)', 1, 2, 0, 30],
    ]);
  });

  it('by priority, highest first', async () => {
    expect(await rows('priority')).toEqual([
      ['high', 'High', 2, 1, 1, 24],
      ['medium', 'Medium', 1, 2, 0, 30],
      ['low', 'Low', 1, 1, 1, 240],
    ]);
  });

  it('by developer, with tickets nobody holds under "none" (C lost its developer when reopened)', async () => {
    expect(await rows('developer')).toEqual([
      ['none', 'No developer', 2, 2, 1, 30],
      [String(w.otherDeveloper.id), 'Derek', 1, 0, 1, null],
      [String(w.developer.id), 'Dana', 1, 2, 0, 132],
    ]);
  });

  it('follows a write at once, though the answer is cached', async () => {
    expect(await rows('developer')).toEqual(await rows('developer'));
    await change('B', '2026-03-20T12:00:00Z', { status: 'closed' });
    expect((await rows('developer')).find((row: any[]) => row[1] === 'Derek')).toEqual([String(w.otherDeveloper.id), 'Derek', 1, 0, 0, null]);
    await change('B', '2026-03-20T12:30:00Z', { status: 'opened' });
  });
});

describe('refusals', () => {
  it('is for super only', async () => {
    for (const token of [w.owner.token, w.developer.token]) {
      const answer = await report(RANGE, token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await t.call('GET', `/api/tickets/report?${RANGE}`)).status).toBe(401);
  });

  it.each([
    ['', { from: "'From' must be a date", to: "'To' must be a date" }],
    ['from=2026-03-01', { to: "'To' must be a date" }],
    ['from=2026-02-30&to=2026-03-03', { from: "'From' must be a date" }],
    ['from=1/3/2026&to=2026-03-03', { from: "'From' must be a date" }],
    ['from=2026-03-03&to=2026-03-01', { to: "'To' must be on or after 'From'" }],
    ['from=2025-01-01&to=2026-01-02', { to: 'The range can be at most 366 days' }],
    [`${RANGE}&group=team`, { group: 'group must be app, category, service, priority or developer.' }],
  ])('refuses %j with a 422 naming each bad parameter', async (query, errors) => {
    const answer = await report(query);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(Object.values(errors)[0]);
    expect(answer.body.errors).toEqual(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
  });

  it('accepts 366 days (a leap year) and is not taken for a ticket number', async () => {
    expect((await data('from=2028-01-01&to=2028-12-31')).per_day).toHaveLength(366);
    expect((await t.call('GET', `/api/tickets/${numbers.A}`, { token: w.admin.token })).body.data.title).toBe('Ticket A');
  });
});

describe('migration 7', () => {
  it('indexes the tickets and activity log of a database from before reports, which stays readable and reported', async () => {
    const { dataDir, db } = databaseAtVersion(6);
    db.prepare(`INSERT INTO users (id, first_name, last_name, email, role, password_hash, created_at) VALUES (1, 'Admin', 'User', ?, 'super', ?, '2020-01-01T00:00:00.000Z')`)
      .run(ADMIN.email, await hashPassword(ADMIN.password, 4));
    db.exec(`INSERT INTO tickets (id, number, title, description, priority, category, category_id, service, service_id, app, status, created_by, created_by_id, created_at, updated_at)
      VALUES (1, 'TCK-000001', 'Old printer jam', 'It jams on every page.', 'low', 'Hardware', 1, 'Printers', 1, 'shaq_app', 'closed', 'Admin', 1, '2020-01-02T10:00:00.000Z', '2020-01-03T10:00:00.000Z')`);
    db.exec(`INSERT INTO ticket_logs (ticket_id, user_id, name, action, created_at) VALUES
      (1, 1, 'Admin', 'opened', '2020-01-02T10:00:00.000Z'), (1, 1, 'Admin', 'closed', '2020-01-03T10:00:00.000Z')`);
    db.close();
    const old = await startTestServer({ dataDir });
    try {
      const indexes = old.server.app.db.prepare(`SELECT name FROM pragma_index_list('ticket_logs')`).all().map((row: any) => row.name);
      expect(indexes).toContain('ticket_logs_action');
      const ticketIndexes = old.server.app.db.prepare(`SELECT name FROM pragma_index_list('tickets')`).all().map((row: any) => row.name);
      expect(ticketIndexes).toEqual(expect.arrayContaining(['tickets_report', 'tickets_report_id']));
      const token = await old.signIn(ADMIN.email, ADMIN.password);
      expect((await old.call('GET', '/api/activity-log/1', { token })).body.data.list.map((entry: any) => entry.action)).toEqual(['opened', 'closed']);
      const answer = await old.call('GET', '/api/tickets/report?from=2020-01-02&to=2020-01-03', { token });
      expect(answer.body.data.per_day).toEqual([
        { date: '2020-01-02', created: 1, closed: 0, backlog: 1 },
        { date: '2020-01-03', created: 0, closed: 1, backlog: 0 },
      ]);
      expect(answer.body.data.time_to_close).toEqual({ p50: 24, p90: 24 });
    } finally {
      await old.close();
    }
  });
});
