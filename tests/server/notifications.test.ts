/**
 * Who is told (design.md#notifications, product.md#notifications): in-app rows for each rule, never the actor or
 * a deleted account, one per person per change with the strongest reason; mail rows only with SMTP on
 * and by preference; everything in the change's transaction; the API; the live count to its owner alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/server.ts';
import { NOTIFICATION_KINDS } from '../../src/shared/index.ts';
import { dataOf, openStream } from './event-stream.ts';
import { ADMIN, createStaff, createTicket, createWorld, PASSWORD, startTestServer, type Staff, type TestServer, type World } from './helpers.ts';

const DAY_MS = 86_400_000;
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer({ smtpUrl: 'smtp://relay.example:25', publicUrl: 'https://helpdesk.example' });
  w = await createWorld(t);
});
afterAll(() => t.close());

/** An account with the e-mail given, signed in. */
async function staffWithEmail(server: TestServer, role: 'support' | 'developer', firstName: string, email: string): Promise<Staff> {
  const created = await server.call('POST', '/api/auth/user/create', {
    token: w.admin.token,
    json: { first_name: firstName, last_name: 'Tester', email, role, password: PASSWORD },
  });
  if (created.status !== 201) throw new Error(created.text);
  return { id: created.body.data.id, email, token: await server.signIn(email, PASSWORD) };
}

const rows = (sql: string, ...params: (number | string)[]) => t.server.app.db.prepare(sql).all(...params) as any[];
/** Who was told of the ticket's latest event, and why: { userId: reason }. */
function toldOfLatest(ticketId: number): Record<number, string> {
  const told = rows(`SELECT user_id, reason FROM notifications WHERE event_id = (SELECT max(id) FROM ticket_events WHERE ticket_id = ?)`, ticketId);
  return Object.fromEntries(told.map((row) => [row.user_id, row.reason]));
}
const textFor = (ticketId: number, userId: number) =>
  rows('SELECT text FROM notifications WHERE ticket_id = ? AND user_id = ? ORDER BY id DESC LIMIT 1', ticketId, userId)[0]?.text;
const mailOfLatest = (ticketId: number) =>
  rows(`SELECT user_id, to_address, payload, message_id FROM mail_outbox WHERE ticket_id = ? AND created_at =
    (SELECT at FROM ticket_events WHERE id = (SELECT max(id) FROM ticket_events WHERE ticket_id = ?)) ORDER BY user_id`, ticketId, ticketId);
const comment = (number: string, token: string, body: string) => t.call('POST', `/api/tickets/${number}/comments`, { token, json: { body } });
const patch = (number: string, token: string, json: unknown) => t.call('PATCH', `/api/tickets/${number}`, { token, json });

