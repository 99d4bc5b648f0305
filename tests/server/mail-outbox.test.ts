/**
 * Notification e-mail through the real server and a real relay (smtp-server with STARTTLS and
 * AUTH): who gets what, the message itself, preferences, refusals, a relay that is down, silent or
 * without STARTTLS, retention and the admin API (docs/design.md#notifications).
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/server.ts';
import { createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';
import { header, parseMime, type MimePart } from './mail-mime.ts';
import { HAS_OPENSSL, makeCertificate, PASSWORD, startRelay, startScriptedRelay, type Received, type Relay } from './smtp-relay.ts';

const MAIL_FROM = 'Helpdesk <helpdesk@helpdesk.example.com>';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Row {
  id: number;
  to_address: string;
  state: string;
  attempts: number;
  last_reply: string | null;
  next_attempt_at: string;
  message_id: string;
}

const rows = (t: TestServer) => t.server.app.db.prepare('SELECT * FROM mail_outbox ORDER BY id').all() as unknown as Row[];
const settle = (t: TestServer) => t.server.app.mail.worker!.idle();
const textPart = (mime: MimePart) => mime.parts.find((p) => /text\/plain/.test(header(p, 'content-type') ?? ''))!.body.replace(/\r\n/g, '\n');
const htmlPart = (mime: MimePart) => mime.parts.find((p) => /text\/html/.test(header(p, 'content-type') ?? ''))!.body;
const to = (received: Received[], address: string) => received.filter((r) => r.to.includes(address));

/** A TCP port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Forwards `port` to the relay: the relay "comes up" at an address the server already knows. */
async function forward(port: number, relayPort: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(relayPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => (client.destroy(), upstream.destroy()));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => (sockets.forEach((s) => s.destroy()), new Promise((resolve) => server.close(resolve))) };
}

