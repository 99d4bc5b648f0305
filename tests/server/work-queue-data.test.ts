/** Work-queue counts, CSV export, storage limits (with the audit's attack), index use, freshness and the migration. */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { parseTicketQuery } from '../../src/shared/workQueue.ts';
import { ADMIN, createStaff, createTicket, createWorld, databaseAtVersion, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  await createTicket(t, w, 'opened');
  await createTicket(t, w, 'assigned');
  await createTicket(t, w, 'closed');
});
afterAll(() => t.close());

const stats = async (query = '') => (await t.call('GET', `/api/tickets/stats?${query}`, { token: w.developer.token })).body.data;

describe('stats', () => {
  it('counts by status, plus open work without a developer, under the same filters', async () => {
    expect(await stats()).toEqual({ total: 3, status: { opened: 1, assigned: 1, closed: 1 }, unassigned: 1, sla: { due_soon: 0, breached: 0 } });
    expect(await stats('status=closed')).toEqual({ total: 1, status: { opened: 0, assigned: 0, closed: 1 }, unassigned: 0, sla: { due_soon: 0, breached: 0 } });
    expect(await stats(`developer_id=${w.developer.id}`)).toMatchObject({ total: 2, unassigned: 0 });
    expect(await stats('q=nothing-like-this')).toEqual({ total: 0, status: { opened: 0, assigned: 0, closed: 0 }, unassigned: 0, sla: { due_soon: 0, breached: 0 } });
    expect((await t.call('GET', '/api/tickets/stats?status=lost', { token: w.admin.token })).status).toBe(422);
  });

  it('follows every write at once: no answer is stale', async () => {
    const ticket = await createTicket(t, w, 'opened');
    expect((await stats()).status.opened).toBe(2);
    await t.call('PATCH', `/api/tickets/${ticket.number}`, { token: w.admin.token, json: { status: 'closed' } });
    expect(await stats()).toMatchObject({ total: 4, status: { opened: 1, closed: 2 } });
  });
});

describe('freshness of cached answers', () => {
  it('a rename or an account deletion shows in every page and detail that names the person', async () => {
    const dev = await createStaff(t, w.admin.token, 'developer', 'Rhea');
    const ticket = await createTicket(t, w, 'opened');
    await t.call('PATCH', `/api/tickets/${ticket.number}`, { token: w.admin.token, json: { status: 'assigned', developer_id: dev.id } });
    const developerOf = async () => (await t.call('GET', `/api/tickets?developer_id=${dev.id}`, { token: w.admin.token })).body.data.list[0]?.developer;
    expect(await developerOf()).toEqual({ id: dev.id, name: 'Rhea' });
    await t.call('PATCH', `/api/auth/user/${dev.id}/update`, { token: dev.token, json: { first_name: 'Rhia', last_name: 'Tester' } });
    expect(await developerOf()).toEqual({ id: dev.id, name: 'Rhia' });
    expect((await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token })).body.data.developer.name).toBe('Rhia');
    await t.call('DELETE', `/api/auth/user/${dev.id}`, { token: w.admin.token });
    expect((await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token })).body.data.developer).toEqual({ id: null, name: 'Rhia' });
    await t.call('PATCH', `/api/tickets/${ticket.number}`, { token: w.admin.token, json: { status: 'closed' } });
  });
});

describe('revalidation', () => {
  it('sign-in, sign-out and profile changes keep every ticket answer revalidating as 304; a ticket write does not', async () => {
    const urls = ['/api/tickets', '/api/tickets?limit=2', '/api/tickets/stats'];
    const etags = await Promise.all(urls.map(async (url) => (await t.call('GET', url, { token: w.admin.token })).headers.get('etag')!));
    const still304 = async () =>
      Promise.all(urls.map(async (url, i) => (await t.call('GET', url, { token: w.admin.token, headers: { 'If-None-Match': etags[i]! } })).status));
    const other = await t.signIn(ADMIN.email, ADMIN.password);
    await t.call('POST', '/api/auth/sign-out', { token: other });
    await t.call('PATCH', `/api/auth/user/${w.owner.id}/update`, { token: w.owner.token, json: { first_name: 'Olivia', last_name: 'Renamed' } });
    expect(await still304()).toEqual([304, 304, 304]);
    await createTicket(t, w, 'opened');
    expect(await still304()).toEqual([200, 200, 200]);
  });
});

describe('CSV export', () => {
  it('streams the filtered tickets as RFC 4180 CSV, with formulas defused', async () => {
    const tricky = { title: '=HYPERLINK("http://evil")', description: 'Line one, "quoted"\nline two', link: '@SUM(A1)' };
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, tricky) });
    const answer = await t.call('GET', '/api/tickets/export.csv?status=opened&sort=oldest', { token: w.admin.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Number,Title,Status,Priority,App,Category,Service,Created by,Developer,Created at,Updated at,Due date,Link,Description');
    const row = lines.find((line) => line.startsWith(created.body.data.number))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(`,'@SUM(A1),"Line one, ""quoted""\nline two"`);
    expect(lines.filter((line) => /^TCK-/.test(line))).toHaveLength((await stats('status=opened')).total);
    expect(lines.at(-1)).toBe('');
  });

  it('answers gzip when asked, and 422 for a bad filter', async () => {
    const gz = await fetch(`${t.url}/api/tickets/export.csv`, { headers: { Authorization: `Bearer ${w.admin.token}`, 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.text()).split('\r\n').filter((line) => line.startsWith('TCK-'))).toHaveLength((await stats()).total);
    expect((await t.call('GET', '/api/tickets/export.csv?priority=max', { token: w.admin.token })).status).toBe(422);
  });
});

