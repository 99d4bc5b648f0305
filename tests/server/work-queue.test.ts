/** The work queue (design.md#work-queue-api): pages, cursors, every filter and sort, search, and the 422s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
const numbers: Record<string, string> = {};

const page = async (query: string, token = w.admin.token) => {
  const answer = await t.call('GET', `/api/tickets?${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { list: any[]; next_cursor: string | null; total: number };
};
const titles = async (query: string, token?: string) => (await page(query, token)).list.map((ticket) => ticket.title);

async function create(title: string, overrides: Record<string, unknown> = {}, token = w.owner.token) {
  t.advance(1000); // distinct created_at stamps, so the expected orders are unambiguous
  const answer = await t.call('POST', '/api/tickets', { token, json: ticketBody(w, { title, ...overrides }) });
  expect(answer.status, answer.text).toBe(201);
  numbers[title] = answer.body.data.number;
  return answer.body.data.number as string;
}
const patch = (title: string, json: unknown) => t.call('PATCH', `/api/tickets/${numbers[title]}`, { token: w.admin.token, json });

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  await create('Login fails on Android', { priority: 'high', description: 'The café app shows a blank screen after login.' });
  await create('Refund stuck', { priority: 'low', description: 'A refund has been pending for a week now.' });
  await create('Courier map frozen', { priority: 'medium', app: 'shaq_express', service_id: w.expressServiceId, description: 'The delivery map stops moving.' }, w.otherSupport.token);
  await create('Receipt e-mail missing', { priority: 'high', description: 'Customers get no receipt by e-mail.' });
  await patch('Refund stuck', { status: 'assigned', developer_id: w.developer.id });
  await patch('Courier map frozen', { status: 'assigned', developer_id: w.otherDeveloper.id });
  await patch('Courier map frozen', { status: 'closed' });
});
afterAll(() => t.close());

describe('pages', () => {
  it('answers the whole list without parameters, and a page with any', async () => {
    const whole = await t.call('GET', '/api/tickets', { token: w.admin.token });
    expect(whole.body.data).toEqual({ list: expect.any(Array) });
    expect(whole.body.data.list).toHaveLength(4);
    const first = await page('limit=2');
    expect(first.total).toBe(4);
    expect(first.list.map((ticket) => ticket.title)).toEqual(['Receipt e-mail missing', 'Courier map frozen']);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('walks every matching ticket exactly once by cursor, even while tickets are created', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: Awaited<ReturnType<typeof page>> = await page(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.list.map((ticket) => ticket.title));
      if (seen.length === 2) await create('Created while walking');
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['Receipt e-mail missing', 'Courier map frozen', 'Refund stuck', 'Login fails on Android']);
    await t.call('PATCH', `/api/tickets/${numbers['Created while walking']}`, { token: w.admin.token, json: { status: 'closed' } });
  });

  it('cuts descriptions to 200 characters and leaves images out', async () => {
    await create('Long description', { description: 'x'.repeat(5000), priority: 'low' });
    const [ticket] = (await page('q=Long description')).list;
    expect(ticket.description).toHaveLength(200);
    expect(ticket).not.toHaveProperty('image');
    const full = await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token });
    expect(full.body.data.description).toHaveLength(5000);
    await patch('Long description', { status: 'closed' });
  });
});

describe('filters and sorts', () => {
  it.each([
    ['status=opened', ['Receipt e-mail missing', 'Login fails on Android']],
    ['status=opened,assigned', ['Receipt e-mail missing', 'Refund stuck', 'Login fails on Android']],
    ['status=reopened', ['Receipt e-mail missing', 'Login fails on Android']],
    ['status=closed&app=shaq_express', ['Courier map frozen']],
    ['priority=high&status=opened', ['Receipt e-mail missing', 'Login fails on Android']],
    ['priority=low,medium&status=opened,assigned', ['Refund stuck']],
    ['developer_id=none&status=opened,assigned', ['Receipt e-mail missing', 'Login fails on Android']],
    ['status=closed&sort=oldest', ['Courier map frozen', 'Created while walking', 'Long description']],
  ])('%s', async (query, expected) => expect(await titles(query)).toEqual(expected));

  it('filters by ids: category, service, creator, developer', async () => {
    expect(await titles(`service_id=${w.expressServiceId}`)).toEqual(['Courier map frozen']);
    expect(await titles(`created_by_id=${w.otherSupport.id}`)).toEqual(['Courier map frozen']);
    expect(await titles(`developer_id=${w.developer.id}`)).toEqual(['Refund stuck']);
    expect((await page(`category_id=${w.categoryId}`)).total).toBe(6);
    expect((await page('category_id=999')).total).toBe(0);
  });

  it('sorts by priority (high first, then newest) and by last update', async () => {
    expect(await titles('status=opened,assigned&sort=priority')).toEqual(['Receipt e-mail missing', 'Login fails on Android', 'Refund stuck']);
    t.advance(1000);
    await patch('Login fails on Android', { status: 'closed' });
    expect((await titles('sort=updated&limit=2'))[0]).toBe('Login fails on Android');
    await t.call('PATCH', `/api/tickets/${numbers['Login fails on Android']}`, { token: w.admin.token, json: { status: 'opened' } });
  });

  it('myTickets pages hold only the caller’s tickets, created or assigned', async () => {
    const mine = await t.call('GET', '/api/tickets/myTickets?limit=10', { token: w.developer.token });
    expect(mine.body.data.list.map((ticket: any) => ticket.title)).toEqual(['Refund stuck']);
    const created = await t.call('GET', `/api/tickets/myTickets?created_by_id=${w.otherSupport.id}`, { token: w.owner.token });
    expect(created.body.data.total).toBe(0);
  });
});

describe('search', () => {
  it.each([
    ['login', ['Login fails on Android']],
    ['LOGI', ['Login fails on Android']],
    ['cafe', ['Login fails on Android']],
    ['receipt mail', ['Receipt e-mail missing']],
    ['receipt refund', []],
    ['Olivia refund', ['Refund stuck']],
    ['dana', ['Refund stuck']],
    ['Payments courier', ['Courier map frozen']],
    ['Delivery', ['Courier map frozen']],
    ['"AND (OR* NEAR', []],
  ])('%s', async (q, expected) => expect(await titles(`q=${encodeURIComponent(q)}`)).toEqual(expected));

  it('counts and pages a search under every filter and in myTickets', async () => {
    expect((await page(`q=refund&status=assigned&developer_id=${w.developer.id}&priority=low`)).total).toBe(1);
    expect((await page('q=refund&status=opened')).total).toBe(0);
    expect((await page(`q=courier&app=shaq_express&service_id=${w.expressServiceId}&created_by_id=${w.otherSupport.id}`)).total).toBe(1);
    expect((await page('q=courier&developer_id=none')).total).toBe(0);
    const mine = await t.call('GET', '/api/tickets/myTickets?q=refund', { token: w.developer.token });
    expect(mine.body.data).toMatchObject({ total: 1, list: [{ title: 'Refund stuck' }] });
    const notMine = await t.call('GET', '/api/tickets/myTickets?q=courier', { token: w.developer.token });
    expect(notMine.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('finds a ticket by its number in any form', async () => {
    const number = numbers['Refund stuck']!;
    const id = String(Number(number.slice(4)));
    for (const q of [id, number.slice(4), number, number.toLowerCase()]) expect(await titles(`q=${q}`), q).toContain('Refund stuck');
  });
});

describe('bad parameters', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['status=pending', 'status'],
    ['app=web', 'app'],
    ['priority=urgent', 'priority'],
    ['category_id=-1', 'category_id'],
    ['developer_id=someone', 'developer_id'],
    ['sort=random', 'sort'],
    ['cursor=not-a-cursor', 'cursor'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('%s answers 422 naming %s', async (query, field) => {
    const answer = await t.call('GET', `/api/tickets?${query}`, { token: w.admin.token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([expect.any(String)]);
  });

  it('refuses a cursor made for another sort', async () => {
    const { next_cursor } = await page('limit=1&sort=priority');
    const answer = await t.call('GET', `/api/tickets?limit=1&sort=updated&cursor=${next_cursor}`, { token: w.admin.token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.cursor).toEqual(['cursor is not valid for this list; start again from the first page.']);
  });

  it('still needs a signed-in caller', async () => {
    expect((await t.call('GET', '/api/tickets?limit=5')).status).toBe(401);
    expect((await t.call('GET', '/api/tickets/stats')).status).toBe(401);
    expect((await t.call('GET', '/api/tickets/export.csv')).status).toBe(401);
  });
});

describe('due date', () => {
  it('is stored on create and edit, refused when not a real day, and sorts soonest first with undated tickets last', async () => {
    const bad = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { due_date: '2026-02-30' }) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.due_date).toEqual(['due date must be a date (YYYY-MM-DD).']);
    const late = await create('Due late', { due_date: '2027-03-01', priority: 'low' });
    const soon = await create('Due soon', { due_date: '2027-01-15', priority: 'low' });
    const detail = await t.call('GET', `/api/tickets/${soon}`, { token: w.admin.token });
    expect(detail.body.data.due_date).toBe('2027-01-15');
    const edited = await t.call('PATCH', `/api/tickets/${late}/edit`, { token: w.owner.token, json: { due_date: '2027-01-01' } });
    expect(edited.body.data.due_date).toBe('2027-01-01');
    const first = await page('sort=due&limit=2');
    expect(first.list.map((ticket) => ticket.title)).toEqual(['Due late', 'Due soon']);
    const rest = await page(`sort=due&limit=50&cursor=${first.next_cursor}`);
    expect(rest.list.every((ticket) => ticket.due_date === null)).toBe(true);
    expect(rest.list.length + 2).toBe(first.total);
    const cleared = await t.call('PATCH', `/api/tickets/${late}/edit`, { token: w.owner.token, json: { due_date: '' } });
    expect(cleared.body.data.due_date).toBeNull();
    for (const title of ['Due late', 'Due soon']) await patch(title, { status: 'closed' });
  });
});
