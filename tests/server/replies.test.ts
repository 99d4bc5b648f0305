/**
 * Canned replies (design.md#canned-replies): everyone signed in reads them; a super writes them,
 * each change in the audit log; titles trimmed, one line, unique whatever their case; bodies no
 * longer than a comment; a bounded list; a refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_LIMITS, REPLY_MESSAGES } from '../../src/shared/index.ts';
import { createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
let unique = 0;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
});
afterAll(() => t.close());

const admin = () => w.admin.token;
const create = (json: unknown, token = admin()) => t.call('POST', '/api/replies', { token, json });
const patch = (id: number | string, json: unknown, token = admin()) => t.call('PATCH', `/api/replies/${id}`, { token, json });
const remove = (id: number | string, token = admin()) => t.call('DELETE', `/api/replies/${id}`, { token });
const list = async (token = admin()) => (await t.call('GET', '/api/replies', { token })).body.data.list as Array<{ id: number; title: string; body: string }>;
const fresh = async (title = `Reply ${++unique}`) => (await create({ title, body: `Body of ${title}` })).body.data as { id: number; title: string; body: string };
const rows = () => JSON.stringify(t.server.app.db.prepare('SELECT * FROM replies ORDER BY id').all());
const auditRows = async () =>
  (await t.call('GET', '/api/audit?kind=reply&limit=200', { token: admin() })).body.data.list as Array<{ kind: string; target: { id: number; label: string }; before: unknown; after: unknown }>;

/** Runs a refused call and checks it answered `status` and left the table as it was. */
async function refused(call: () => Promise<{ status: number; body: any }>, status: number) {
  const before = rows();
  const answer = await call();
  expect(answer.status).toBe(status);
  expect(typeof answer.body.message).toBe('string');
  expect(rows()).toBe(before);
  return answer;
}

