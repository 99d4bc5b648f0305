/** Whatever a client sends gets a clear 4xx (or a logged 500), and the server keeps answering. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket, startServerWithWorld, ticketBody, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6b3b8d50000000049454e44ae426082', 'hex');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const create = (json: unknown) => t.call('POST', '/api/tickets', { token: w.owner.token, json });

describe('form bodies', () => {
  it('accepts multipart/form-data (a browser FormData) as well as url-encoded forms', async () => {
    const form = new FormData();
    form.set('email', 'admin@example.com');
    form.set('password', 'admin-password');
    const response = await fetch(`${t.url}/api/auth/sign-in`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.user.email).toBe('admin@example.com');
    expect(typeof body.data.authorization.token).toBe('string');
  });

  it('answers 400 to a multipart body that does not match its boundary', async () => {
    const response = await fetch(`${t.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
      body: 'not multipart at all',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON or form data.' });
  });
});

describe('malformed and oversized bodies', () => {
  it('answers 400 to malformed JSON, a JSON array and a bare string', async () => {
    for (const raw of ['{"title": ', '[1,2]', '"text"', 'null']) {
      const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, raw, headers: { 'Content-Type': 'application/json' } });
      expect(answer.status, raw).toBe(400);
      expect(answer.body).toEqual({ message: 'The request body is not valid JSON or form data.' });
    }
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const answer = await create(ticketBody(w, { description: 'x'.repeat(1024 * 1024 + 10) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'The request body is too large.' });
  });

  it('answers 413 to an oversized body sent without a length (chunked)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${t.url}/api/tickets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${w.owner.token}`, 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('wrong types and values', () => {
  it.each([
    ['title as a number', { title: 12345 }, 'title', 'Tittle must be at least 2 characters.'],
    ['short description', { description: 'short' }, 'description', 'description must be at least 2 characters.'],
    ['unknown priority', { priority: 'urgent' }, 'priority', 'priority must be selected'],
    ['category_id as words', { category_id: 'abc' }, 'category', 'category must be selected'],
    ['service_id negative', { service_id: -3 }, 'service', 'service must be selected'],
    ['unknown app', { app: 'other_app' }, 'app', 'app must be selected'],
    ['image as an object', { image: { src: 'x' } }, 'image', 'Only PNG, JPEG, GIF or WebP images are accepted.'],
  ])('%s → 422', async (_name, overrides, field, message) => {
    const answer = await create(ticketBody(w, overrides));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
    expect(answer.body.errors[field]).toEqual([message]);
  });

  it('reports every failing field, the first one as the message', async () => {
    const answer = await create({});
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Tittle must be at least 2 characters.');
    expect(Object.keys(answer.body.errors)).toEqual(['title', 'description', 'priority', 'category', 'service', 'app']);
  });

  it('answers 404 to unknown tickets, users, categories, services and routes', async () => {
    const token = w.admin.token;
    for (const path of ['/api/tickets/TCK-424242', '/api/tickets/999999', '/api/activity-log/nope', '/api/config/categories/999', '/api/config/services/abc']) {
      const answer = await t.call('GET', path, { token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ message: 'Not found.' });
    }
    expect((await t.call('PATCH', '/api/tickets/TCK-424242', { token, json: { status: 'closed' } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/auth/user/9999', { token })).status).toBe(404);
    expect((await t.call('PATCH', '/api/user/9999/change-password', { token, json: {} })).status).toBe(404);
    const route = await t.call('GET', '/api/no/such/route', { token });
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ message: 'Route not found.' });
  });

  it('stores SQL-looking and markup text verbatim', async () => {
    const title = "Robert'); DROP TABLE tickets;--";
    const description = `' OR 1=1 -- <script>alert("x")</script> ünïcødé \\u0000 %00`;
    const answer = await create(ticketBody(w, { title, description }));
    expect(answer.status).toBe(201);
    const stored = (await t.call('GET', `/api/tickets/${answer.body.data.number}`, { token: w.developer.token })).body.data;
    expect(stored.title).toBe(title);
    expect(stored.description).toBe(description);
    expect((await t.call('GET', '/api/tickets', { token: w.developer.token })).status).toBe(200);
  });

  it('drops NUL characters instead of losing the text after them', async () => {
    const answer = await create(ticketBody(w, { description: 'before\u0000after the NUL character' }));
    expect(answer.body.data.description).toBe('beforeafter the NUL character');
  });

  it('refuses duplicate category and service names, ignoring case', async () => {
    const token = w.admin.token;
    const category = await t.call('POST', '/api/config/categories', { token, json: { name: 'payments' } });
    expect(category.status).toBe(422);
    expect(category.body).toEqual({ message: 'This category already exists.', errors: { name: ['This category already exists.'] } });
    const service = await t.call('POST', '/api/config/services', { token, json: { name: 'CHECKOUT', app: 'shaq_app' } });
    expect(service.body.errors).toEqual({ name: ['This service already exists for that app.'] });
    expect((await t.call('POST', '/api/config/services', { token, json: { name: 'Checkout', app: 'shaq_express' } })).status).toBe(201);
  });
});

describe('images', () => {
  it('stores a real PNG, shows it on the detail answer only', async () => {
    const image = dataUrl('image/png', PNG);
    const answer = await create(ticketBody(w, { image }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.has_image).toBe(true);
    const detail = (await t.call('GET', `/api/tickets/${answer.body.data.number}`, { token: w.developer.token })).body.data;
    expect(detail.image).toBe(image);
    const listed = (await t.call('GET', '/api/tickets', { token: w.developer.token })).body.data.list.find((x: { id: number }) => x.id === detail.id);
    expect(listed).not.toHaveProperty('image');
    expect(listed.has_image).toBe(true);
  });

  it.each([
    ['SVG', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 'Only PNG, JPEG, GIF or WebP images are accepted.'],
    ['PNG bytes declared as JPEG', dataUrl('image/jpeg', PNG), 'Only PNG, JPEG, GIF or WebP images are accepted.'],
    ['text declared as PNG', dataUrl('image/png', Buffer.from('not an image at all')), 'Only PNG, JPEG, GIF or WebP images are accepted.'],
    ['a remote URL', 'https://example.com/cat.png', 'Only PNG, JPEG, GIF or WebP images are accepted.'],
    ['a PNG over 512,000 bytes', dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(512_001 - PNG.length)])), 'File size should not exceed 500 KB.'],
  ])('refuses %s', async (_name, image, message) => {
    const answer = await create(ticketBody(w, { image }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ image: [message] });
  });

  it('accepts exactly 512,000 bytes, and edit removes the image with null', async () => {
    const image = dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(512_000 - PNG.length)]));
    const answer = await create(ticketBody(w, { image }));
    expect(answer.status).toBe(201);
    const removed = await t.call('PATCH', `/api/tickets/${answer.body.data.number}/edit`, { token: w.owner.token, json: { image: null } });
    expect(removed.body.data).toMatchObject({ image: null, has_image: false });
  });
});

describe('the error funnel', () => {
  it('answers 500 with a generic message, logs the cause, and keeps serving', async () => {
    const ticket = await createTicket(t, w);
    t.server.app.db.exec('DROP TABLE ticket_logs');
    const answer = await t.call('GET', `/api/activity-log/${ticket.number}`, { token: w.admin.token });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Server error.' });
    expect(t.logs.some((line) => line.includes('ticket_logs'))).toBe(true);
    expect((await t.call('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/api/tickets', { token: w.admin.token })).status).toBe(200);
  });
});
