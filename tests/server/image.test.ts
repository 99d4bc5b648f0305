/** issue 12, attachments that open: GET /tickets/{id}/image serves the bytes with their own type. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
const GIF = Buffer.from('GIF89a tiny gif bytes');

let t: TestServer;
let w: World;
let withImage: any;
let withoutImage: any;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  withImage = (await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { image: `data:image/png;base64,${PNG.toString('base64')}` }) })).body.data;
  withoutImage = (await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w) })).body.data;
});
afterAll(() => t.close());

const fetchImage = (ref: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/tickets/${ref}/image`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });

describe('GET /tickets/{id}/image', () => {
  it('serves the bytes with their type, nosniff, inline and an ETag, to every role, by number or id', async () => {
    for (const [who, ref] of [[w.owner, withImage.number], [w.developer, String(withImage.id)], [w.admin, withImage.number.toLowerCase()]] as const) {
      const res = await fetchImage(ref, who.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe('inline');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const first = await fetchImage(withImage.number, w.owner.token);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetchImage(withImage.number, w.owner.token, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('follows a changed image with its new type and ETag', async () => {
    const ticket = (await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { image: `data:image/png;base64,${PNG.toString('base64')}` }) })).body.data;
    const before = (await fetchImage(ticket.number, w.owner.token)).headers.get('etag');
    await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { image: `data:image/gif;base64,${GIF.toString('base64')}` } });
    const after = await fetchImage(ticket.number, w.owner.token);
    expect(after.headers.get('content-type')).toBe('image/gif');
    expect(after.headers.get('etag')).not.toBe(before);
    expect(Buffer.from(await after.arrayBuffer()).equals(GIF)).toBe(true);
    await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { image: null } });
    expect((await fetchImage(ticket.number, w.owner.token)).status).toBe(404);
  });

  it('answers 401 signed out, 404 without an image or ticket', async () => {
    expect((await fetchImage(withImage.number)).status).toBe(401);
    const none = await fetchImage(withoutImage.number, w.owner.token);
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('Not found.');
    expect((await fetchImage('TCK-999999', w.owner.token)).status).toBe(404);
  });
});