describe('writing replies', () => {
  it('creates one, trimmed, and everyone reads the list by title whatever its case', async () => {
    const answer = await create({ title: '  zebra thanks  ', body: '\n  Thanks, we are on it.\nBest,\n  ' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(REPLY_MESSAGES.created);
    expect(answer.body.data).toEqual({ id: expect.any(Number), title: 'zebra thanks', body: 'Thanks, we are on it.\nBest,' });
    await create({ title: 'Apology', body: 'Sorry for the wait.' });
    for (const token of [w.owner.token, w.otherSupport.token, w.developer.token, admin()]) {
      const titles = (await list(token)).map((reply) => reply.title);
      expect(titles.indexOf('Apology')).toBeLessThan(titles.indexOf('zebra thanks'));
    }
  });

  it('changes the title, the body or both; the other field stays', async () => {
    const reply = await fresh();
    const titled = await patch(reply.id, { title: ' Renamed once ' });
    expect(titled.status).toBe(200);
    expect(titled.body.message).toBe(REPLY_MESSAGES.updated);
    expect(titled.body.data).toEqual({ id: reply.id, title: 'Renamed once', body: reply.body });
    expect((await patch(reply.id, { body: 'New body' })).body.data).toEqual({ id: reply.id, title: 'Renamed once', body: 'New body' });
    // Its own title in another case is not a clash with itself.
    expect((await patch(reply.id, { title: 'RENAMED ONCE', body: 'Both' })).body.data).toEqual({ id: reply.id, title: 'RENAMED ONCE', body: 'Both' });
  });

  it('deletes one; it is gone from the list and a second delete is a 404', async () => {
    const reply = await fresh();
    const answer = await remove(reply.id);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(REPLY_MESSAGES.deleted);
    expect((await list()).some((item) => item.id === reply.id)).toBe(false);
    await refused(() => remove(reply.id), 404);
  });

  it('unknown ids are 404 for a super, whatever the id looks like', async () => {
    for (const id of ['999999', '0', 'abc', '1e3', '-1']) {
      await refused(() => patch(id, { title: 'Anything' }), 404);
      await refused(() => remove(id), 404);
    }
  });
});

describe('who may', () => {
  it('support and developers read but are refused every change with a 403, and nothing changes', async () => {
    const reply = await fresh();
    for (const token of [w.owner.token, w.otherSupport.token, w.developer.token, w.otherDeveloper.token]) {
      await refused(() => create({ title: `Not mine ${++unique}`, body: 'x' }, token), 403);
      await refused(() => patch(reply.id, { title: 'Taken over' }, token), 403);
      await refused(() => remove(reply.id, token), 403);
      // A bad body or an unknown id is still a 403: who may comes first.
      await refused(() => create({ title: '' }, token), 403);
      await refused(() => patch(999999, { title: 'x' }, token), 403);
    }
  });

  it('without a session every call is a 401', async () => {
    const reply = await fresh();
    expect((await t.call('GET', '/api/replies')).status).toBe(401);
    await refused(() => t.call('POST', '/api/replies', { json: { title: 'Anon', body: 'x' } }), 401);
    await refused(() => t.call('PATCH', `/api/replies/${reply.id}`, { json: { title: 'Anon' } }), 401);
    await refused(() => t.call('DELETE', `/api/replies/${reply.id}`), 401);
  });
});

describe('what is refused', () => {
  const longTitle = 'x'.repeat(REPLY_LIMITS.titleMax + 1);
  const longBody = 'y'.repeat(REPLY_LIMITS.bodyMax + 1);

  it.each([
    [{ body: 'no title' }, { title: [REPLY_MESSAGES.title] }],
    [{ title: '   ', body: 'blank title' }, { title: [REPLY_MESSAGES.title] }],
    [{ title: longTitle, body: 'long title' }, { title: [REPLY_MESSAGES.title] }],
    [{ title: 'two\nlines', body: 'x' }, { title: [REPLY_MESSAGES.titleControl] }],
    [{ title: 'bell\u0007', body: 'x' }, { title: [REPLY_MESSAGES.titleControl] }],
    [{ title: 42, body: 'x' }, { title: [REPLY_MESSAGES.title] }],
    [{ title: ['list'], body: 'x' }, { title: [REPLY_MESSAGES.title] }],
    [{ title: 'No body' }, { body: [REPLY_MESSAGES.body] }],
    [{ title: 'Blank body', body: ' \n\t ' }, { body: [REPLY_MESSAGES.body] }],
    [{ title: 'Long body', body: longBody }, { body: [REPLY_MESSAGES.bodyTooLong] }],
    [{ title: 'Control body', body: 'a\u0007b' }, { body: [REPLY_MESSAGES.bodyControl] }],
    [{ title: 'Object body', body: { text: 'x' } }, { body: [REPLY_MESSAGES.body] }],
    [{}, { title: [REPLY_MESSAGES.title], body: [REPLY_MESSAGES.body] }],
  ])('POST %j is a 422 naming the field', async (json, errors) => {
    const answer = await refused(() => create(json), 422);
    expect(answer.body.errors).toEqual(errors);
    expect(answer.body.message).toBe(Object.values(errors)[0]![0]);
  });

  it('a body of exactly the comment limit is kept', async () => {
    const answer = await create({ title: `Longest ${++unique}`, body: 'z'.repeat(REPLY_LIMITS.bodyMax) });
    expect(answer.status).toBe(201);
  });

  it('PATCH checks the fields it is sent, and needs one', async () => {
    const reply = await fresh();
    expect((await refused(() => patch(reply.id, {}), 422)).body.errors).toEqual({ title: [REPLY_MESSAGES.nothing] });
    expect((await refused(() => patch(reply.id, { title: longTitle }), 422)).body.errors).toEqual({ title: [REPLY_MESSAGES.title] });
    expect((await refused(() => patch(reply.id, { body: '' }), 422)).body.errors).toEqual({ body: [REPLY_MESSAGES.body] });
    expect((await refused(() => patch(reply.id, { title: 'Fine title', body: 7 }), 422)).body.errors).toEqual({ body: [REPLY_MESSAGES.body] });
  });

  it('a title another reply has, whatever its case, is a 422 on create and on rename', async () => {
    const first = await fresh(`Greeting ${++unique}`);
    const second = await fresh();
    expect((await refused(() => create({ title: ` ${first.title.toUpperCase()} `, body: 'x' }), 422)).body.errors).toEqual({ title: [REPLY_MESSAGES.titleTaken] });
    expect((await refused(() => patch(second.id, { title: first.title.toLowerCase() }), 422)).body.errors).toEqual({ title: [REPLY_MESSAGES.titleTaken] });
  });

  it('a form body is read like JSON', async () => {
    const answer = await t.call('POST', '/api/replies', { token: admin(), form: { title: `Form ${++unique}`, body: 'Sent as a form' } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.body).toBe('Sent as a form');
  });

  it('bad JSON and bodies that are not an object are a 400', async () => {
    for (const raw of ['{"title": ', '[1,2]', '"text"', 'null']) {
      await refused(() => t.call('POST', '/api/replies', { token: admin(), raw, headers: { 'Content-Type': 'application/json' } }), 400);
    }
  });
});

describe('the audit log', () => {
  it('holds each change a super makes, with the reply as it was and as it became', async () => {
    const reply = await fresh(`Audited ${++unique}`);
    await patch(reply.id, { body: 'Changed body' });
    await remove(reply.id);
    const mine = (await auditRows()).filter((row) => row.target.id === reply.id).reverse();
    expect(mine.map((row) => row.kind)).toEqual(['reply.created', 'reply.updated', 'reply.deleted']);
    expect(mine[0]).toMatchObject({ target: { label: reply.title }, before: null, after: { title: reply.title, body: reply.body } });
    expect(mine[1]).toMatchObject({ before: { title: reply.title, body: reply.body }, after: { title: reply.title, body: 'Changed body' } });
    expect(mine[2]).toMatchObject({ before: { title: reply.title, body: 'Changed body' }, after: null });
  });

  it('a refused change writes no row', async () => {
    const before = (await auditRows()).length;
    await create({ title: '', body: '' });
    await create({ title: 'By support', body: 'x' }, w.owner.token);
    expect((await auditRows()).length).toBe(before);
  });
});

describe('the cap', () => {
  it(`keeps at most ${REPLY_LIMITS.count} replies; the next is a 422 until one is deleted`, async () => {
    const db = t.server.app.db;
    const have = Number((db.prepare('SELECT count(*) AS n FROM replies').get() as { n: number }).n);
    const insert = db.prepare("INSERT INTO replies (title, body, created_at, updated_at) VALUES (?, 'x', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')");
    for (let i = have; i < REPLY_LIMITS.count; i++) insert.run(`Filler ${i}`);
    const answer = await refused(() => create({ title: 'One too many', body: 'x' }), 422);
    expect(answer.body.errors).toEqual({ title: [REPLY_MESSAGES.tooMany] });
    const last = (await list()).at(-1)!;
    await remove(last.id);
    expect((await create({ title: 'One too many', body: 'x' })).status).toBe(201);
  });
});
