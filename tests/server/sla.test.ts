/**
 * design.md#service-levels on the server: the policy API (any role reads, a super writes, 422s naming the
 * field and leaving the policy as it was, an audit row), the state on ticket answers through assign,
 * close, reopen and a priority change, a policy change recomputing open tickets, and the timer moving a
 * ticket to due soon and then breached with the clock moved: one event each (live frame, notification,
 * webhook delivery), never twice; the queue's sla filter and the stats' counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlaPolicy } from '../../src/shared/index.ts';
import { createTicket, startServerWithWorld, ticketBody, type TestServer, type World } from './helpers.ts';
import { ALL_DAY_POLICY as POLICY } from './sla-policy.ts';

const MINUTE = 60_000;

let t: TestServer;
let w: World;
const published: { id: number; change: string }[] = [];

beforeAll(async () => {
  // A webhook nobody answers, retried much later: its delivery rows stay to be counted. The timer never fires by itself.
  ({ t, w } = await startServerWithWorld({ webhookUrls: ['http://127.0.0.1:9/hook'], webhookRetrySeconds: [3600], slaTimer: () => () => {} }));
  const live = t.server.app.live;
  const publish = live.publish.bind(live);
  live.publish = (event) => {
    published.push({ id: event.id, change: event.change });
    publish(event);
  };
});
afterAll(() => t.close());

const rows = (sql: string, ...params: (number | string)[]) => t.server.app.db.prepare(sql).all(...params) as any[];
const put = (json: unknown, token = w.admin.token) => t.call('PUT', '/api/sla', { token, json });
const detail = async (number: string) => (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data;
const patch = (number: string, json: unknown, token = w.admin.token) => t.call('PATCH', `/api/tickets/${number}`, { token, json });
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();
/** Waits for the dispatcher's turn after a commit (it runs on setImmediate). */
const dispatched = () => new Promise((resolve) => setImmediate(resolve));

describe('the policy API', () => {
  it('is off until a super sets it; anyone signed in reads it', async () => {
    const answer = await t.call('GET', '/api/sla', { token: w.owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect((await createTicket(t, w)).sla).toEqual({ respond_by: null, resolve_by: null, responded_at: null, state: 'none' });
  });

  it('refuses a non-super with 403 and bad input with a 422 naming the field, leaving the policy as it was', async () => {
    expect((await put(POLICY, w.owner.token)).status).toBe(403);
    expect((await put(POLICY, w.developer.token)).status).toBe(403);
    expect((await t.call('DELETE', '/api/sla', { token: w.developer.token })).status).toBe(403);
    const bad: [Partial<SlaPolicy> | Record<string, unknown>, string][] = [
      [{ timezone: 'Nowhere/Atlantis' }, 'timezone'],
      [{ week: { ...POLICY.week, mon: [['17:00', '09:00']] } }, 'week.mon'],
      [{ week: { ...POLICY.week, tue: [['09:00', '12:00'], ['11:00', '14:00']] } }, 'week.tue'],
      [{ holidays: ['2026-13-01'] }, 'holidays'],
      [{ targets: { ...POLICY.targets, high: { respond_minutes: -1, resolve_minutes: 60 } } }, 'targets.high.respond_minutes'],
      [{ targets: { ...POLICY.targets, low: { respond_minutes: null, resolve_minutes: 2.5 } } }, 'targets.low.resolve_minutes'],
      [{ warn_percent: 100 }, 'warn_percent'],
    ];
    for (const [change, field] of bad) {
      const answer = await put({ ...POLICY, ...change });
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.errors), field).toEqual([field]);
    }
    expect((await t.call('GET', '/api/sla', { token: w.admin.token })).body.data).toBeNull();
    expect(rows("SELECT count(*) AS n FROM audit_log WHERE kind = 'setting.sla'")[0].n).toBe(0);
  });

  it('saves a super\'s policy with an audit row, and recomputes the open tickets', async () => {
    const before = await createTicket(t, w);
    const answer = await put(POLICY);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(POLICY);
    expect((await t.call('GET', '/api/sla', { token: w.developer.token })).body.data).toEqual(POLICY);
    const audit = rows("SELECT before, after FROM audit_log WHERE kind = 'setting.sla'");
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after)).toEqual(POLICY);
    const sla = (await detail(before.number)).sla;
    expect(sla).toMatchObject({ respond_by: plus(before.created_at, 60), resolve_by: plus(before.created_at, 240), state: 'on_track' });
  });
});

