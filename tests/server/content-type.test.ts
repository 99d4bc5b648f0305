/**
 * A body that is plainly the other kind than its Content-Type says is a 415 naming the type it
 * needs (docs/design.md#api-edges), not a 422 listing every field as missing; JSON and form bodies sent as
 * what they are keep working everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { ADMIN, startServerWithWorld, ticketBody, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const asForm = (fields: Record<string, unknown>) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();

describe('a body sent with the wrong content type', () => {
  it('answers 415 to a JSON body sent as a url-encoded or multipart form, saying JSON is expected', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8', 'multipart/form-data; boundary=abc']) {
      const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, raw: JSON.stringify(ticketBody(w)), headers: { 'Content-Type': type } });
      expect(answer.status, type).toBe(415);
      expect(answer.body, type).toEqual({ message: SERVER.jsonAsForm });
      expect(answer.body.message).toContain('application/json');
    }
  });

  it('answers 415 to a form body sent as JSON, saying a form is expected', async () => {
    const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, raw: asForm(ticketBody(w)), headers: { 'Content-Type': 'application/json' } });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: SERVER.formAsJson });
    expect(answer.body.message).toContain('application/x-www-form-urlencoded');
  });

  it('answers 415 at sign-in too, before any credentials are checked', async () => {
    const answer = await t.call('POST', '/api/auth/sign-in', { raw: JSON.stringify(ADMIN), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: SERVER.jsonAsForm });
  });
});

describe('bodies sent as what they are', () => {
  it('signs in with a url-encoded form (the sign-in screen) and with JSON', async () => {
    expect((await t.call('POST', '/api/auth/sign-in', { form: ADMIN })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/sign-in', { json: ADMIN })).status).toBe(200);
  });

  it('creates a ticket from a form body and from a JSON body', async () => {
    const form = await t.call('POST', '/api/tickets', { token: w.owner.token, raw: asForm(ticketBody(w)), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(201);
    expect((await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w) })).status).toBe(201);
  });

  it('still answers 422 to a form that lacks fields, and 400 to JSON that is broken', async () => {
    const missing = await t.call('POST', '/api/tickets', { token: w.owner.token, form: { title: 'Only a title here' } });
    expect(missing.status).toBe(422);
    const broken = await t.call('POST', '/api/tickets', { token: w.owner.token, raw: '{"title": ', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: SERVER.malformed });
  });
});
