/**
 * POST /tickets/bulk (design.md#bulk-actions): every ticket follows the permission table (design.md#permissions) and the
 * conditional updates as if changed alone; each change gets its log entry and its live event.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_TICKETS, BULK_MESSAGES, SERVER } from '../../src/shared/index.ts';
import { dataOf, openStream } from './event-stream.ts';
import { createTicket, createWorld, startServerWithWorld, startTestServer, ticketBody, type Staff, type TestServer, type TicketState, type World } from './helpers.ts';

const EVENTS_WITHIN_MS = 2000;

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const bulk = (staff: Staff, json: unknown) => t.call('POST', '/api/tickets/bulk', { token: staff.token, json });
const statusOf = async (number: string) => (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data.status;
const logOf = async (number: string) => (await t.call('GET', `/api/activity-log/${number}`, { token: w.admin.token })).body.data.list;

type Caller = 'super' | 'owner' | 'otherSupport' | 'developer' | 'otherDeveloper';
const CALLERS: Caller[] = ['super', 'owner', 'otherSupport', 'developer', 'otherDeveloper'];
const who = (caller: Caller): Staff => (caller === 'super' ? w.admin : w[caller]);
const STATES: TicketState[] = ['opened', 'assigned', 'closed'];
/** Per starting state (opened, assigned, closed), per caller: ✓ (changed) or the skip reason. */
type Row = Record<Caller, [string, string, string]>;
const OK = '✓';
const NA = 'not allowed';

// design.md#permissions, written out by hand. Tickets are created by `owner` and assigned to `developer`.
const MATRIX: Record<string, Row> = {
  close: {
    super: [OK, OK, 'already closed'],
    owner: [OK, OK, 'already closed'],
    otherSupport: [NA, NA, NA],
    developer: [NA, OK, 'already closed'],
    otherDeveloper: [NA, NA, NA],
  },
  reopen: {
    super: ['not closed', 'not closed', OK],
    owner: ['not closed', 'not closed', OK],
    otherSupport: ['not closed', 'not closed', OK],
    developer: [NA, NA, NA],
    otherDeveloper: [NA, NA, NA],
  },
  assign: {
    super: [OK, 'already assigned', 'closed'],
    owner: [NA, NA, NA],
    otherSupport: [NA, NA, NA],
    developer: [OK, 'already assigned', 'closed'],
    otherDeveloper: [NA, NA, NA],
  },
  remove_developer: {
    super: ['not assigned', OK, 'closed'],
    owner: [NA, NA, NA],
    otherSupport: [NA, NA, NA],
    developer: [NA, NA, NA],
    otherDeveloper: [NA, NA, NA],
  },
};
const AFTER: Record<string, string> = { close: 'closed', reopen: 'opened', assign: 'assigned', remove_developer: 'assigned' };

describe('the permission table, per ticket', () => {
  for (const [action, row] of Object.entries(MATRIX)) {
    for (const caller of CALLERS) {
      it(`${action} by ${caller}: ${row[caller].join(' / ')}`, async () => {
        const tickets = [];
        for (const state of STATES) tickets.push(await createTicket(t, w, state));
        const numbers = tickets.map((ticket) => ticket.number);
        const extra = action === 'assign' ? { developer_id: w.developer.id } : {};
        const answer = await bulk(who(caller), { ids: numbers, filter: null, action, ...extra });
        expect(answer.status).toBe(200);
        const expected = row[caller];
        expect(answer.body.data.changed).toEqual(numbers.filter((_, i) => expected[i] === OK));
        expect(answer.body.data.skipped).toEqual(numbers.flatMap((number, i) => (expected[i] === OK ? [] : [{ number, reason: expected[i] }])));
        for (const [i, ticket] of tickets.entries()) expect(await statusOf(ticket.number)).toBe(expected[i] === OK ? AFTER[action] : STATES[i]);
      });
    }
  }
});