describe('who is told', () => {
  it('assigned: the developer ("to you") and the creator; never the actor', async () => {
    const ticket = await createTicket(t, w);
    expect((await patch(ticket.number, w.admin.token, { status: 'assigned', developer_id: w.developer.id })).status).toBe(200);
    expect(toldOfLatest(ticket.id)).toEqual({ [w.developer.id]: 'assigned', [w.owner.id]: 'my_ticket' });
    expect(textFor(ticket.id, w.developer.id)).toBe(`Admin assigned ${ticket.number} "Checkout button does nothing" to you`);
    expect(textFor(ticket.id, w.owner.id)).toBe(`Admin assigned ${ticket.number} "Checkout button does nothing" to Dana`);
  });

  it('a developer taking a ticket tells the creator, not themselves, and watches it', async () => {
    const ticket = await createTicket(t, w);
    await patch(ticket.number, w.developer.token, { status: 'assigned', developer_id: w.developer.id });
    expect(toldOfLatest(ticket.id)).toEqual({ [w.owner.id]: 'my_ticket' });
    const detail = await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.developer.token });
    expect(detail.body.data.watching).toBe(true);
  });

  it('closed and reopened: the creator and the developer (the one the reopen removed too)', async () => {
    const ticket = await createTicket(t, w, 'assigned');
    await patch(ticket.number, w.admin.token, { status: 'closed' });
    expect(toldOfLatest(ticket.id)).toEqual({ [w.developer.id]: 'assigned', [w.owner.id]: 'my_ticket' });
    expect(textFor(ticket.id, w.owner.id)).toBe(`Admin closed ${ticket.number} "Checkout button does nothing"`);
    await patch(ticket.number, w.otherSupport.token, { status: 'opened' });
    expect(toldOfLatest(ticket.id)).toEqual({ [w.developer.id]: 'assigned', [w.owner.id]: 'my_ticket' });
    expect(textFor(ticket.id, w.developer.id)).toBe(`Sam reopened ${ticket.number} "Checkout button does nothing"`);
  });

  it('the creator closing their own ticket tells only the developer', async () => {
    const ticket = await createTicket(t, w, 'assigned');
    await patch(ticket.number, w.owner.token, { status: 'closed' });
    expect(toldOfLatest(ticket.id)).toEqual({ [w.developer.id]: 'assigned' });
  });

  it('unassigning and editing tell nobody', async () => {
    const ticket = await createTicket(t, w, 'assigned');
    await patch(ticket.number, w.admin.token, { status: 'assigned', developer_id: null });
    expect(toldOfLatest(ticket.id)).toEqual({});
    const other = await createTicket(t, w);
    await t.call('PATCH', `/api/tickets/${other.number}/edit`, { token: w.owner.token, json: { title: 'A new title' } });
    expect(toldOfLatest(other.id)).toEqual({});
  });

  it('a comment: the creator, the developer, the watchers and everyone who commented before', async () => {
    const ticket = await createTicket(t, w, 'assigned');
    const watcher = await createStaff(t, w.admin.token, 'support', 'Wanda');
    const earlier = await createStaff(t, w.admin.token, 'developer', 'Eric');
    expect((await t.call('PUT', `/api/tickets/${ticket.number}/watch`, { token: watcher.token })).body.data.watching).toBe(true);
    await comment(ticket.number, earlier.token, 'I looked at this once');
    // Eric stops watching (commenting watched it): still told, as someone who commented before.
    await t.call('DELETE', `/api/tickets/${ticket.number}/watch`, { token: earlier.token });
    await comment(ticket.number, w.otherSupport.token, 'Same here');
    expect(toldOfLatest(ticket.id)).toEqual({
      [w.owner.id]: 'my_ticket',
      [w.developer.id]: 'assigned',
      [watcher.id]: 'watching',
      [earlier.id]: 'comment',
    });
    expect(textFor(ticket.id, watcher.id)).toBe(`Sam commented on ${ticket.number} "Checkout button does nothing"`);
  });

  it('@mentions by e-mail and by a unique local part; an ambiguous local part mentions nobody', async () => {
    const ticket = await createTicket(t, w);
    const ada = await staffWithEmail(t, 'developer', 'Ada', 'ada.lovelace@example.com');
    const grace = await staffWithEmail(t, 'support', 'Grace', 'grace.hopper@example.com');
    const twinA = await staffWithEmail(t, 'support', 'Twin', 'twin@one.example');
    const twinB = await staffWithEmail(t, 'support', 'Twin', 'twin@two.example');
    await comment(ticket.number, w.otherSupport.token, 'Asking @ADA.LOVELACE@example.com and @grace.hopper, also @twin. Not me@grace.hopper.');
    expect(toldOfLatest(ticket.id)).toEqual({ [w.owner.id]: 'my_ticket', [ada.id]: 'mention', [grace.id]: 'mention' });
    expect(textFor(ticket.id, ada.id)).toBe(`Sam mentioned you on ${ticket.number} "Checkout button does nothing"`);
    expect(toldOfLatest(ticket.id)[twinA.id] ?? toldOfLatest(ticket.id)[twinB.id]).toBeUndefined();
  });

  it('one notification per person per change, for the strongest reason; the actor mentioning themselves is not told', async () => {
    const ticket = await createTicket(t, w, 'assigned');
    await comment(ticket.number, w.owner.token, 'First');
    // The owner is creator, watcher and earlier commenter, and is mentioned: once, as a mention.
    const local = w.owner.email.split('@')[0];
    await comment(ticket.number, w.developer.token, `@${local} @${w.owner.email} and @${w.developer.email}`);
    expect(toldOfLatest(ticket.id)).toEqual({ [w.owner.id]: 'mention' });
    expect(mailOfLatest(ticket.id).map((row) => row.user_id)).toEqual([w.owner.id]);
  });

  it('never a deleted account', async () => {
    const ticket = await createTicket(t, w);
    const leaving = await createStaff(t, w.admin.token, 'developer', 'Leaving');
    await comment(ticket.number, leaving.token, 'I was here');
    await t.call('DELETE', `/api/auth/user/${leaving.id}`, { token: w.admin.token });
    const answer = await comment(ticket.number, w.otherSupport.token, `Ask @${leaving.email}`);
    expect(answer.status).toBe(201);
    expect(toldOfLatest(ticket.id)).toEqual({ [w.owner.id]: 'my_ticket' });
  });
});