describe('the state on ticket answers', () => {
  it('follows assign, close and reopen; a reopen starts the resolve clock again', async () => {
    const ticket = await createTicket(t, w);
    expect(ticket.sla.state).toBe('on_track');
    const assigned = await patch(ticket.number, { status: 'assigned', developer_id: w.developer.id });
    expect(assigned.body.data.sla.responded_at).toBe(assigned.body.data.updated_at);
    expect((await patch(ticket.number, { status: 'closed' })).body.data.sla.state).toBe('met');
    t.advance(10 * MINUTE);
    const reopened = (await patch(ticket.number, { status: 'opened' })).body.data;
    expect(reopened.sla).toMatchObject({ state: 'on_track', responded_at: assigned.body.data.updated_at, resolve_by: plus(reopened.updated_at, 240) });
    // The list answers carry it too.
    const page = await t.call('GET', `/api/tickets?q=${ticket.number}`, { token: w.admin.token });
    expect(page.body.data.list[0].sla.state).toBe('on_track');
  });

  it('is recomputed when the priority changes', async () => {
    const ticket = await createTicket(t, w);
    const edited = await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { priority: 'low' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.sla).toMatchObject({ respond_by: null, resolve_by: null, state: 'none' });
    const medium = await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { priority: 'medium' } });
    expect(medium.body.data.sla).toMatchObject({ respond_by: plus(ticket.created_at, 120), state: 'on_track' });
  });

  it('is recomputed for open tickets when the policy changes, closed ones keep their outcome', async () => {
    const open = await createTicket(t, w);
    const closed = await createTicket(t, w, 'closed');
    expect(closed.sla.state).toBe('met');
    const slower = { ...POLICY, targets: { ...POLICY.targets, high: { respond_minutes: 90, resolve_minutes: 600 } } };
    expect((await put(slower)).status).toBe(200);
    expect((await detail(open.number)).sla).toMatchObject({ respond_by: plus(open.created_at, 90), resolve_by: plus(open.created_at, 600) });
    expect((await detail(closed.number)).sla.state).toBe('met');
    expect((await put(POLICY)).status).toBe(200);
  });
});

describe('the timer', () => {
  it('moves a ticket to due soon, then breached, with one event each, never twice', async () => {
    const sweep = () => t.server.app.sla.sweep();
    await sweep(); // whatever earlier tests left crossing
    const ticket = await createTicket(t, w);
    const events = () => rows("SELECT action FROM ticket_events WHERE ticket_id = ? AND change = 'sla' ORDER BY id", ticket.id).map((row) => JSON.parse(row.action).state);
    const supers = rows("SELECT id FROM users WHERE role = 'super'").map((row) => row.id);

    await sweep();
    expect(events()).toEqual([]);
    t.advance(31 * MINUTE); // past half of the hour to respond
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    await dispatched();
    expect(events()).toEqual(['due_soon']);
    expect((await detail(ticket.number)).sla.state).toBe('due_soon');
    // Nobody is assigned: every super is told.
    const told = rows("SELECT user_id, text, actor_id FROM notifications WHERE ticket_id = ? AND reason = 'sla'", ticket.id);
    expect(told.map((row) => row.user_id).sort()).toEqual(supers.sort());
    expect(told[0]).toMatchObject({ text: `${ticket.number} "${ticket.title}" is due soon`, actor_id: null });
    expect(rows("SELECT body FROM webhook_deliveries WHERE label = ?", `sla of ${ticket.number}`)).toHaveLength(1);
    expect(published.filter((event) => event.id === ticket.id && event.change === 'sla')).toHaveLength(1);
    expect(await sweep()).toBe(0);

    t.advance(30 * MINUTE); // past the hour
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    await dispatched();
    expect(await sweep()).toBe(0);
    expect(events()).toEqual(['due_soon', 'breached']);
    expect((await detail(ticket.number)).sla.state).toBe('breached');
    expect(rows("SELECT count(*) AS n FROM notifications WHERE ticket_id = ? AND reason = 'sla'", ticket.id)[0].n).toBe(supers.length * 2);
    expect(rows("SELECT count(*) AS n FROM webhook_deliveries WHERE label = ?", `sla of ${ticket.number}`)[0].n).toBe(2);
    expect(published.filter((event) => event.id === ticket.id && event.change === 'sla')).toHaveLength(2);
  });

  it('tells the assigned developer alone', async () => {
    await t.server.app.sla.sweep();
    const ticket = await createTicket(t, w, 'assigned');
    t.advance(121 * MINUTE); // past half of the four hours to resolve
    await t.server.app.sla.sweep();
    expect(rows("SELECT user_id FROM notifications WHERE ticket_id = ? AND reason = 'sla'", ticket.id)).toEqual([{ user_id: w.developer.id }]);
  });
});

