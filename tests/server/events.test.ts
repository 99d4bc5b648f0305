/** design.md#live-updates: GET /events, read as the client reads it (./event-stream.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { DEFAULT_SETTINGS } from '../../src/server/settings.ts';
import { ARRIVES_WITHIN_MS, openStream, type Frame } from './event-stream.ts';
import { createStaff, createTicket, createWorld, PASSWORD, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

const MAX_STREAMS_PER_USER = DEFAULT_SETTINGS.eventsStreamsPerUser;

const ticketEvent = (number: string, change: string) => (f: Frame) => f.event === 'ticket' && f.data !== undefined && JSON.parse(f.data).number === number && JSON.parse(f.data).change === change;

/** Resolves once `promise` does, or rejects after the timeout. */
const within = <T>(promise: Promise<T>, ms = ARRIVES_WITHIN_MS) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer({ eventsHeartbeatSeconds: 0.2 });
  w = await createWorld(t);
});
afterAll(() => t.close());

describe('GET /events', () => {
  it('is an event stream that never caches, and refuses the signed-out', async () => {
    const stream = await openStream(t, w.developer.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    stream.close();
    expect((await t.call('GET', '/api/events')).status).toBe(401);
    expect((await t.call('GET', '/api/events?token=' + w.developer.token)).status).toBe(401);
  });

  it("brings each create, edit, status change and comment to another user's stream", async () => {
    const stream = await openStream(t, w.developer.token);
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w) });
    const { id, number } = created.body.data;
    const first = await stream.next(ticketEvent(number, 'created'));
    // The card's fields ride along (design.md#live-updates), so a screen patches in place.
    expect(JSON.parse(first.data!)).toEqual({ id, number, change: 'created', ticket: expect.objectContaining({ title: created.body.data.title, status: 'opened', developer: null, comment_count: 0 }) });
    expect(Number(first.id)).toBeGreaterThan(0);

    await t.call('PATCH', `/api/tickets/${number}/edit`, { token: w.owner.token, json: { title: 'A better title' } });
    await stream.next(ticketEvent(number, 'updated'));
    await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, json: { status: 'assigned', developer_id: w.developer.id } });
    const assigned = await stream.next(ticketEvent(number, 'status'));
    expect(JSON.parse(assigned.data!).ticket).toMatchObject({ title: 'A better title', status: 'assigned', developer: { id: w.developer.id } });
    // The status it left: a list showing both statuses need not refetch.
    expect(JSON.parse(assigned.data!).from).toBe('opened');
    expect(JSON.parse(first.data!).from).toBeUndefined();
    const comment = await t.call('POST', `/api/tickets/${number}/comments`, { token: w.owner.token, json: { body: 'Any news?' } });
    await stream.next(ticketEvent(number, 'comment'));
    await t.call('PATCH', `/api/comments/${comment.body.data.id}`, { token: w.owner.token, json: { body: 'Any news at all?' } });
    await t.call('DELETE', `/api/comments/${comment.body.data.id}`, { token: w.owner.token });
    await stream.next(() => stream.frames.filter(ticketEvent(number, 'comment')).length === 3);

    const ids = stream.frames.filter((f) => f.id).map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    stream.close();
  });

  it('sends heartbeats', async () => {
    const stream = await openStream(t, w.otherSupport.token);
    await stream.next((f) => f.comment === 'ping');
    stream.close();
  });

  it('starts every stream with retry: 3000, before anything else, so an EventSource reconnects after 3 s', async () => {
    const stream = await openStream(t, w.owner.token);
    await stream.next(() => true);
    expect(stream.frames[0]).toEqual({ retry: '3000' });
    stream.close();
  });

  it('resumes after Last-Event-ID, and asks for a reset when the id is unknown', async () => {
    const ticket = await createTicket(t, w);
    const first = await openStream(t, w.owner.token);
    await t.call('PATCH', `/api/tickets/${ticket.number}`, { token: w.admin.token, json: { status: 'closed' } });
    const seen = await first.next(ticketEvent(ticket.number, 'status'));
    first.close();

    // Missed while away: a reopen and a comment.
    await t.call('PATCH', `/api/tickets/${ticket.number}`, { token: w.admin.token, json: { status: 'opened' } });
    await t.call('POST', `/api/tickets/${ticket.number}/comments`, { token: w.admin.token, json: { body: 'Reopened it' } });
    const resumed = await openStream(t, w.owner.token, { 'Last-Event-ID': seen.id! });
    await resumed.next(ticketEvent(ticket.number, 'comment'));
    const replayed = resumed.frames.filter((f) => f.event === 'ticket').map((f) => JSON.parse(f.data!).change);
    expect(replayed).toEqual(['status', 'comment']);
    expect(resumed.frames[0]).toEqual({ retry: '3000' });
    expect(Number(resumed.frames.find((f) => f.event === 'ticket')!.id)).toBe(Number(seen.id) + 1);
    resumed.close();

    for (const stale of ['1', 'not-a-number', String(Number(seen.id) + 1_000_000)]) {
      const reset = await openStream(t, w.owner.token, { 'Last-Event-ID': stale });
      const frame = await reset.next((f) => f.event !== undefined);
      expect(frame).toMatchObject({ event: 'reset', data: '{}' });
      reset.close();
    }
  });

  it('ends when the session is signed out, its password changed, or the account deleted', async () => {
    const token = await t.signIn(w.developer.email, PASSWORD);
    const other = await openStream(t, w.developer.token);
    const stream = await openStream(t, token);
    await t.call('POST', '/api/auth/sign-out', { token });
    await within(stream.ended);
    // The same user's other session keeps its stream.
    await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w) });
    await other.next((f) => f.event === 'ticket');
    other.close();

    const doomed = await createStaff(t, w.admin.token, 'support', 'Doomed');
    const doomedStream = await openStream(t, doomed.token);
    await t.call('DELETE', `/api/auth/user/${doomed.id}`, { token: w.admin.token });
    await within(doomedStream.ended);

    const reset = await createStaff(t, w.admin.token, 'developer', 'Reset');
    const resetStream = await openStream(t, reset.token);
    await t.call('PATCH', `/api/user/${reset.id}/change-password`, { token: w.admin.token, json: { new_password: 'another-password', new_password_confirmation: 'another-password' } });
    await within(resetStream.ended);
  });

  it('ends when the session expires', async () => {
    const staff = await createStaff(t, w.admin.token, 'support', 'Expiring');
    const stream = await openStream(t, staff.token);
    t.advance(13 * 3_600_000); // past SESSION_IDLE_HOURS
    try {
      await within(stream.ended, 2000); // the next heartbeat sees it
    } finally {
      t.advance(-13 * 3_600_000);
    }
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user, refuses the next with 429, and frees each closed one`, async () => {
    const staff = await createStaff(t, w.admin.token, 'developer', 'Tabby');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(t, staff.token));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await t.call('GET', '/api/events', { token: staff.token });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SERVER.tooManyStreams);
    // Another user is not affected.
    const someoneElse = await openStream(t, w.otherDeveloper.token);
    expect(someoneElse.status).toBe(200);
    someoneElse.close();

    const openOf = (id: number) => t.server.app.live.openStreams(id);
    const until = (done: () => boolean) =>
      within(
        (async () => {
          while (!done()) await new Promise((r) => setTimeout(r, 10));
        })(),
      );
    expect(openOf(staff.id)).toBe(MAX_STREAMS_PER_USER);
    streams.pop()!.close();
    await until(() => openOf(staff.id) === MAX_STREAMS_PER_USER - 1);
    const again = await openStream(t, staff.token);
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
    await until(() => openOf(staff.id) === 0);
  });
});

describe('GET /events, process cap', () => {
  it('refuses streams past the process cap with 503, and takes them again once one closes', async () => {
    const small = await startTestServer({ maxEventStreams: 2 });
    try {
      const world = await createWorld(small);
      const a = await openStream(small, world.owner.token);
      const b = await openStream(small, world.developer.token);
      const refused = await small.call('GET', '/api/events', { token: world.admin.token });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      a.close();
      await within(
        (async () => {
          while (small.server.app.live.openStreams() > 1) await new Promise((r) => setTimeout(r, 10));
        })(),
      );
      const c = await openStream(small, world.admin.token);
      expect(c.status).toBe(200);
      b.close();
      c.close();
    } finally {
      await small.close();
    }
  });
});