describe('mail rows', () => {
  it('one per person told, with the payload the worker renders, while SMTP_URL is set', async () => {
    const ticket = await createTicket(t, w);
    await comment(ticket.number, w.developer.token, 'Fixed on staging.\nPlease check.');
    const [mail, ...more] = mailOfLatest(ticket.id);
    expect(more).toEqual([]);
    expect(mail.user_id).toBe(w.owner.id);
    expect(mail.to_address).toBe(w.owner.email);
    expect(mail.message_id).toMatch(/^<[^<>@\s]+@helpdesk\.example>$/);
    expect(JSON.parse(mail.payload)).toEqual({
      ticket: { id: ticket.id, number: ticket.number, title: ticket.title, status: 'opened', priority: 'high' },
      sentence: `Dana commented on ${ticket.number} "Checkout button does nothing"`,
      comment: 'Fixed on staging.\nPlease check.',
      actor: 'Dana',
      reason: 'my_ticket',
    });
  });

  it('none for a person whose preference for that kind is off; the in-app one still comes', async () => {
    const defaults = await t.call('GET', '/api/me/notifications', { token: w.otherSupport.token });
    expect(defaults.body.data).toEqual({ email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) });
    const off = { email: { ...defaults.body.data.email, my_tickets: false } };
    expect((await t.call('PUT', '/api/me/notifications', { token: w.otherSupport.token, json: off })).body.data).toEqual(off);
    expect((await t.call('GET', '/api/me/notifications', { token: w.otherSupport.token })).body.data).toEqual(off);

    const ticket = await createTicket(t, w, 'opened', w.otherSupport);
    await patch(ticket.number, w.admin.token, { status: 'assigned', developer_id: w.developer.id });
    expect(toldOfLatest(ticket.id)).toEqual({ [w.developer.id]: 'assigned', [w.otherSupport.id]: 'my_ticket' });
    expect(mailOfLatest(ticket.id).map((row) => row.user_id)).toEqual([w.developer.id]);
    // Mentions are another switch: still mailed.
    await comment(ticket.number, w.admin.token, `@${w.otherSupport.email}`);
    expect(mailOfLatest(ticket.id).map((row) => row.user_id)).toContain(w.otherSupport.id);

    const bad = await t.call('PUT', '/api/me/notifications', { token: w.otherSupport.token, json: { email: { assigned: 'yes' } } });
    expect(bad.status).toBe(422);
  });

  it('none at all without SMTP_URL', async () => {
    const off = await startTestServer();
    try {
      const world = await createWorld(off);
      const ticket = await createTicket(off, world, 'assigned');
      const db = off.server.app.db;
      expect(Number((db.prepare('SELECT count(*) AS n FROM notifications WHERE ticket_id = ?').get(ticket.id) as any).n)).toBe(2);
      expect(Number((db.prepare('SELECT count(*) AS n FROM mail_outbox').get() as any).n)).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('in the change\'s transaction', () => {
  it('a comment whose mail row fails writes no comment, event, notification or mail', async () => {
    const ticket = await createTicket(t, w);
    const count = (table: string) => Number(rows(`SELECT count(*) AS n FROM ${table}`)[0].n);
    const before = ['comments', 'ticket_events', 'notifications', 'mail_outbox', 'ticket_watchers'].map(count);
    t.server.app.db.exec(`CREATE TEMP TRIGGER refuse_mail BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    try {
      const answer = await comment(ticket.number, w.developer.token, 'This write fails at its last step');
      expect(answer.status).toBe(500);
    } finally {
      t.server.app.db.exec('DROP TRIGGER refuse_mail');
    }
    expect(['comments', 'ticket_events', 'notifications', 'mail_outbox', 'ticket_watchers'].map(count)).toEqual(before);
    const detail = await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token });
    expect(detail.body.data.comment_count).toBe(0);
  });
});

describe('the API', () => {
  it('pages newest first, counts unread, marks some or all read, and shows only the caller\'s own', async () => {
    const reader = await createStaff(t, w.admin.token, 'support', 'Reader');
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push(await createTicket(t, w, 'opened', reader));
    for (const ticket of tickets) await comment(ticket.number, w.developer.token, 'Noted');
    expect((await t.call('GET', '/api/notifications/unread', { token: reader.token })).body.data).toEqual({ count: 5 });

    const first = await t.call('GET', '/api/notifications?limit=2', { token: reader.token });
    expect(first.status).toBe(200);
    expect(first.body.data.list.map((n: any) => n.ticket.number)).toEqual([tickets[4].number, tickets[3].number]);
    expect(first.body.data.list[0]).toEqual({
      id: expect.any(Number),
      ticket: { id: tickets[4].id, number: tickets[4].number, title: tickets[4].title },
      reason: 'my_ticket',
      text: `Dana commented on ${tickets[4].number} "Checkout button does nothing"`,
      actor: { id: w.developer.id, name: 'Dana' },
      created_at: expect.any(String),
      read_at: null,
    });
    const second = await t.call('GET', `/api/notifications?limit=2&cursor=${first.body.data.next_cursor}`, { token: reader.token });
    const third = await t.call('GET', `/api/notifications?limit=2&cursor=${second.body.data.next_cursor}`, { token: reader.token });
    expect(second.body.data.list.map((n: any) => n.ticket.number)).toEqual([tickets[2].number, tickets[1].number]);
    expect(third.body.data).toEqual({ list: [expect.objectContaining({ ticket: expect.objectContaining({ number: tickets[0].number }) })], next_cursor: null });

    // Another person's ids are ignored.
    const others = rows('SELECT id FROM notifications WHERE user_id != ? AND read_at IS NULL LIMIT 1', reader.id).map((row) => row.id);
    const some = await t.call('POST', '/api/notifications/read', { token: reader.token, json: { ids: [first.body.data.list[0].id, ...others] } });
    expect(some.body.data).toEqual({ count: 4 });
    expect(rows('SELECT read_at FROM notifications WHERE id = ?', others[0])[0].read_at).toBeNull();
    const all = await t.call('POST', '/api/notifications/read', { token: reader.token, json: { all: true } });
    expect(all.body.data).toEqual({ count: 0 });
    const after = await t.call('GET', '/api/notifications?limit=1', { token: reader.token });
    expect(after.body.data.list[0].read_at).not.toBeNull();

    expect((await t.call('GET', '/api/notifications?cursor=nonsense', { token: reader.token })).status).toBe(422);
    expect((await t.call('GET', '/api/notifications?limit=0', { token: reader.token })).status).toBe(422);
    expect((await t.call('POST', '/api/notifications/read', { token: reader.token, json: { ids: 'all' } })).status).toBe(422);
    expect((await t.call('GET', '/api/notifications')).status).toBe(401);
  });

  it('watch and unwatch answer the watchers; the detail says who watches', async () => {
    const ticket = await createTicket(t, w);
    const on = await t.call('PUT', `/api/tickets/${ticket.number}/watch`, { token: w.otherDeveloper.token });
    expect(on.body.data).toEqual({ watching: true, watchers: [{ id: w.otherDeveloper.id, name: 'Derek Tester' }, { id: w.owner.id, name: 'Olivia Tester' }] });
    const detail = await t.call('GET', `/api/tickets/${ticket.id}`, { token: w.otherDeveloper.token });
    expect(detail.body.data).toMatchObject({ watching: true, watchers: on.body.data.watchers });
    expect((await t.call('GET', `/api/tickets/${ticket.id}`, { token: w.admin.token })).body.data.watching).toBe(false);
    const off = await t.call('DELETE', `/api/tickets/${ticket.number}/watch`, { token: w.otherDeveloper.token });
    expect(off.body.data).toEqual({ watching: false, watchers: [{ id: w.owner.id, name: 'Olivia Tester' }] });
    expect((await t.call('GET', `/api/tickets/${ticket.id}`, { token: w.otherDeveloper.token })).body.data.watching).toBe(false);
    expect((await t.call('PUT', '/api/tickets/TCK-999999/watch', { token: w.owner.token })).status).toBe(404);
  });

  it('offers up to 8 people for an @, by the start of a name or address, never the caller', async () => {
    const found = await t.call('GET', '/api/users/mentionable?q=dan', { token: w.owner.token });
    expect(found.body.data.list).toEqual([{ id: w.developer.id, name: 'Dana Tester', email: w.developer.email }]);
    const self = await t.call('GET', '/api/users/mentionable?q=oliv', { token: w.owner.token });
    expect(self.body.data.list).toEqual([]);
    const everyone = await t.call('GET', '/api/users/mentionable', { token: w.developer.token });
    expect(everyone.body.data.list.length).toBe(8);
    const percent = await t.call('GET', '/api/users/mentionable?q=%25', { token: w.developer.token });
    expect(percent.body.data.list).toEqual([]);
  });
});

describe('the live count', () => {
  it('goes to the recipient\'s streams alone', async () => {
    const ticket = await createTicket(t, w);
    await t.call('POST', '/api/notifications/read', { token: w.owner.token, json: { all: true } });
    const owner = await openStream(t, w.owner.token);
    const bystander = await openStream(t, w.otherDeveloper.token);
    try {
      await comment(ticket.number, w.developer.token, 'Live count please');
      await expect.poll(() => dataOf(owner, 'notification')[0]).toEqual({ unread: 1 });
      // The ticket frame leaves after the counts: once the bystander has it, no count is on its way.
      await expect.poll(() => dataOf(bystander, 'ticket').some((data) => data.number === ticket.number)).toBe(true);
      expect(dataOf(bystander, 'notification')).toEqual([]);
      await t.call('POST', '/api/notifications/read', { token: w.owner.token, json: { all: true } });
      await expect.poll(() => dataOf(owner, 'notification').at(-1)).toEqual({ unread: 0 });
    } finally {
      owner.close();
      bystander.close();
    }
  });
});

describe('retention', () => {
  it('forgets events after 30 days and notifications 90 days after they were read, keeping unread ones', async () => {
    const own = await startTestServer();
    try {
      const world = await createWorld(own);
      const ticket = await createTicket(own, world);
      await own.call('PATCH', `/api/tickets/${ticket.number}`, { token: world.admin.token, json: { status: 'assigned', developer_id: world.developer.id } });
      await own.call('POST', `/api/tickets/${ticket.number}/comments`, { token: world.admin.token, json: { body: 'Any news?' } });
      const side = own.openSideConnection();
      const count = (table: string) => Number((side.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
      const events = count('ticket_events');
      expect(events).toBeGreaterThanOrEqual(3);
      // The developer reads theirs; the owner leaves theirs unread.
      await own.call('POST', '/api/notifications/read', { token: world.developer.token, json: { all: true } });
      const unread = Number((side.prepare('SELECT count(*) AS n FROM notifications WHERE read_at IS NULL').get() as { n: number }).n);
      expect(unread).toBeGreaterThan(0);

      own.advance(29 * DAY_MS);
      sweepExpired(own.server.app);
      expect(count('ticket_events')).toBe(events);
      own.advance(2 * DAY_MS);
      sweepExpired(own.server.app);
      expect(count('ticket_events')).toBe(0);
      expect(count('notifications')).toBeGreaterThan(unread);
      own.advance(60 * DAY_MS);
      sweepExpired(own.server.app);
      expect(count('notifications')).toBe(unread);
      // A change after the sweep is recorded as before (a new sign-in: the old session expired meanwhile).
      const token = await own.signIn(world.admin.email, ADMIN.password);
      expect((await own.call('POST', `/api/tickets/${ticket.number}/comments`, { token, json: { body: 'Still here?' } })).status).toBe(201);
      expect(count('ticket_events')).toBe(1);
    } finally {
      await own.close();
    }
  });
});
