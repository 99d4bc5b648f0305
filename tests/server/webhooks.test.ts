/** Webhooks (design.md#webhooks): a signed POST per ticket event, verified by a receiver on port 0, retried after a failure. */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardSignature } from '../../src/server/events/webhooks.ts';
import { ADMIN, createTicket, createWorld, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

const SECRET = 'test-webhook-secret';
const ARRIVES_WITHIN_MS = 3000;
/** Chat tools put the credential in the path: it must never reach a log. */
const CREDENTIAL_PATH = '/services/T0001/B0002/credential-in-the-path';

interface Received {
  body: string;
  signature: string | undefined;
  id: string | undefined;
  timestamp: string | undefined;
  standardSignature: string | undefined;
  standardValid: boolean;
  contentType: string | undefined;
  valid: boolean;
}

/** The README's receiver check of the Standard Webhooks headers: `v1,` + base64 HMAC of "id.timestamp.body", sent within 5 minutes. */
function verifyStandard(raw: string, id = '', timestamp = '', header = '', secret: string, nowSeconds = Date.now() / 1000): boolean {
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const expected = Buffer.from(`v1,${crypto.createHmac('sha256', secret).update(`${id}.${timestamp}.${raw}`).digest('base64')}`);
  return header.split(' ').some((given) => given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), expected));
}