describe('a bulk change', () => {
  it('changes what it may, skips the rest with reasons, and says so in one sentence', async () => {
    const opened = await createTicket(t, w, 'opened');
    const assigned = await createTicket(t, w, 'assigned');
    const closed = await createTicket(t, w, 'closed');
    const answer = await bulk(w.admin, { ids: [opened.number, assigned.id, closed.number, 'TCK-999999'], action: 'close' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('2 closed, 2 skipped: 1 already closed, 1 not found');
    expect(answer.body.data).toEqual({
      changed: [opened.number, assigned.number],
      skipped: [{ number: closed.number, reason: 'already closed' }, { number: 'TCK-999999', reason: 'not found' }],
    });
    const single = await bulk(w.admin, { ids: [opened.number, closed.number], action: 'reopen' });
    expect(single.body.message).toBe('2 reopened');
    const again = await bulk(w.admin, { ids: [opened.number], action: 'reopen' });
    expect(again.body.message).toBe('0 reopened, 1 skipped: not closed');
  });

  it('gives each changed ticket its own activity-log entry and its own live event, and refreshes cached answers', async () => {
    const tickets = [await createTicket(t, w, 'opened'), await createTicket(t, w, 'assigned'), await createTicket(t, w, 'closed')];
    for (const ticket of tickets) await statusOf(ticket.number); // warms the detail cache
    const page = await t.call('GET', '/api/tickets?status=opened,assigned&limit=200', { token: w.admin.token });
    const stream = await openStream(t, w.otherSupport.token);
    const answer = await bulk(w.admin, { ids: tickets.map((ticket) => ticket.number), action: 'close' });
    expect(answer.body.data.changed).toHaveLength(2);

    // A comment after the answer marks the end: events come in order, so nothing more followed the bulk.
    await t.call('POST', `/api/tickets/${tickets[2].number}/comments`, { token: w.admin.token, json: { body: 'After the bulk close.' } });
    await stream.next(() => dataOf(stream, 'ticket').length >= 3, EVENTS_WITHIN_MS);
    stream.close();
    expect(dataOf(stream, 'ticket')).toEqual([
      // Each event carries the card's fields as the ticket is now, and a transition the status it left (design.md#live-updates).
      { id: tickets[0].id, number: tickets[0].number, change: 'status', from: 'opened', ticket: expect.objectContaining({ status: 'closed' }) },
      { id: tickets[1].id, number: tickets[1].number, change: 'status', from: 'assigned', ticket: expect.objectContaining({ status: 'closed' }) },
      { id: tickets[2].id, number: tickets[2].number, change: 'comment', ticket: expect.objectContaining({ comment_count: expect.any(Number) }) },
    ]);
    for (const ticket of tickets.slice(0, 2)) {
      const log = await logOf(ticket.number);
      expect(log.filter((entry: { action: string }) => entry.action === 'closed')).toHaveLength(1);
      expect(log.at(-1)).toMatchObject({ name: 'Admin', action: 'closed' });
      expect(await statusOf(ticket.number)).toBe('closed');
    }
    expect((await logOf(tickets[2].number)).filter((entry: { action: string }) => entry.action === 'closed')).toHaveLength(1);
    const after = await t.call('GET', '/api/tickets?status=opened,assigned&limit=200', { token: w.admin.token, headers: { 'If-None-Match': page.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.data.total).toBe(page.body.data.total - 2);
  });

  it('assigns a developer to each ticket and removes them again (super)', async () => {
    const a = await createTicket(t, w, 'opened');
    const b = await createTicket(t, w, 'opened');
    const assigned = await bulk(w.admin, { ids: [a.number, b.number], action: 'assign', developer_id: w.otherDeveloper.id });
    expect(assigned.body.message).toBe('2 assigned');
    const detail = (await t.call('GET', `/api/tickets/${a.number}`, { token: w.admin.token })).body.data;
    expect(detail).toMatchObject({ status: 'assigned', developer: { id: w.otherDeveloper.id, name: 'Derek' } });
    const removed = await bulk(w.admin, { ids: [a.number, b.number], action: 'remove_developer' });
    expect(removed.body.message).toBe('2 unassigned');
    expect((await t.call('GET', `/api/tickets/${b.number}`, { token: w.admin.token })).body.data).toMatchObject({ status: 'assigned', developer: null });
    expect((await logOf(b.number)).map((entry: { action: string }) => entry.action)).toEqual(['opened', 'assigned', 'unassigned']);
  });
});

describe('a race with a single-ticket change', () => {
  it('skips a ticket changed between selection and the bulk action, and never changes it twice', async () => {
    const title = `Race ${Date.now()}`;
    for (let i = 0; i < 3; i++) await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title }) });
    const selected = (await t.call('GET', `/api/tickets?q=${encodeURIComponent(title)}&status=opened`, { token: w.owner.token })).body.data.list;
    const numbers = selected.map((ticket: { number: string }) => ticket.number);
    expect(numbers).toHaveLength(3);
    // Someone closes one while the selection is on screen.
    expect((await t.call('PATCH', `/api/tickets/${numbers[1]}`, { token: w.admin.token, json: { status: 'closed' } })).status).toBe(200);

    const answer = await bulk(w.owner, { ids: numbers, action: 'close' });
    expect(answer.body.data).toEqual({ changed: [numbers[0], numbers[2]], skipped: [{ number: numbers[1], reason: 'already closed' }] });
    const log = await logOf(numbers[1]);
    expect(log.filter((entry: { action: string }) => entry.action === 'closed')).toEqual([expect.objectContaining({ name: 'Admin' })]);
  });

  it('holds by the conditional update even when the ticket was read before another writer changed it', async () => {
    const ticket = await createTicket(t, w, 'closed');
    const { app } = t.server;
    const find = app.tickets.find;
    // Another connection reopens the ticket right after the bulk action has read it.
    app.tickets.find = (ref: string) => {
      const row = find(ref);
      app.db.prepare("UPDATE tickets SET status = 'opened' WHERE id = ?").run(row!.id);
      return row;
    };
    try {
      const answer = await bulk(w.admin, { ids: [ticket.number], action: 'reopen' });
      expect(answer.body.data).toEqual({ changed: [], skipped: [{ number: ticket.number, reason: 'not closed' }] });
    } finally {
      app.tickets.find = find;
    }
    expect((await logOf(ticket.number)).map((entry: { action: string }) => entry.action)).toEqual(['opened', 'assigned', 'closed']);
  });
});