describe('the queue', () => {
  it('filters by sla and counts due soon and breached in the stats', async () => {
    await t.server.app.sla.sweep();
    const fresh = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: 'Fresh one' }) });
    t.advance(31 * MINUTE);
    await t.server.app.sla.sweep();
    const states = rows("SELECT sla_state, count(*) AS n FROM ticket_sla GROUP BY 1");
    const count = (state: string) => states.find((row) => row.sla_state === state)?.n ?? 0;
    expect(count('due_soon')).toBeGreaterThan(0);
    expect(count('breached')).toBeGreaterThan(0);

    const dueSoon = await t.call('GET', '/api/tickets?sla=due_soon&limit=200', { token: w.admin.token });
    expect(dueSoon.body.data.total).toBe(count('due_soon'));
    expect(dueSoon.body.data.list.map((ticket: any) => ticket.number)).toContain(fresh.body.data.number);
    expect(dueSoon.body.data.list.every((ticket: any) => ticket.sla.state === 'due_soon')).toBe(true);
    const both = await t.call('GET', '/api/tickets?sla=due_soon,breached&app=shaq_app', { token: w.admin.token });
    expect(both.body.data.total).toBe(count('due_soon') + count('breached'));
    const stats = await t.call('GET', '/api/tickets/stats', { token: w.admin.token });
    expect(stats.body.data.sla).toEqual({ due_soon: count('due_soon'), breached: count('breached') });
    expect((await t.call('GET', '/api/tickets?sla=late', { token: w.admin.token })).status).toBe(422);

    // A cached page follows the next crossing.
    t.advance(30 * MINUTE);
    await t.server.app.sla.sweep();
    const after = await t.call('GET', '/api/tickets?sla=due_soon&limit=200', { token: w.admin.token });
    expect(after.body.data.list.map((ticket: any) => ticket.number)).not.toContain(fresh.body.data.number);
  });

  it('keeps the counts per state and combination through every kind of write', async () => {
    const combination = 'sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id';
    const kept = () => rows(`SELECT ${combination}, n FROM sla_facts WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`);
    const counted = () => rows(`SELECT s.sla_state, t.status, t.app, t.priority, t.category_id, t.service_id, coalesce(t.created_by_id, 0) AS created_by_id,
      coalesce(t.developer_id, 0) AS developer_id, count(*) AS n FROM ticket_sla s JOIN tickets t ON t.id = s.ticket_id GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`);
    const edited = await createTicket(t, w);
    const edit = await t.call('PATCH', `/api/tickets/${edited.number}/edit`, { token: w.owner.token, json: { priority: 'medium' } });
    expect(edit.status).toBe(200);
    const assigned = await createTicket(t, w, 'assigned');
    expect((await patch(assigned.number, { status: 'closed' })).status).toBe(200);
    expect((await patch(assigned.number, { status: 'opened' })).status).toBe(200);
    const deleted = await createTicket(t, w);
    t.advance(61 * MINUTE);
    await t.server.app.sla.sweep();
    expect(kept()).toEqual(counted());
    // A ticket deleted (an account's erasure takes its tickets): its row goes first, its count with it.
    t.server.app.db.prepare('DELETE FROM tickets WHERE id = ?').run(deleted.id);
    expect(rows('SELECT count(*) AS n FROM ticket_sla WHERE ticket_id = ?', deleted.id)[0].n).toBe(0);
    expect(kept()).toEqual(counted());
    // A policy change moves the counts once per recompute batch, not by trigger (db/sla-batch-moves.ts).
    const policy = (await t.call('GET', '/api/sla', { token: w.admin.token })).body.data as SlaPolicy;
    const statesBefore = rows('SELECT ticket_id, sla_state FROM ticket_sla ORDER BY 1');
    const tight = { respond_minutes: 1, resolve_minutes: 1 };
    expect((await put({ ...policy, targets: { high: tight, medium: tight, low: tight } })).status).toBe(200);
    expect(rows('SELECT ticket_id, sla_state FROM ticket_sla ORDER BY 1')).not.toEqual(statesBefore);
    expect(kept()).toEqual(counted());
    expect((await put(policy)).status).toBe(200);
    expect(kept()).toEqual(counted());
    expect(rows('SELECT count(*) AS n FROM sla_batch_moves')[0].n).toBe(0);

    const truth = (where: string) => rows(`SELECT count(*) AS n FROM tickets t JOIN ticket_sla s ON s.ticket_id = t.id WHERE ${where}`)[0].n;
    const page = await t.call('GET', '/api/tickets?sla=breached&app=shaq_app&status=opened,assigned', { token: w.admin.token });
    expect(truth("s.sla_state = 'breached' AND t.app = 'shaq_app' AND t.status IN ('opened', 'assigned')")).toBeGreaterThan(0);
    expect(page.body.data.total).toBe(truth("s.sla_state = 'breached' AND t.app = 'shaq_app' AND t.status IN ('opened', 'assigned')"));
    const stats = await t.call('GET', `/api/tickets/stats?sla=due_soon,breached&developer_id=none`, { token: w.admin.token });
    expect(stats.body.data.sla.breached).toBe(truth("s.sla_state = 'breached' AND t.developer_id IS NULL"));
    expect(stats.body.data.status.opened).toBe(truth("s.sla_state IN ('due_soon', 'breached') AND t.developer_id IS NULL AND t.status = 'opened'"));
    // The kept counts know no due day: with one, the tickets themselves are counted.
    const due = await t.call('GET', '/api/tickets?sla=breached&due_before=2999-01-01', { token: w.admin.token });
    expect(truth("s.sla_state = 'breached'")).toBeGreaterThan(truth("s.sla_state = 'breached' AND t.due_date < '2999-01-01'"));
    expect(due.body.data.total).toBe(truth("s.sla_state = 'breached' AND t.due_date < '2999-01-01'"));
    expect(due.body.data.list).toHaveLength(due.body.data.total);
  });

  it('reports the share of service levels met per group', async () => {
    const outcomes = rows("SELECT priority, sla_state, count(*) AS n FROM tickets JOIN ticket_sla ON ticket_id = id WHERE sla_state IN ('met', 'breached') GROUP BY 1, 2");
    const of = (priority: string, state: string) => outcomes.find((row) => row.priority === priority && row.sla_state === state)?.n ?? 0;
    expect(of('high', 'met')).toBeGreaterThan(0);
    expect(of('high', 'breached')).toBeGreaterThan(0);
    const day = new Date(t.server.app.now()).toISOString().slice(0, 10);
    const from = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    const report = await t.call('GET', `/api/tickets/report?from=${from}&to=${day}&group=priority`, { token: w.admin.token });
    const high = report.body.data.groups.find((group: any) => group.key === 'high');
    expect(high.sla_met_share).toBeCloseTo(of('high', 'met') / (of('high', 'met') + of('high', 'breached')), 3);
    expect(report.body.data.groups.find((group: any) => group.key === 'low')?.sla_met_share ?? null).toBeNull();
  });

  it('reads the sla filter from an index', () => {
    const plan = t.server.app.queue.plan({ sla: ['breached'], app: ['shaq_app'] }).join('\n');
    expect(plan).toMatch(/ticket_sla_state/);
    expect(plan).toMatch(/SEARCH sla_facts USING PRIMARY KEY \(sla_state=\?\)/);
    expect(plan).not.toMatch(/SCAN tickets(?! USING)/);
  });

  it('turns off with DELETE: open tickets have no service level', async () => {
    const ticket = await createTicket(t, w);
    const answer = await t.call('DELETE', '/api/sla', { token: w.admin.token });
    expect(answer.status).toBe(200);
    expect((await t.call('GET', '/api/sla', { token: w.admin.token })).body.data).toBeNull();
    expect((await detail(ticket.number)).sla.state).toBe('none');
    expect(rows("SELECT count(*) AS n FROM ticket_sla WHERE sla_next_at IS NOT NULL")[0].n).toBe(0);
  });
});