/** The README's receiver check: HMAC-SHA256 of the raw body, compared in constant time. */
function verify(raw: string, header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

let receiver: http.Server;
const received: Received[] = [];
/** For a ticket title: the statuses its deliveries are answered with first, in order; then 204. */
const failFor = new Map<string, number[]>();
let t: TestServer;
let w: World;

async function waitFor<T>(find: () => T | undefined, ms = ARRIVES_WITHIN_MS): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`nothing arrived within ${ms} ms: ${JSON.stringify(received)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const signature = req.headers['x-helpdesk-signature'] as string | undefined;
      const [id, timestamp] = [req.headers['webhook-id'], req.headers['webhook-timestamp']] as Array<string | undefined>;
      const standardSignature = req.headers['webhook-signature'] as string | undefined;
      const standardValid = verifyStandard(raw, id, timestamp, standardSignature, SECRET);
      received.push({ body: raw, signature, id, timestamp, standardSignature, standardValid, contentType: req.headers['content-type'], valid: verify(raw, signature, SECRET) });
      const title = JSON.parse(raw).ticket?.title as string;
      res.writeHead(failFor.get(title)?.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${CREDENTIAL_PATH}`;
  t = await startTestServer({ webhookUrls: [url], webhookSecret: SECRET, webhookRetrySeconds: [0.05, 0.1] });
  w = await createWorld(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const bodies = () => received.map((r) => JSON.parse(r.body));

describe('webhooks', () => {
  it('POSTs each ticket event as signed JSON with a text line', async () => {
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: 'Printer on fire' }) });
    const number = created.body.data.number;
    const hook = await waitFor(() => received.find((r) => JSON.parse(r.body).ticket.number === number));
    expect(hook.valid).toBe(true);
    expect(hook.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hook.contentType).toBe('application/json');
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({
      event: 'ticket',
      change: 'created',
      ticket: { id: created.body.data.id, number, title: 'Printer on fire', status: 'opened', priority: 'high' },
      actor: { id: w.owner.id, name: 'Olivia' },
      text: `Olivia opened ${number} "Printer on fire"`,
    });
    expect(Date.parse(body.at)).not.toBeNaN();

    await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, json: { status: 'closed' } });
    const closed = await waitFor(() => bodies().find((b) => b.ticket.number === number && b.change === 'status'));
    expect(closed.text).toBe(`Admin closed ${number} "Printer on fire"`);
    expect(closed.ticket.status).toBe('closed');

    await t.call('POST', `/api/tickets/${number}/comments`, { token: w.developer.token, json: { body: 'Extinguisher\non its way' } });
    const commented = await waitFor(() => bodies().find((b) => b.ticket.number === number && b.change === 'comment'));
    expect(commented.text).toBe(`Dana commented on ${number} "Printer on fire": Extinguisher on its way`);
    // A tampered body fails the check.
    expect(verify(hook.body.replace('Printer', 'Scanner'), hook.signature, SECRET)).toBe(false);
  });

  it('retries after a 500, and the retry arrives signed', async () => {
    const ticket = await createTicket(t, w);
    failFor.set('Retry me please', [500]);
    await t.call('PATCH', `/api/tickets/${ticket.number}/edit`, { token: w.owner.token, json: { title: 'Retry me please' } });
    const attempts = await waitFor(() => {
      const found = received.filter((r) => JSON.parse(r.body).ticket.title === 'Retry me please');
      return found.length === 2 ? found : undefined;
    });
    // The same body, signed the same, twice: the first answered 500, the retry 204.
    expect(attempts[0]!.body).toBe(attempts[1]!.body);
    expect(attempts.every((a) => a.valid)).toBe(true);
    const failures = t.logs.filter((line) => line.includes('Webhook') && line.includes(ticket.number) && line.includes('HTTP 500'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/attempt 1 of 3: retrying/);
    expect(failures[0]).not.toMatch(/\n\s+at /);
    expect(failures[0]).toContain('http://127.0.0.1:');
    expect(failures[0]).not.toContain('credential');
    // The retry is the same message: the same id, so a receiver that saw it can refuse it.
    expect(attempts[0]!.id).toBe(attempts[1]!.id);
    expect(attempts.every((a) => a.standardValid)).toBe(true);
  });

  it('gives up after the last retry, one logged line per failed attempt', async () => {
    failFor.set('Never delivered', [503, 503, 503]);
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: 'Never delivered' }) });
    expect(created.status).toBe(201);
    await waitFor(() => (t.logs.some((line) => line.includes(created.body.data.number) && line.includes('given up')) ? true : undefined));
    expect(received.filter((r) => JSON.parse(r.body).ticket.title === 'Never delivered')).toHaveLength(3);
    expect(t.logs.filter((line) => line.includes(created.body.data.number))).toHaveLength(3);
    expect(t.logs.filter((line) => line.includes('credential'))).toEqual([]);
  });

  it('carries the Standard Webhooks headers: an id per message, the time of sending, a signature over both and the body', async () => {
    const sent = Math.floor(Date.now() / 1000);
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: 'Standard headers' }) });
    const hook = await waitFor(() => received.find((r) => JSON.parse(r.body).ticket.number === created.body.data.number));
    expect(hook.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(Number(hook.timestamp)).toBeGreaterThanOrEqual(sent - 1);
    expect(Number(hook.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(hook.standardValid).toBe(true);
    // Replayed with a fresh timestamp, or with another body, the signature no longer holds.
    expect(hook.standardSignature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const later = String(Number(hook.timestamp) + 600);
    expect(verifyStandard(hook.body, hook.id, later, hook.standardSignature, SECRET, Number(later))).toBe(false);
    expect(verifyStandard(hook.body, 'msg_another', hook.timestamp, hook.standardSignature, SECRET)).toBe(false);
    expect(verifyStandard(hook.body.replace('Standard', 'Forged'), hook.id, hook.timestamp, hook.standardSignature, SECRET)).toBe(false);
    // The genuine delivery, replayed six minutes later, is refused by the receiver's clock check.
    expect(verifyStandard(hook.body, hook.id, hook.timestamp, hook.standardSignature, SECRET, Number(hook.timestamp) + 6 * 60)).toBe(false);
    expect(verifyStandard(hook.body, hook.id, hook.timestamp, hook.standardSignature, SECRET, Number(hook.timestamp) + 4 * 60)).toBe(true);
    const other = received.find((r) => r !== hook);
    expect(other?.id).not.toBe(hook.id);
  });

  it("escapes <, > and & in the text, so a title cannot ping a channel or disguise a link in a chat tool", async () => {
    const title = 'Urgent <!channel> & <https://evil.example|the docs>';
    const created = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title }) });
    const hook = await waitFor(() => bodies().find((b) => b.ticket.number === created.body.data.number));
    expect(hook.text).toBe(`Olivia opened ${created.body.data.number} "Urgent &lt;!channel&gt; &amp; &lt;https://evil.example|the docs&gt;"`);
    // The structured fields keep the title as it was typed.
    expect(hook.ticket.title).toBe(title);
  });
});