describe('filter mode and the cap', () => {
  it('acts on every ticket the work-queue filter matches', async () => {
    const mine = [await createTicket(t, w, 'opened', w.otherSupport), await createTicket(t, w, 'opened', w.otherSupport)];
    const closedToo = await createTicket(t, w, 'closed', w.otherSupport);
    const answer = await bulk(w.admin, { ids: null, filter: { created_by_id: w.otherSupport.id, status: ['opened', 'assigned'] }, action: 'close' });
    expect(answer.status).toBe(200);
    expect([...answer.body.data.changed].sort()).toEqual(mine.map((ticket) => ticket.number).sort());
    expect(answer.body.data.skipped).toEqual([]);
    expect(await statusOf(closedToo.number)).toBe('closed');
    const none = await bulk(w.admin, { filter: { created_by_id: w.otherSupport.id, status: 'opened' }, action: 'close' });
    expect(none.body).toEqual({ message: '0 closed', data: { changed: [], skipped: [] } });
  });

  it(`takes up to ${BULK_MAX_TICKETS} tickets and refuses a filter that matches more, changing nothing`, async () => {
    const title = `Capped ${Date.now()}`;
    const numbers: string[] = [];
    for (let i = 0; i < BULK_MAX_TICKETS + 1; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, BULK_MAX_TICKETS + 1 - i) }, () => t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title }) })),
      );
      numbers.push(...batch.map((answer) => answer.body.data.number));
    }
    const filter = { q: title, status: ['opened'] };
    const over = await bulk(w.admin, { filter, action: 'close' });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(BULK_MESSAGES.filterTooMany(BULK_MAX_TICKETS + 1));
    expect((await t.call('GET', `/api/tickets/stats?q=${encodeURIComponent(title)}`, { token: w.admin.token })).body.data.status.opened).toBe(BULK_MAX_TICKETS + 1);

    const tooManyIds = await bulk(w.admin, { ids: numbers, action: 'close' });
    expect(tooManyIds.status).toBe(422);
    expect(tooManyIds.body.message).toBe(BULK_MESSAGES.tooMany);

    await t.call('PATCH', `/api/tickets/${numbers[0]}`, { token: w.admin.token, json: { status: 'closed' } });
    const exactly = await bulk(w.admin, { filter, action: 'close' });
    expect(exactly.status).toBe(200);
    expect(exactly.body.message).toBe(`${BULK_MAX_TICKETS} closed`);
    expect((await t.call('GET', `/api/tickets/stats?q=${encodeURIComponent(title)}`, { token: w.admin.token })).body.data.status.closed).toBe(BULK_MAX_TICKETS + 1);
  });
});

