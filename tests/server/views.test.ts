/**
 * Saved views (design.md#saved-views): a person's own views and the shared ones; the query checked
 * by the work queue's parser; names unique per owner; bounded; a super's shared-view changes in
 * the audit log; the built-in views' queries counted by the list's own counts.
 * (Who may call what: permissions.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_VIEWS, parseTicketQuery, QUERY_MESSAGES, ticketQueryString, VIEW_LIMITS, VIEW_MESSAGES } from '../../src/shared/index.ts';
import { createStaff, createTicket, createWorld, startServerWithWorld, startTestServer, ticketBody, type Staff, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const save = (token: string, json: Record<string, unknown>) => t.call('POST', '/api/views', { token, json });
const list = async (token: string) => (await t.call('GET', '/api/views', { token })).body.data.list as Array<{ id: number; name: string; query: string; shared: boolean }>;
const names = async (token: string) => (await list(token)).map((view) => view.name);
const auditKinds = async () => (await t.call('GET', '/api/audit?kind=view&limit=200', { token: w.admin.token })).body.data.list.map((row: { kind: string; target: { label: string } }) => `${row.kind} ${row.target.label}`);

describe('the query is a list the page can show', () => {
  it('is stored canonically: filters in the work queue’s order, defaults left out, scope first and layout last', async () => {
    const answer = await save(w.owner.token, { name: 'Canonical', query: '?view=table&sort=newest&status=reopened,assigned&scope=all&priority=high' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(VIEW_MESSAGES.created);
    expect(answer.body.data).toEqual({ id: expect.any(Number), name: 'Canonical', query: 'scope=all&status=opened%2Cassigned&priority=high&view=table', shared: false });
  });

  it('keeps the Overdue chip of the list (overdue=1) where the list page writes it, before the layout', async () => {
    const answer = await save(w.owner.token, { name: 'Late ones', query: 'view=cards&overdue=1&priority=high&tab=all' });
    expect(answer.body.data.query).toBe('tab=all&priority=high&overdue=1&view=cards');
  });

  it.each([
    ['overdue=yes', VIEW_MESSAGES.pageParam('overdue')],
    ['limit=5', VIEW_MESSAGES.unknownParam('limit')],
    ['cursor=abc', VIEW_MESSAGES.unknownParam('cursor')],
    ['status=opened&colour=red', VIEW_MESSAGES.unknownParam('colour')],
    ['status=pending', QUERY_MESSAGES.status],
    ['sort=sideways', QUERY_MESSAGES.sort],
    ['developer_id=someone', QUERY_MESSAGES.developer_id],
    ['scope=everything', VIEW_MESSAGES.pageParam('scope')],
    ['tab=mine', VIEW_MESSAGES.pageParam('tab')],
    ['view=grid', VIEW_MESSAGES.pageParam('view')],
    [`q=${'x'.repeat(VIEW_LIMITS.queryMax)}`, VIEW_MESSAGES.query],
    [42, VIEW_MESSAGES.query],
  ])('%s is a 422 naming it', async (query, message) => {
    const answer = await save(w.owner.token, { name: 'Refused', query });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ query: [message] });
  });

  it('needs a name of 1 to 60 characters without control characters; shared must be a boolean', async () => {
    for (const name of ['', '   ', 'x'.repeat(VIEW_LIMITS.nameMax + 1), 'tab\u0007bell', 7]) {
      expect((await save(w.owner.token, { name, query: '' })).body.errors).toEqual({ name: [VIEW_MESSAGES.name] });
    }
    expect((await save(w.admin.token, { name: 'Odd', query: '', shared: 'yes' })).body.errors).toEqual({ shared: [VIEW_MESSAGES.shared] });
  });

  it('an empty query is the default list', async () => {
    expect((await save(w.owner.token, { name: 'Everything', query: '' })).body.data.query).toBe('');
  });
});

describe('whose views', () => {
  it('each person sees their own, then the shared ones; nobody sees another’s own', async () => {
    const dev = await createStaff(t, w.admin.token, 'developer', 'Vera');
    await save(dev.token, { name: 'zeta mine', query: 'tab=all' });
    await save(dev.token, { name: 'Alpha mine', query: 'status=closed' });
    await save(w.admin.token, { name: 'Team high', query: 'priority=high', shared: true });
    await save(w.admin.token, { name: 'Admin only', query: 'scope=my' });
    expect(await names(dev.token)).toEqual(['Alpha mine', 'zeta mine', 'Team high']);
    const seen = await list(w.otherSupport.token);
    expect(seen.map((view) => view.name)).toEqual(['Team high']);
    expect(seen[0]!.shared).toBe(true);
    expect(await names(w.admin.token)).toContain('Admin only');
  });

  it('names are unique per owner whatever their case, and among shared views; others may reuse them', async () => {
    await save(w.developer.token, { name: 'Printers', query: 'q=printer' });
    const again = await save(w.developer.token, { name: 'PRINTERS', query: 'q=printers' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: [VIEW_MESSAGES.nameTaken] });
    expect((await save(w.otherDeveloper.token, { name: 'Printers', query: '' })).status).toBe(201);
    expect((await save(w.admin.token, { name: 'Printers', query: '', shared: true })).status).toBe(201);
    expect((await save(w.admin.token, { name: 'printers', query: '', shared: true })).body.errors).toEqual({ name: [VIEW_MESSAGES.sharedNameTaken] });
  });

  it('renaming keeps the query and refuses a name the owner already uses', async () => {
    const a = (await save(w.otherSupport.token, { name: 'First', query: 'priority=low' })).body.data;
    await save(w.otherSupport.token, { name: 'Second', query: '' });
    const clash = await t.call('PATCH', `/api/views/${a.id}`, { token: w.otherSupport.token, json: { name: 'second' } });
    expect(clash.body.errors).toEqual({ name: [VIEW_MESSAGES.nameTaken] });
    const renamed = await t.call('PATCH', `/api/views/${a.id}`, { token: w.otherSupport.token, json: { name: '  Low ones  ' } });
    expect(renamed.body).toEqual({ message: VIEW_MESSAGES.renamed, data: { id: a.id, name: 'Low ones', query: 'priority=low', shared: false } });
    // Its own name again, in another case, is no clash.
    expect((await t.call('PATCH', `/api/views/${a.id}`, { token: w.otherSupport.token, json: { name: 'LOW ONES' } })).status).toBe(200);
  });

  it(`a person keeps at most ${VIEW_LIMITS.perOwner}`, async () => {
    const busy: Staff = await createStaff(t, w.admin.token, 'support', 'Bea');
    for (let i = 0; i < VIEW_LIMITS.perOwner; i++) expect((await save(busy.token, { name: `View ${i}`, query: '' })).status).toBe(201);
    const over = await save(busy.token, { name: 'One more', query: '' });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ name: [VIEW_MESSAGES.tooMany] });
    const first = (await list(busy.token)).find((view) => !view.shared)!;
    await t.call('DELETE', `/api/views/${first.id}`, { token: busy.token });
    expect((await save(busy.token, { name: 'One more', query: '' })).status).toBe(201);
  });

  it('an account’s own views go with it (shared views have no owner to go with)', async () => {
    const gone = await createStaff(t, w.admin.token, 'developer', 'Gus');
    const own = (await save(gone.token, { name: 'Soon gone', query: '' })).body.data;
    expect((await t.call('DELETE', `/api/auth/user/${gone.id}`, { token: w.admin.token })).status).toBe(200);
    const rows = t.server.app.db.prepare('SELECT id FROM saved_views WHERE id = ?').all(own.id);
    expect(rows).toEqual([]);
  });
});

describe('shared views and the audit log', () => {
  it('a super’s shared-view changes are rows; own views and refusals write none', async () => {
    const before = (await auditKinds()).length;
    await save(w.admin.token, { name: 'Private of the super', query: '' });
    await save(w.owner.token, { name: 'Private of support', query: '' });
    const shared = (await save(w.admin.token, { name: 'Board review', query: 'status=opened', shared: true })).body.data;
    await t.call('PATCH', `/api/views/${shared.id}`, { token: w.owner.token, json: { name: 'Hijack' } });
    await t.call('PATCH', `/api/views/${shared.id}`, { token: w.admin.token, json: { name: 'Weekly review' } });
    await t.call('DELETE', `/api/views/${shared.id}`, { token: w.admin.token });
    const kinds = await auditKinds();
    expect(kinds.length - before).toBe(3);
    expect(kinds.slice(0, 3)).toEqual(['view.deleted Weekly review', 'view.renamed Weekly review', 'view.created Board review']);
    const renamed = (await t.call('GET', '/api/audit?kind=view.renamed&limit=1', { token: w.admin.token })).body.data.list[0];
    expect(renamed.before).toEqual({ name: 'Board review', query: 'status=opened' });
    expect(renamed.after).toEqual({ name: 'Weekly review', query: 'status=opened' });
  });

  it('other people cannot change a shared view (403) nor see that another’s own exists (404)', async () => {
    const shared = (await save(w.admin.token, { name: 'Keep out', query: '', shared: true })).body.data;
    expect((await t.call('DELETE', `/api/views/${shared.id}`, { token: w.developer.token })).status).toBe(403);
    const own = (await save(w.developer.token, { name: 'Just mine', query: '' })).body.data;
    expect((await t.call('DELETE', `/api/views/${own.id}`, { token: w.admin.token })).status).toBe(404);
    expect((await t.call('PATCH', `/api/views/${own.id}`, { token: w.otherDeveloper.token, json: { name: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/views/999999', { token: w.developer.token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/views/abc', { token: w.developer.token })).status).toBe(404);
  });
});

describe('counts', () => {
  it('a view’s query counts with the list’s own total and stats: the built-in Unassigned and My open work', async () => {
    const fresh = await startTestServer();
    try {
      const world = await createWorld(fresh);
      await createTicket(fresh, world, 'opened');
      await createTicket(fresh, world, 'opened');
      await createTicket(fresh, world, 'assigned');
      await createTicket(fresh, world, 'closed');
      const filtersOf = (query: string) => {
        const params = new URLSearchParams(query);
        params.delete('scope');
        params.delete('tab');
        return ticketQueryString(parseTicketQuery(params).query);
      };
      const unassigned = BUILT_IN_VIEWS.super.find((view) => view.key === 'unassigned')!;
      const stats = await fresh.call('GET', `/api/tickets/stats?${filtersOf(unassigned.query)}`, { token: world.admin.token });
      expect(stats.body.data.total).toBe(2);
      const mine = BUILT_IN_VIEWS.developer.find((view) => view.key === 'my-open-work')!;
      const page = await fresh.call('GET', `/api/tickets/myTickets?${filtersOf(mine.query)}&developer_id=${world.developer.id}&limit=1`, { token: world.developer.token });
      expect(page.body.data.total).toBe(1);
      // Every built-in view's query is one the server stores as it is.
      for (const views of Object.values(BUILT_IN_VIEWS)) {
        for (const view of views) expect((await fresh.call('POST', '/api/views', { token: world.admin.token, json: { name: `${view.key} ${views.length}${Math.random()}`, query: view.query } })).body.data.query).toBe(view.query);
      }
    } finally {
      await fresh.close();
    }
  });

  it('the built-in Overdue: open work past its manual due date, counted as its list asks (due_before today, open statuses)', async () => {
    const fresh = await startTestServer();
    try {
      const world = await createWorld(fresh);
      const due = async (due_date: string, state: 'opened' | 'assigned' | 'closed') => {
        const created = await fresh.call('POST', '/api/tickets', { token: world.owner.token, json: ticketBody(world, { due_date }) });
        const number = created.body.data.number;
        if (state !== 'opened') await fresh.call('PATCH', `/api/tickets/${number}`, { token: world.admin.token, json: { status: 'assigned', developer_id: world.developer.id } });
        if (state === 'closed') await fresh.call('PATCH', `/api/tickets/${number}`, { token: world.admin.token, json: { status: 'closed' } });
      };
      await due('2026-01-05', 'opened');
      await due('2026-01-06', 'assigned');
      await due('2026-01-07', 'closed');
      await due('2999-01-01', 'opened');
      await createTicket(fresh, world, 'opened');
      const overdue = BUILT_IN_VIEWS.super.find((view) => view.key === 'overdue')!;
      expect(overdue).toMatchObject({ name: 'Overdue', query: 'overdue=1' });
      expect(BUILT_IN_VIEWS.support.find((view) => view.key === 'overdue')?.query).toBe('scope=all&overdue=1');
      expect(BUILT_IN_VIEWS.developer.find((view) => view.key === 'overdue')?.query).toBe('tab=all&overdue=1');
      const today = new Date().toISOString().slice(0, 10);
      const page = await fresh.call('GET', `/api/tickets?status=opened,assigned&due_before=${today}&limit=1`, { token: world.developer.token });
      expect(page.body.data.total).toBe(2);
      expect((await fresh.call('GET', `/api/tickets/stats?status=opened,assigned&due_before=${today}`, { token: world.admin.token })).body.data.total).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});