describe('webhook settings', () => {
  it('warns once at start when WEBHOOK_URLS is set without WEBHOOK_SECRET, and not when it has one', async () => {
    const unsigned = await startTestServer({ webhookUrls: ['http://127.0.0.1:9/hook'], webhookSecret: '' });
    const signed = await startTestServer({ webhookUrls: ['http://127.0.0.1:9/hook'], webhookSecret: SECRET });
    try {
      expect(unsigned.logs.filter((line) => line.includes('WEBHOOK_SECRET'))).toEqual([
        'WEBHOOK_URLS is set without WEBHOOK_SECRET: deliveries go unsigned, so receivers cannot tell them from forgeries.',
      ]);
      expect(signed.logs.filter((line) => line.includes('WEBHOOK_SECRET'))).toEqual([]);
    } finally {
      await Promise.all([unsigned.close(), signed.close()]);
    }
  });

  it('reads a whsec_ secret as base64 bytes, as Standard Webhooks does (its published example)', () => {
    expect(standardSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});

describe('webhook deliveries survive a restart', () => {
  it('a delivery pending against a receiver that is down arrives once, after the server starts again with the receiver up', async () => {
    // A port with nothing listening on it: taken, then let go.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const url = `http://127.0.0.1:${port}/hook`;
    const retryInSeconds = 30;

    const first = await startTestServer({ webhookUrls: [url], webhookSecret: SECRET, webhookRetrySeconds: [retryInSeconds, retryInSeconds] });
    const { dataDir } = first.server.app.settings;
    const token = await first.signIn(ADMIN.email, ADMIN.password);
    const category = await first.call('POST', '/api/config/categories', { token, json: { name: 'Restarts' } });
    const service = await first.call('POST', '/api/config/services', { token, json: { name: 'Hooks', app: 'shaq_app' } });
    const body = { ...ticketBody(w, { title: 'Survives a restart' }), category_id: category.body.data.id, service_id: service.body.data.id };
    const created = await first.call('POST', '/api/tickets', { token, json: body });
    expect(created.status).toBe(201);
    await waitFor(() => (first.logs.some((line) => line.includes('ECONNREFUSED') && line.includes('retrying')) ? true : undefined));
    await first.server.close(); // the data directory stays for the next start

    const arrived: string[] = [];
    const up = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        arrived.push(raw);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => up.listen(port, '127.0.0.1', resolve));
    // Started past the retry time, so the pending delivery is due at once.
    const second = await startTestServer({ dataDir, webhookUrls: [url], webhookSecret: SECRET, now: () => Date.now() + (retryInSeconds + 1) * 1000 });
    try {
      await waitFor(() => (arrived.length > 0 ? true : undefined));
      await waitFor(() => (pendingDeliveries(second) === 0 ? true : undefined));
      expect(arrived).toHaveLength(1);
      expect(JSON.parse(arrived[0]!)).toMatchObject({ change: 'created', ticket: { number: created.body.data.number, title: 'Survives a restart' } });
    } finally {
      await second.close();
      await new Promise((resolve) => up.close(resolve));
    }
  });
});

const pendingDeliveries = (server: TestServer) =>
  Number((server.server.app.db.prepare('SELECT count(*) AS n FROM webhook_deliveries').get() as { n: number }).n);