describe('bad input', () => {
  let number: string;
  beforeAll(async () => {
    number = (await createTicket(t, w, 'opened')).number;
  });

  const CASES: Array<[string, unknown, number, string]> = [
    ['a list instead of an object', ['TCK-000001'], 400, SERVER.malformed],
    ['no action', { ids: ['X'] }, 422, BULK_MESSAGES.action],
    ['an unknown action', { ids: ['X'], action: 'delete' }, 422, BULK_MESSAGES.action],
    ['neither ids nor filter', { action: 'close' }, 422, BULK_MESSAGES.target],
    ['both ids and filter', { ids: ['X'], filter: {}, action: 'close' }, 422, BULK_MESSAGES.target],
    ['ids not a list', { ids: 'TCK-000001', action: 'close' }, 422, BULK_MESSAGES.ids],
    ['ids of the wrong type', { ids: [{ id: 1 }], action: 'close' }, 422, BULK_MESSAGES.ids],
    ['an empty list', { ids: [], action: 'close' }, 422, BULK_MESSAGES.idsEmpty],
    [`more than ${BULK_MAX_TICKETS} ids`, { ids: Array.from({ length: BULK_MAX_TICKETS + 1 }, (_, i) => i + 1), action: 'close' }, 422, BULK_MESSAGES.tooMany],
    ['a filter that is not an object', { filter: 'status=opened', action: 'close' }, 422, BULK_MESSAGES.filter],
    ['an unknown filter', { filter: { stauts: 'opened' }, action: 'close' }, 422, BULK_MESSAGES.filter],
    ['a bad filter value', { filter: { status: 'lost' }, action: 'close' }, 422, 'status must be opened, assigned or closed.'],
    ['assign without a developer', { filter: {}, action: 'assign' }, 422, BULK_MESSAGES.developer],
  ];
  for (const [name, json, status, message] of CASES) {
    it(`refuses ${name}`, async () => {
      const answer = await bulk(w.admin, json);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(await statusOf(number)).toBe('opened');
    });
  }

  it('refuses duplicate ids, even spelled two ways, and a developer_id that is no developer', async () => {
    const numeric = Number(number.replace(/\D/g, ''));
    for (const ids of [[number, number], [number, String(numeric)], [number, numeric]]) {
      const answer = await bulk(w.admin, { ids, action: 'close' });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(BULK_MESSAGES.idsDuplicate);
    }
    const support = await bulk(w.admin, { ids: [number], action: 'assign', developer_id: w.owner.id });
    expect(support.status).toBe(422);
    expect(support.body.message).toBe(SERVER.notADeveloper);
    expect(await statusOf(number)).toBe('opened');
    expect((await logOf(number)).map((entry: { action: string }) => entry.action)).toEqual(['opened']);
  });

  it('refuses malformed JSON and the signed-out', async () => {
    const malformed = await t.call('POST', '/api/tickets/bulk', { token: w.admin.token, raw: '{"ids": [', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(SERVER.malformed);
    expect((await t.call('POST', '/api/tickets/bulk', { json: { ids: [number], action: 'close' } })).status).toBe(401);
    expect(await statusOf(number)).toBe('opened');
  });
});

describe('webhooks', () => {
  it('receive one POST per changed ticket, as a single change sends', async () => {
    const bodies: { change: string; ticket: { number: string }; text: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        bodies.push(JSON.parse(raw));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hooked = await startTestServer({ webhookUrls: [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`] });
    try {
      const world = await createWorld(hooked);
      const tickets = [await createTicket(hooked, world, 'opened'), await createTicket(hooked, world, 'opened'), await createTicket(hooked, world, 'closed')];
      const arrived = async (count: number) => {
        const until = Date.now() + 3000;
        while (bodies.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100)); // nothing more may follow
        return bodies.length;
      };
      // Seeding sent 3 creates, then an assign and a close for the closed one.
      const seeded = await arrived(5);
      expect(seeded).toBe(5);
      const answer = await hooked.call('POST', '/api/tickets/bulk', { token: world.admin.token, json: { ids: tickets.map((x) => x.number), action: 'close' } });
      expect(answer.body.data.changed).toHaveLength(2);
      expect(await arrived(seeded + 2)).toBe(seeded + 2);
      expect(bodies.slice(seeded).map((body) => [body.change, body.ticket.number, body.text])).toEqual(
        tickets.slice(0, 2).map((x) => ['status', x.number, expect.stringContaining('closed')]),
      );
    } finally {
      await hooked.close();
      receiver.close();
    }
  });
});