describe.skipIf(!HAS_OPENSSL)('notification e-mail', () => {
  const { cert, key } = HAS_OPENSSL ? makeCertificate() : { cert: Buffer.alloc(0), key: Buffer.alloc(0) };
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function relay(options: Parameters<typeof startRelay>[0] = {}): Promise<Relay> {
    const started = await startRelay({ key, cert, ...options });
    cleanups.push(() => started.close());
    return started;
  }

  async function server(smtpUrl: string, extra: Parameters<typeof startTestServer>[0] = {}): Promise<{ t: TestServer; w: World }> {
    const t = await startTestServer({ smtpUrl, mailFrom: MAIL_FROM, smtpCa: cert, mailTimeoutMs: 5000, ...extra });
    cleanups.push(() => t.close());
    return { t, w: await createWorld(t) };
  }

  const relayUrl = (r: Relay | { port: number }) => `smtp://mailer:${encodeURIComponent(PASSWORD)}@localhost:${r.port}`;
  const comment = (t: TestServer, token: string, number: string, body: string) =>
    t.call('POST', `/api/tickets/${number}/comments`, { token, json: { body } });

  it('mails the others about a comment: recipients, subject, both parts, the quote, the links, threading with the earlier change', async () => {
    const r = await relay();
    const { t, w } = await server(relayUrl(r));
    const ticket = await createTicket(t, w, 'assigned');
    await settle(t);
    // The assignment told the creator (Olivia) and the developer (Dana); the admin acted.
    expect(r.received.map((m) => m.to).flat().sort()).toEqual([w.developer.email, w.owner.email].sort());
    const assignedToOwner = to(r.received, w.owner.email)[0]!;

    const body = `Looking at it <b>now</b> & then.\nSecond line @${w.otherSupport.email}`;
    expect((await comment(t, w.developer.token, ticket.number, body)).status).toBe(201);
    await settle(t);
    const commentMails = r.received.slice(2);
    // The creator and the mentioned colleague; never the developer who wrote it.
    expect(commentMails.map((m) => m.to).flat().sort()).toEqual([w.owner.email, w.otherSupport.email].sort());
    for (const m of commentMails) expect(m).toMatchObject({ from: 'helpdesk@helpdesk.example.com', secure: true, user: 'mailer' });

    const mail = parseMime(to(commentMails, w.owner.email)[0]!.raw);
    expect(header(mail, 'Subject')).toBe(`[${ticket.number}] Checkout button does nothing`);
    expect(header(mail, 'From')).toMatch(/Helpdesk.*<helpdesk@helpdesk\.example\.com>/);
    expect(header(mail, 'To')).toMatch(new RegExp(`Olivia Tester.*<${w.owner.email.replace('.', '\\.')}>`));
    expect(header(mail, 'Auto-Submitted')).toBe('auto-generated');
    const thread = `<${ticket.number}@helpdesk.example.com>`;
    expect(header(mail, 'In-Reply-To')).toBe(thread);
    expect(header(mail, 'References')).toBe(thread);
    const earlier = parseMime(assignedToOwner.raw);
    expect(header(earlier, 'In-Reply-To')).toBe(thread);
    expect(header(earlier, 'Message-ID')).not.toBe(header(mail, 'Message-ID'));
    // The Message-ID is the row's, fixed when the change was written.
    expect(rows(t).map((row) => row.message_id)).toContain(header(mail, 'Message-ID'));

    const link = `${t.url}/support/ticket-details/${ticket.number}`;
    const text = textPart(mail);
    expect(text).toContain(`Dana commented on ${ticket.number} "Checkout button does nothing".`);
    expect(text).toContain('> Looking at it <b>now</b> & then.\n> Second line @');
    expect(text).toContain(link);
    expect(text).toContain(`${t.url}/support?profile=notifications`);
    const html = htmlPart(mail);
    expect(html).toContain('Looking at it &lt;b&gt;now&lt;/b&gt; &amp; then.<br>');
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain(`Open ${ticket.number}`);
    expect(html).toContain(`href="${t.url}/support?profile=notifications"`);
    expect(html).not.toMatch(/<link|<style|<img|src=/i);
    // The developer's link opens the developer's page.
    expect(textPart(parseMime(to(r.received, w.developer.email)[0]!.raw))).toContain(`${t.url}/developer/ticket-details/${ticket.number}`);
    expect(rows(t).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    // The sent marks skip their own fsync; every other commit still waits for the disk (FULL = 2).
    expect(t.server.app.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
  });

  it('the preferences switch stops exactly that kind of mail', async () => {
    const r = await relay();
    const { t, w } = await server(relayUrl(r));
    const off = { email: { assigned: true, my_tickets: false, comments: true, mentions: true, sla: true } };
    expect((await t.call('PUT', '/api/me/notifications', { token: w.owner.token, json: off })).status).toBe(200);
    const ticket = await createTicket(t, w, 'assigned');
    await settle(t);
    // Olivia's ticket was assigned: her kind is off, Dana's (assigned) is not.
    expect(r.received.map((m) => m.to).flat()).toEqual([w.developer.email]);
    // In the app she is told all the same.
    expect((await t.call('GET', '/api/notifications/unread', { token: w.owner.token })).body.data.count).toBe(1);
    // A mention is another kind: it still mails her.
    await comment(t, w.developer.token, ticket.number, `@${w.owner.email} can you check?`);
    await settle(t);
    expect(to(r.received, w.owner.email)).toHaveLength(1);
  });

  it('a recipient the relay refuses fails at once with its reply; the others are delivered', async () => {
    const r = await relay({
      onRcptTo: (address, _session, callback) =>
        callback(address.address.startsWith('sam.') ? Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }) : null),
    });
    const { t, w } = await server(relayUrl(r));
    const ticket = await createTicket(t, w);
    await comment(t, w.developer.token, ticket.number, `@${w.otherSupport.email} @${w.owner.email} please look`);
    await settle(t);
    expect(r.received.map((m) => m.to).flat()).toEqual([w.owner.email]);
    const sam = rows(t).find((row) => row.to_address === w.otherSupport.email)!;
    expect(sam).toMatchObject({ state: 'failed', attempts: 1 });
    expect(sam.last_reply).toMatch(/^550 .*mailbox unavailable/);
    const owner = rows(t).find((row) => row.to_address === w.owner.email)!;
    expect(owner.state).toBe('sent');
    expect(owner.last_reply).toMatch(/^250 /);
  });

  it('a relay that is down delays mail and nothing else; once it is up every message arrives, once', async () => {
    const port = await freePort();
    const { t, w } = await server(relayUrl({ port }));
    const ticket = await createTicket(t, w, 'assigned');
    for (const text of ['first', 'second', 'third']) {
      expect((await comment(t, w.developer.token, ticket.number, text)).status).toBe(201);
      await settle(t);
    }
    const waiting = rows(t);
    // Assigned: Olivia and Dana; each comment: Olivia.
    expect(waiting).toHaveLength(5);
    expect(waiting.every((row) => row.state === 'queued')).toBe(true);
    expect(waiting.some((row) => row.attempts === 1 && /connect|refused|ECONNREFUSED/i.test(row.last_reply ?? ''))).toBe(true);
    const status = (await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data;
    expect(status).toMatchObject({ enabled: true, state: 'failing', waiting: 5, failed: 0 });
    expect(status.last_error).toMatch(/localhost/);
    expect(t.logs.filter((line) => line.startsWith('Mail:'))).toHaveLength(1);

    const r = await relay();
    const up = await forward(port, r.port);
    cleanups.push(() => up.close());
    t.advance(MINUTE + 1000);
    t.server.app.mail.worker!.wake();
    await settle(t);
    expect(r.received).toHaveLength(5);
    expect(new Set(r.received.map((m) => header(parseMime(m.raw), 'Message-ID'))).size).toBe(5);
    expect(rows(t).every((row) => row.state === 'sent')).toBe(true);
    expect((await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data).toMatchObject({ state: 'ok', waiting: 0, last_error: null });
  });

  it('a relay that drops the connection mid-message: retried, and delivered once it takes it', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS', 'AUTH'] });
    const { t, w } = await server(`smtp://localhost:${r.port}`);
    r.dropAfter('\r\nDATA\r\n', 200);
    const ticket = await createTicket(t, w);
    await comment(t, w.developer.token, ticket.number, 'half a message');
    await settle(t);
    expect(r.received).toEqual([]);
    expect(rows(t)[0]).toMatchObject({ state: 'queued', attempts: 1 });
    r.dropAfter('never sent', 0);
    t.advance(MINUTE);
    t.server.app.mail.worker!.wake();
    await settle(t);
    expect(r.received.map((m) => m.to)).toEqual([[w.owner.email]]);
    expect(rows(t)[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('a relay that never answers times out; the message is retried after 1, 5, 30, 120 and 360 minutes, then failed', async () => {
    const silent = await startScriptedRelay(null, () => null);
    cleanups.push(() => silent.close());
    const { t, w } = await server(`smtp://127.0.0.1:${silent.target().port}`, { mailTimeoutMs: 150 });
    const ticket = await createTicket(t, w);
    expect((await comment(t, w.developer.token, ticket.number, 'anyone?')).status).toBe(201);
    await settle(t);
    for (const [attempt, minutes] of [[1, 1], [2, 5], [3, 30], [4, 120], [5, 360]] as const) {
      const row = rows(t)[0]!;
      expect(row).toMatchObject({ state: 'queued', attempts: attempt });
      expect(row.last_reply).toMatch(/no answer within 150 ms/);
      expect(Date.parse(row.next_attempt_at) - t.server.app.now()).toBeGreaterThan((minutes - 0.1) * MINUTE);
      expect(Date.parse(row.next_attempt_at) - t.server.app.now()).toBeLessThanOrEqual(minutes * MINUTE);
      t.advance(minutes * MINUTE);
      t.server.app.mail.worker!.wake();
      await settle(t);
    }
    expect(rows(t)[0]).toMatchObject({ state: 'failed', attempts: 6 });
    expect((await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data).toMatchObject({ waiting: 0, failed: 1 });
  });

  it('SMTP_REQUIRE_TLS with a relay that offers no STARTTLS: nothing is sent, one log line, the state on the admin API', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS'] });
    const { t, w } = await server(`smtp://localhost:${r.port}`, { smtpRequireTls: true });
    const ticket = await createTicket(t, w, 'assigned');
    await comment(t, w.developer.token, ticket.number, 'one');
    await settle(t);
    t.advance(MINUTE + 1000);
    t.server.app.mail.worker!.wake();
    await settle(t);
    expect(r.received).toEqual([]);
    expect(r.mailFroms).toEqual([]);
    const lines = t.logs.filter((line) => /STARTTLS/.test(line));
    expect(lines).toEqual([`Mail: smtp://localhost:${r.port} offers no STARTTLS and SMTP_REQUIRE_TLS is on: no mail is sent until it does. Messages wait in the outbox.`]);
    const status = (await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data;
    expect(status).toMatchObject({ state: 'tls-required', require_tls: true, waiting: 3 });
  });

  it('deletes delivered mail older than 30 days, and keeps younger', async () => {
    const r = await relay();
    const { t, w } = await server(relayUrl(r));
    await createTicket(t, w, 'assigned');
    await settle(t);
    expect(rows(t)).toHaveLength(2);
    t.advance(29 * DAY);
    sweepExpired(t.server.app);
    expect(rows(t)).toHaveLength(2);
    t.advance(2 * DAY);
    sweepExpired(t.server.app);
    expect(rows(t)).toEqual([]);
  });

  it('the admin API: status for supers only, the test e-mail accepted (200), refused (502), a bad address (422)', async () => {
    const r = await relay({
      onRcptTo: (address, _session, callback) =>
        callback(address.address.startsWith('gone') ? Object.assign(new Error('5.1.1 no such user'), { responseCode: 550 }) : null),
    });
    const { t, w } = await server(relayUrl(r));
    expect((await t.call('GET', '/api/admin/mail', { token: w.owner.token })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/mail/test', { token: w.developer.token, json: { to: 'ada@example.com' } })).status).toBe(403);

    const sent = await t.call('POST', '/api/admin/mail/test', { token: w.admin.token, json: { to: 'ada@example.com' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ accepted: true });
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.to).toEqual(['ada@example.com']);
    expect(header(parseMime(r.received[0]!.raw), 'Subject')).toBe('Helpdesk test e-mail');

    const refused = await t.call('POST', '/api/admin/mail/test', { token: w.admin.token, json: { to: 'gone@example.com' } });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^550 .*no such user/);
    expect(r.received).toHaveLength(1);

    for (const bad of ['not an address', 'a@b@c', '<x@example.com>', '', 42]) {
      expect((await t.call('POST', '/api/admin/mail/test', { token: w.admin.token, json: { to: bad } })).status).toBe(422);
    }

    const status = (await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data;
    expect(status).toMatchObject({
      enabled: true, relay: `smtp://mailer@localhost:${r.port}`, require_tls: false, from: MAIL_FROM, state: 'ok', last_error: null, waiting: 0, failed: 1,
    });
    expect(JSON.stringify(status)).not.toContain(PASSWORD);
    expect(status.deliveries.map((d: any) => [d.to, d.subject, d.state])).toEqual([
      ['gone@example.com', 'Helpdesk test e-mail', 'failed'],
      ['ada@example.com', 'Helpdesk test e-mail', 'sent'],
    ]);
    expect(status.deliveries[1]).toMatchObject({ attempts: 1, last_reply: expect.stringMatching(/^250 /), sent_at: expect.any(String) });
  });

  it('without SMTP_URL: no mail rows, the state is off, and the test e-mail is refused with 409', async () => {
    const t = await startTestServer();
    cleanups.push(() => t.close());
    const w = await createWorld(t);
    await createTicket(t, w, 'assigned');
    expect(rows(t)).toEqual([]);
    const status = (await t.call('GET', '/api/admin/mail', { token: w.admin.token })).body.data;
    expect(status).toMatchObject({ enabled: false, relay: null, state: 'off', waiting: 0, failed: 0, deliveries: [] });
    const test = await t.call('POST', '/api/admin/mail/test', { token: w.admin.token, json: { to: 'ada@example.com' } });
    expect(test.status).toBe(409);
    expect(test.body.message).toBe('E-mail is off: set SMTP_URL to send mail.');
  });
});
