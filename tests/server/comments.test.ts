/** design.md#comments: comments, their permissions and limits, and comment_count on ticket answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../src/shared/index.ts';
import { createTicket, createWorld, startTestServer, type Staff, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
let ticket: any;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  ticket = await createTicket(t, w);
});
afterAll(() => t.close());

const add = (who: Staff, body: unknown, ref: string = ticket.number) => t.call('POST', `/api/tickets/${ref}/comments`, { token: who.token, json: { body } });

describe('comments', () => {
  it('every role may add and read, oldest first, with the author, and the ticket counts them', async () => {
    for (const [who, text] of [[w.owner, 'First from support'], [w.developer, 'Looking into it'], [w.admin, 'Thanks both']] as const) {
      const added = await add(who, `  ${text}\n`);
      expect(added.status).toBe(201);
      expect(added.body.message).toBe(COMMENT_MESSAGES.added);
      expect(added.body.data).toMatchObject({ ticket_id: ticket.id, body: text, edited_at: null, author: { id: who.id } });
    }
    const list = await t.call('GET', `/api/tickets/${ticket.id}/comments`, { token: w.otherDeveloper.token });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((c: any) => c.body)).toEqual(['First from support', 'Looking into it', 'Thanks both']);
    expect(list.body.data.list[0].author).toEqual({ id: w.owner.id, name: 'Olivia Tester', role: 'support' });
    expect(list.body.data.list[1].author.role).toBe('developer');
    expect(Object.keys(list.body.data.list[0]).sort()).toEqual(['author', 'body', 'created_at', 'edited_at', 'id', 'ticket_id']);
    expect(list.headers.get('etag')).toBeTruthy();

    const detail = await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.owner.token });
    expect(detail.body.data.comment_count).toBe(3);
    const page = await t.call('GET', '/api/tickets?limit=10', { token: w.owner.token });
    expect(page.body.data.list.find((x: any) => x.id === ticket.id).comment_count).toBe(3);
    const whole = await t.call('GET', '/api/tickets', { token: w.owner.token });
    expect(whole.body.data.list.find((x: any) => x.id === ticket.id).comment_count).toBe(3);
  });

  it('keeps line breaks and refuses empty, too long and control characters with 422 messages', async () => {
    expect((await add(w.owner, 'line one\nline two\ttabbed')).body.data.body).toBe('line one\nline two\ttabbed');
    const empty = await add(w.owner, '   ');
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ message: COMMENT_MESSAGES.empty, errors: { body: [COMMENT_MESSAGES.empty] } });
    expect((await add(w.owner, undefined)).body.message).toBe(COMMENT_MESSAGES.empty);
    expect((await add(w.owner, 42)).status).toBe(422);
    const long = await add(w.owner, 'x'.repeat(10_001));
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(COMMENT_MESSAGES.tooLong);
    expect((await add(w.owner, 'x'.repeat(10_000))).status).toBe(201);
    const bell = await add(w.owner, 'ring \u0007 ring');
    expect(bell.status).toBe(422);
    expect(bell.body.errors.body).toEqual([COMMENT_MESSAGES.controlCharacters]);
  });

  it('edit: the author only; delete: the author or a super', async () => {
    const mine = (await add(w.developer, 'Original')).body.data;
    for (const who of [w.admin, w.owner, w.otherDeveloper]) {
      expect((await t.call('PATCH', `/api/comments/${mine.id}`, { token: who.token, json: { body: 'Hijacked' } })).status).toBe(403);
    }
    const edited = await t.call('PATCH', `/api/comments/${mine.id}`, { token: w.developer.token, json: { body: ' Edited ' } });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(COMMENT_MESSAGES.updated);
    expect(edited.body.data).toMatchObject({ id: mine.id, body: 'Edited' });
    expect(edited.body.data.edited_at).not.toBeNull();
    expect((await t.call('PATCH', `/api/comments/${mine.id}`, { token: w.developer.token, json: { body: '' } })).status).toBe(422);

    for (const who of [w.owner, w.otherDeveloper]) expect((await t.call('DELETE', `/api/comments/${mine.id}`, { token: who.token })).status).toBe(403);
    const before = (await t.call('GET', `/api/tickets/${ticket.id}`, { token: w.owner.token })).body.data.comment_count;
    const deleted = await t.call('DELETE', `/api/comments/${mine.id}`, { token: w.developer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: COMMENT_MESSAGES.deleted });
    expect((await t.call('GET', `/api/tickets/${ticket.id}`, { token: w.owner.token })).body.data.comment_count).toBe(before - 1);

    const supports = (await add(w.owner, 'To be removed by the admin')).body.data;
    expect((await t.call('DELETE', `/api/comments/${supports.id}`, { token: w.admin.token })).status).toBe(200);
  });

  it('answers 404 for unknown tickets and comments, 401 signed out', async () => {
    expect((await add(w.owner, 'hello', 'TCK-999999')).status).toBe(404);
    expect((await t.call('GET', '/api/tickets/999999/comments', { token: w.owner.token })).status).toBe(404);
    expect((await t.call('PATCH', '/api/comments/999999', { token: w.owner.token, json: { body: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/comments/abc', { token: w.owner.token })).status).toBe(404);
    expect((await t.call('GET', `/api/tickets/${ticket.id}/comments`)).status).toBe(401);
    expect((await t.call('POST', `/api/tickets/${ticket.id}/comments`, { json: { body: 'x' } })).status).toBe(401);
  });

  it('logs nothing in the activity log', async () => {
    const fresh = await createTicket(t, w);
    await add(w.owner, 'A comment', fresh.number);
    const log = await t.call('GET', `/api/activity-log/${fresh.number}`, { token: w.owner.token });
    expect(log.body.data.list.map((e: any) => e.action)).toEqual(['opened']);
  });

  it('keeps the author name and role when the account is deleted', async () => {
    const adminToken = w.admin.token;
    const created = await t.call('POST', '/api/auth/user/create', {
      token: adminToken, json: { first_name: 'Gone', last_name: 'Soon', email: 'gone.soon@example.com', role: 'developer', password: 'staff-password' },
    });
    const token = await t.signIn('gone.soon@example.com', 'staff-password');
    const fresh = await createTicket(t, w);
    await t.call('POST', `/api/tickets/${fresh.id}/comments`, { token, json: { body: 'Before I go' } });
    expect((await t.call('DELETE', `/api/auth/user/${created.body.data.id}`, { token: adminToken })).status).toBe(200);
    const list = await t.call('GET', `/api/tickets/${fresh.id}/comments`, { token: adminToken });
    expect(list.body.data.list[0].author).toEqual({ id: null, name: 'Gone Soon', role: 'developer' });
  });
});
