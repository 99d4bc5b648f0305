/** design.md#comments: comments, their permissions and limits, comment_count on ticket answers, paging and the rate limit (design.md#api-edges). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, COMMENTS_PER_MINUTE, SERVER } from '../../src/shared/index.ts';
import { ADMIN, createStaff, createTicket, createWorld, startTestServer, type Staff, type TestServer, type World } from './helpers.ts';

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
    expect(list.body.data).toMatchObject({ next_cursor: null, total: 3 });

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

describe('comments are paged (design.md#api-edges)', () => {
  /** Follows next_cursor from the first page to the last; every page's ids and the raw answers. */
  async function walk(server: TestServer, token: string, ticketId: number, limit?: number, from?: string) {
    const ids: number[] = [];
    const pages: any[] = [];
    let cursor = from;
    do {
      const params = new URLSearchParams();
      if (limit) params.set('limit', String(limit));
      if (cursor) params.set('cursor', cursor);
      const query = params.size ? `?${params}` : '';
      const answer = await server.call('GET', `/api/tickets/${ticketId}/comments${query}`, { token });
      expect(answer.status).toBe(200);
      pages.push(answer.body.data);
      ids.push(...answer.body.data.list.map((c: any) => c.id));
      cursor = answer.body.data.next_cursor ?? undefined;
    } while (cursor);
    return { ids, pages };
  }

  /** Comments written straight into the database, as a flood before the limit would have left them. */
  function insertComments(server: TestServer, ticketId: number, otherTicketId: number, count: number, author: Staff) {
    const db = server.server.app.db;
    const insert = db.prepare(`INSERT INTO comments (ticket_id, user_id, author_name, author_role, body, created_at)
      VALUES (?, ?, 'Olivia Tester', 'support', ?, '2026-01-01T00:00:00.000Z')`);
    db.exec('BEGIN');
    for (let i = 0; i < count; i++) {
      insert.run(ticketId, author.id, `flood ${i}`);
      // Another ticket's comments in between: their ids leave gaps that a page must not fill.
      if (i % 7 === 0) insert.run(otherTicketId, author.id, `elsewhere ${i}`);
    }
    db.exec('COMMIT');
  }

  const expectedIds = (server: TestServer, ticketId: number) =>
    (server.server.app.db.prepare('SELECT id FROM comments WHERE ticket_id = ? ORDER BY id').all(ticketId) as { id: number }[]).map((row) => row.id);

  it('a flooded ticket answers its first 500 and next_cursor walks every comment once, oldest first, also after a restart', async () => {
    const first = await startTestServer();
    const world = await createWorld(first);
    const flooded = await createTicket(first, world);
    const other = await createTicket(first, world);
    const FLOOD = 4_321;
    insertComments(first, flooded.id, other.id, FLOOD, world.owner);
    const expected = expectedIds(first, flooded.id);
    expect(expected).toHaveLength(FLOOD);

    for (const who of [world.owner, world.developer, world.admin]) {
      const page = await first.call('GET', `/api/tickets/${flooded.number}/comments`, { token: who.token });
      expect(page.status).toBe(200);
      expect(page.body.data.list).toHaveLength(500);
      expect(page.body.data.total).toBe(FLOOD);
      expect(page.body.data.list[0].body).toBe('flood 0');
      expect(typeof page.body.data.next_cursor).toBe('string');
    }
    const byDefault = await walk(first, world.owner.token, flooded.id);
    expect(byDefault.ids).toEqual(expected);
    expect(byDefault.pages.map((page) => page.list.length)).toEqual([500, 500, 500, 500, 500, 500, 500, 500, 321]);
    expect(byDefault.pages.at(-1).next_cursor).toBeNull();
    expect((await walk(first, world.owner.token, flooded.id, 137)).ids).toEqual(expected);
    // A page boundary taken before the restart still continues after it.
    const midCursor = byDefault.pages[3].next_cursor;

    const dataDir = first.server.app.settings.dataDir;
    await first.server.close();
    const second = await startTestServer({ dataDir });
    try {
      const token = await second.signIn(ADMIN.email, ADMIN.password);
      const page = await second.call('GET', `/api/tickets/${flooded.id}/comments`, { token });
      expect(page.body.data.list).toHaveLength(500);
      expect((await walk(second, token, flooded.id)).ids).toEqual(expected);
      expect((await walk(second, token, flooded.id, undefined, midCursor)).ids).toEqual(expected.slice(2_000));
      expect((await walk(second, token, other.id)).ids).toEqual(expectedIds(second, other.id));
    } finally {
      await second.close();
    }
  });

  it('reads a page along the comments_ticket index, never sorting', () => {
    const plan = t.server.app.comments.plan().join('\n');
    expect(plan).toMatch(/comments_ticket/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('refuses a bad limit or cursor with a 422 naming it', async () => {
    const path = `/api/tickets/${ticket.id}/comments`;
    for (const limit of ['0', '501', 'abc', '-1', '2.5']) {
      const answer = await t.call('GET', `${path}?limit=${limit}`, { token: w.owner.token });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: COMMENT_MESSAGES.limit, errors: { limit: [COMMENT_MESSAGES.limit] } });
    }
    const other = await createTicket(t, w);
    for (let i = 0; i < 2; i++) await add(w.developer, `On the other ticket ${i}`, other.number);
    const otherCursor = (await t.call('GET', `/api/tickets/${other.id}/comments?limit=1`, { token: w.owner.token })).body.data.next_cursor;
    expect(otherCursor).toBeTruthy();
    for (const cursor of ['garbage', 'W10', otherCursor, Buffer.from('["comments",1,-4]').toString('base64url')]) {
      const answer = await t.call('GET', `${path}?cursor=${cursor}`, { token: w.owner.token });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: COMMENT_MESSAGES.cursor, errors: { cursor: [COMMENT_MESSAGES.cursor] } });
    }
    const small = await t.call('GET', `${path}?limit=1`, { token: w.owner.token });
    expect(small.body.data.list).toHaveLength(1);
    expect(small.body.data.next_cursor).toBeTruthy();
  });
});

describe('one person adds at most 30 comments a minute (design.md#api-edges)', () => {
  it('the 31st is a 429 with Retry-After on any ticket; others still post and read; a minute later the poster may again', async () => {
    t.advance(61_000);
    const flooder = await createStaff(t, w.admin.token, 'support', 'Flood');
    const target = await createTicket(t, w);
    const elsewhere = await createTicket(t, w);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) {
      const ref = i % 2 ? target.number : elsewhere.number;
      expect((await add(flooder, `spam ${i}`, ref)).status).toBe(201);
    }
    for (const ref of [target.number, elsewhere.number]) {
      const refused = await add(flooder, 'one more', ref);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: SERVER.tooManyComments });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Refused attempts are not stored, and nobody else is held back.
    expect((await add(w.otherSupport, 'Still heard', target.number)).status).toBe(201);
    const list = await t.call('GET', `/api/tickets/${target.number}/comments`, { token: w.developer.token });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((c: any) => c.body)).not.toContain('one more');
    expect(list.body.data.total).toBe(COMMENTS_PER_MINUTE / 2 + 1);

    t.advance(30_000);
    expect((await add(flooder, 'still too soon', target.number)).status).toBe(429);
    t.advance(31_000);
    expect((await add(flooder, 'a minute later', target.number)).status).toBe(201);
  });
});