describe('storage limits', () => {
  const post = (overrides: Record<string, unknown>) => t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, overrides) });

  it('refuses over-long descriptions and links, and control characters, with clear 422s', async () => {
    expect((await post({ description: 'd'.repeat(20_000) })).status).toBe(201);
    const long = await post({ description: 'd'.repeat(20_001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.description).toEqual(['description must be at most 20000 characters.']);
    expect((await post({ link: `https://x.test/${'a'.repeat(2049 - 15)}` })).body.errors.link).toEqual(['link must be at most 2048 characters.']);
    const control = await post({ title: 'Bell \u0007 rings', description: 'Tabs\tand\r\nlines are fine \u0008' });
    expect(control.body.errors).toEqual({
      title: ['title must not contain control characters (line breaks and tabs are fine).'],
      description: ['description must not contain control characters (line breaks and tabs are fine).'],
    });
    const category = await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Esc\u001b[31m' } });
    expect(category.status).toBe(422);
  });

  it('refuses control characters on edit too, and changes nothing', async () => {
    const ticket = await createTicket(t, w, 'opened');
    const edit = await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { description: 'now with \u0008 backspace' } });
    expect(edit.status).toBe(422);
    expect((await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.owner.token })).body.data.description).toBe(ticket.description);
  });

  it('replays the audit: 100 maximum-size descriptions full of control characters change nothing, and the full list still answers', async () => {
    const before = (await t.call('GET', '/api/tickets', { token: w.admin.token })).body.data.list.length;
    const attack = '\u0001\u0002\u001f'.repeat(Math.floor(20_000 / 3));
    const answers = await Promise.all(Array.from({ length: 100 }, () => post({ description: attack })));
    expect(answers.every((answer) => answer.status === 422)).toBe(true);
    const list = await t.call('GET', '/api/tickets', { token: w.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(before);
  });
});

describe('indexes', () => {
  const queries = ['', 'status=opened,assigned', 'app=shaq_app', 'priority=high', 'category_id=1', 'service_id=1', 'created_by_id=2',
    'developer_id=3', 'developer_id=none', 'q=checkout', 'sort=oldest', 'sort=priority', 'sort=updated', 'sort=due', 'status=closed&sort=priority&q=pay',
    'due_before=2026-01-01', 'status=opened,assigned&due_before=2026-01-01&sort=priority'];

  it.each(queries)('serve every filter and sort: %s', (query) => {
    const plan = t.server.app.queue.plan(parseTicketQuery(new URLSearchParams(query)).query);
    expect(plan.filter((line) => /^SCAN tickets$/.test(line)), plan.join('\n')).toEqual([]);
    expect(plan[0]).toMatch(/^SCAN tickets USING INDEX tickets_(newest|priority|updated|due)$/);
  });

  // A due day is no fact of a combination: those lists are read through tickets_due (see ticket-filters.ts).
  it.each(queries.filter((query) => !query.includes('q=') && !query.includes('due_before')))('seek a narrow list combination by combination: %s', (query) => {
    const plan = t.server.app.queue.plan(parseTicketQuery(new URLSearchParams(query)).query);
    // The time sorts choose the page from the index alone; the rank sorts read the matches' ranks from their rows.
    const covering = /sort=(priority|due)/.test(query) ? '' : 'COVERING ';
    const seek = `SEARCH t USING ${covering}INDEX tickets_combination (status=? AND app=? AND priority=? AND category_id=? AND service_id=? AND created_by_id=? AND developer_id=?)`;
    expect(plan, plan.join('\n')).toContain(seek);
  });

  it('serve myTickets too', () => {
    const plan = t.server.app.queue.plan({ sort: 'updated' }, { mineOf: 2 });
    expect(plan.filter((line) => /^SCAN tickets$/.test(line)), plan.join('\n')).toEqual([]);
  });
});

describe('migration', () => {
  it('leaves data stored before the work queue readable, searchable and paged, with every reference to its accounts', async () => {
    const { dataDir, db } = databaseAtVersion(2);
    const users = db.prepare(`INSERT INTO users (id, first_name, last_name, email, role, password_hash, created_at) VALUES (?, ?, 'User', ?, ?, ?, '2020-01-01T00:00:00.000Z')`);
    users.run(1, 'Admin', ADMIN.email, 'super', await hashPassword(ADMIN.password, 4));
    users.run(5, 'Old', 'old@example.com', 'support', 'x');
    db.prepare(`INSERT INTO tickets (id, number, title, description, priority, category, category_id, service, service_id, app, status, created_by, created_by_id, created_at, updated_at)
      VALUES (1, 'TCK-000001', 'Legacy printer jam', ?, 'low', 'Hardware', 1, 'Printers', 1, 'shaq_app', 'opened', 'Old', 5, '2020-01-02T00:00:00.000Z', '2020-01-02T00:00:00.000Z')`)
      .run(`Bell\u0007${'y'.repeat(30_000)}`);
    db.exec(`INSERT INTO ticket_logs (ticket_id, user_id, name, action, created_at) VALUES (1, 5, 'Old', 'opened', '2020-01-02T00:00:00.000Z')`);
    db.close();
    const old = await startTestServer({ dataDir });
    const token = await old.signIn(ADMIN.email, ADMIN.password);
    const found = await old.call('GET', '/api/tickets?q=printer', { token });
    expect(found.body.data.list.map((ticket: any) => ticket.number)).toEqual(['TCK-000001']);
    expect(found.body.data.list[0].description).toHaveLength(200);
    const detail = (await old.call('GET', '/api/tickets/1', { token })).body.data;
    expect(detail.description).toHaveLength(30_005);
    expect(detail.created_by_id).toBe(5);
    expect((await old.call('GET', '/api/activity-log/1', { token })).body.data.list).toHaveLength(1);
    await old.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
