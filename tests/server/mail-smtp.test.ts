/** Our SMTP client (docs/design.md#notifications) against real relays: smtp-server with STARTTLS and AUTH, and scripted faults. */
import { afterEach, describe, expect, it } from 'vitest';
import { buildMessage, threadId } from '../../src/server/mail/message.ts';
import { openSmtpSession, sendMail, type SendMailOptions } from '../../src/server/mail/smtp-client.ts';
import { SmtpError } from '../../src/server/mail/smtp-error.ts';
import { createReplyParser } from '../../src/server/mail/smtp-reply.ts';
import { describeRelay, parseSmtpUrl, SmtpUrlError } from '../../src/server/mail/smtp-url.ts';
import { header, headerNames, parseMime } from './mail-mime.ts';
import { HAS_OPENSSL, makeCertificate, PASSWORD, startRelay, startScriptedRelay, type Relay } from './smtp-relay.ts';

const FAST_TIMEOUT_MS = 300;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The SmtpError `promise` rejects with (fails the test when it resolves or rejects with anything else). */
async function smtpError(promise: Promise<unknown>): Promise<SmtpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmtpError);
  return error as SmtpError;
}

const simpleMessage = (body = 'Hello.\r\n') => `From: helpdesk@example.com\r\nTo: ada@example.com\r\nSubject: test\r\n\r\n${body}`;

describe('SMTP_URL', () => {
  it('reads smtp:// and smtps://, their default ports, and a percent-decoded user and password', () => {
    expect(parseSmtpUrl('smtp://relay.example.com')).toEqual({ secure: false, host: 'relay.example.com', port: 25 });
    expect(parseSmtpUrl('smtps://relay.example.com')).toEqual({ secure: true, host: 'relay.example.com', port: 465 });
    expect(parseSmtpUrl('smtp://mailer%40corp:p%40ss%3Aw%2Frd@relay.example.com:587')).toEqual({
      secure: false, host: 'relay.example.com', port: 587, user: 'mailer@corp', password: 'p@ss:w/rd',
    });
    expect(parseSmtpUrl('smtp://[::1]:2525').host).toBe('::1');
  });

  it('refuses anything else with a clear message that never shows the password', () => {
    const cases = ['http://u:SECRETPW@relay.example.com', 'smtp://u:SECRETPW@', 'smtp://u:SECRETPW@relay.example.com/path', 'smtp://u:SECRETPW@relay.example.com:0',
      'smtp://u:SECRET%zzPW@relay.example.com', 'smtp://u:SECRETPW@relay.example.com:99999', 'smtp://u:SECRETPW@relay.example.com?x=1', 'not a url SECRETPW'];
    for (const value of cases) {
      let error: unknown;
      try {
        parseSmtpUrl(value);
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(SmtpUrlError);
      expect((error as Error).message).toMatch(/SMTP_URL/);
      expect((error as Error).message).not.toMatch(/SECRET/);
    }
  });

  it('names a relay by scheme, user, host and port, never the password', () => {
    expect(describeRelay(parseSmtpUrl('smtp://mailer:SECRETPW@relay.example.com:587'))).toBe('smtp://mailer@relay.example.com:587');
    expect(describeRelay(parseSmtpUrl('smtps://[::1]'))).toBe('smtps://[::1]:465');
  });
});

describe('SMTP replies', () => {
  it('reads a multi-line reply split anywhere, byte by byte, and several replies in one chunk', () => {
    const text = '250-relay.example.com\r\n250-STARTTLS\r\n250 AUTH PLAIN LOGIN\r\n220 ready\r\n';
    const parser = createReplyParser();
    const oneByOne = [...Buffer.from(text)].flatMap((byte) => parser.push(Buffer.from([byte]), 'hello'));
    const together = createReplyParser().push(Buffer.from(text), 'hello');
    for (const replies of [oneByOne, together]) {
      expect(replies).toEqual([
        { code: 250, lines: ['relay.example.com', 'STARTTLS', 'AUTH PLAIN LOGIN'] },
        { code: 220, lines: ['ready'] },
      ]);
    }
  });

  it('refuses what is not SMTP: a bad line, a code that changes mid-reply, a line without end', () => {
    expect(() => createReplyParser().push(Buffer.from('HTTP/1.1 400 Bad Request\r\n'), 'greeting')).toThrow(/not an SMTP reply/);
    expect(() => createReplyParser().push(Buffer.from('250-a\r\n251 b\r\n'), 'hello')).toThrow(/changed its code/);
    expect(() => createReplyParser().push(Buffer.alloc(10_000, 0x61), 'greeting')).toThrow(/without an end/);
  });
});

describe.skipIf(!HAS_OPENSSL)('sending through a relay with STARTTLS and AUTH', () => {
  const { cert, key } = HAS_OPENSSL ? makeCertificate() : { cert: Buffer.alloc(0), key: Buffer.alloc(0) };
  let relays: Relay[] = [];
  const relay = async (options: Parameters<typeof startRelay>[0] = {}) => {
    const started = await startRelay({ key, cert, ...options });
    relays.push(started);
    return started;
  };
  const send = (r: Relay, options: Partial<SendMailOptions> = {}) =>
    sendMail({
      target: r.target({ user: 'mailer', password: PASSWORD }),
      heloName: 'helpdesk.example.com',
      from: 'helpdesk@example.com',
      to: ['ada@example.com'],
      message: simpleMessage(),
      timeoutMs: 5000,
      tls: { ca: cert },
      ...options,
    });
  afterEach(async () => {
    await Promise.all(relays.map((r) => r.close()));
    relays = [];
  });

  it('delivers a built message over STARTTLS with AUTH PLAIN: recipients, headers, both parts, threading', async () => {
    const r = await relay();
    const longLine = 'word '.repeat(600).trim();
    const message = buildMessage({
      from: { address: 'helpdesk@helpdesk.example.com', name: 'Helpdesk' },
      to: [{ address: 'ada@example.com', name: 'Ada Lovelace' }, { address: 'jurgen@example.com', name: 'Jürgen Müller-Lüdenscheidt, Qualitätssicherung' }],
      subject: '[TCK-000042] Drucker brennt — 打印机着火了 🔥',
      text: `Hello Ada,\n.\n.leading dot\n..two dots\n${longLine}\nthe end`,
      html: '<!doctype html><p>Hello <b>Ada</b> — ü</p>\n<p>.dot</p>',
      inReplyTo: threadId('TCK-000042', 'helpdesk.example.com'),
      headers: { 'List-Unsubscribe': '<https://helpdesk.example.com/profile>' },
    });
    const result = await send(r, { to: ['ada@example.com', 'jurgen@example.com'], message });
    expect(result.accepted).toEqual(['ada@example.com', 'jurgen@example.com']);
    expect(result.rejected).toEqual([]);
    expect(result.reply).toMatch(/^250 .*Q1/);

    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got).toMatchObject({ from: 'helpdesk@example.com', to: ['ada@example.com', 'jurgen@example.com'], secure: true, servername: 'localhost', user: 'mailer' });
    expect(r.auths).toEqual([{ method: 'PLAIN', username: 'mailer', password: PASSWORD }]);
    // The password went through TLS only: not in the clear bytes, in no encoding.
    expect(r.wire()).toContain('STARTTLS');
    for (const secret of [PASSWORD, b64(`\0mailer\0${PASSWORD}`), b64(PASSWORD)]) expect(r.wire()).not.toContain(secret);

    for (const line of got.raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(78);
    const mime = parseMime(got.raw);
    expect(header(mime, 'From')).toBe('"Helpdesk" <helpdesk@helpdesk.example.com>');
    expect(header(mime, 'To')).toBe('"Ada Lovelace" <ada@example.com>, Jürgen Müller-Lüdenscheidt, Qualitätssicherung <jurgen@example.com>');
    expect(header(mime, 'Subject')).toBe('[TCK-000042] Drucker brennt — 打印机着火了 🔥');
    expect(header(mime, 'Message-ID')).toMatch(/^<[^<>@\s]+@helpdesk\.example\.com>$/);
    expect(header(mime, 'In-Reply-To')).toBe('<TCK-000042@helpdesk.example.com>');
    expect(header(mime, 'References')).toBe('<TCK-000042@helpdesk.example.com>');
    expect(header(mime, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(mime, 'MIME-Version')).toBe('1.0');
    expect(header(mime, 'List-Unsubscribe')).toBe('<https://helpdesk.example.com/profile>');
    expect(Date.parse(header(mime, 'Date')!)).not.toBeNaN();
    expect(header(mime, 'Content-Type')).toMatch(/^multipart\/alternative; boundary=/);
    const [text, html] = mime.parts;
    expect(mime.parts).toHaveLength(2);
    expect(header(text!, 'Content-Type')).toBe('text/plain; charset=utf-8');
    expect(text!.body).toBe(`Hello Ada,\r\n.\r\n.leading dot\r\n..two dots\r\n${longLine}\r\nthe end`);
    expect(header(html!, 'Content-Type')).toBe('text/html; charset=utf-8');
    expect(html!.body).toBe('<!doctype html><p>Hello <b>Ada</b> — ü</p>\r\n<p>.dot</p>');
  });

  it('sends every line as given, a leading dot doubled on the wire and undone by the relay; any line ending becomes CRLF', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS'] });
    const line998 = 'x'.repeat(998);
    const body = '.\n.hidden\n..two\r\nlast\r' + line998 + '\n';
    await send(r, { target: r.target(), message: simpleMessage(body) });
    expect(r.received[0]!.raw).toBe(simpleMessage(`.\r\n.hidden\r\n..two\r\nlast\r\n${line998}\r\n`));
    expect(r.wire()).toContain('\r\n..\r\n..hidden\r\n...two\r\nlast\r\n');
    expect(r.wire()).toMatch(/\r\n\.\r\nQUIT\r\n$/);
  });

  it('refuses a line over 998 octets before connecting', async () => {
    const r = await relay();
    const error = await smtpError(send(r, { message: simpleMessage(`${'é'.repeat(500)}\r\n`) }));
    expect(error).toMatchObject({ kind: 'message', stage: 'prepare', permanent: true });
    expect(error.message).toMatch(/line 5 .* 998 octets/);
    expect(r.wire()).toBe('');
  });

  it('uses AUTH LOGIN when that is all the relay offers', async () => {
    const r = await relay({ authMethods: ['LOGIN'] });
    await send(r);
    expect(r.auths).toEqual([{ method: 'LOGIN', username: 'mailer', password: PASSWORD }]);
    expect(r.received).toHaveLength(1);
  });

  it('speaks TLS from the first byte to smtps://', async () => {
    const r = await relay({ secure: true });
    await send(r, { target: r.target({ secure: true, user: 'mailer', password: PASSWORD }) });
    expect(r.received[0]).toMatchObject({ secure: true, servername: 'localhost' });
    expect(r.wire()).not.toContain('EHLO');
  });

  it('asks for SMTPUTF8 and 8BITMIME only when the message needs them', async () => {
    const r = await relay();
    await send(r);
    await send(r, { from: 'hélpdesk@example.com', to: ['ada@example.com'], message: simpleMessage('Grüße\r\n') });
    expect(r.received.map((m) => [m.from, m.bodyType, m.smtpUtf8])).toEqual([
      ['helpdesk@example.com', '7bit', false],
      ['hélpdesk@example.com', '8bitmime', true],
    ]);
    const plain = await relay({ hideSMTPUTF8: true, hide8BITMIME: true });
    const error = await smtpError(send(plain, { message: simpleMessage('Grüße\r\n') }));
    expect(error).toMatchObject({ kind: 'message', permanent: true });
    expect(plain.mailFroms).toEqual([]);
  });

  it('reports a refused recipient with the relay reply and delivers to the others', async () => {
    const r = await relay({
      onRcptTo(address, _session, callback) {
        if (address.address === 'gone@example.com') callback(Object.assign(new Error('5.1.1 <gone@example.com>: no such user'), { responseCode: 550 }));
        else callback();
      },
    });
    const result = await send(r, { to: ['ada@example.com', 'gone@example.com', 'bob@example.com'] });
    expect(result.accepted).toEqual(['ada@example.com', 'bob@example.com']);
    expect(result.rejected).toEqual([{ address: 'gone@example.com', code: 550, reply: '550 5.1.1 <gone@example.com>: no such user' }]);
    expect(r.received.map((m) => m.to)).toEqual([['ada@example.com', 'bob@example.com']]);
  });

  it('sends no DATA when every recipient is refused', async () => {
    const r = await relay({ onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('mailbox full'), { responseCode: 452 })) });
    const result = await send(r, { target: r.target(), to: ['ada@example.com', 'bob@example.com'] });
    expect(result.accepted).toEqual([]);
    expect(result.rejected.map((x) => [x.address, x.code])).toEqual([['ada@example.com', 452], ['bob@example.com', 452]]);
    expect(r.received).toEqual([]);
    expect(r.wire()).not.toMatch(/DATA/);
  });

  it('fails with a retryable error when the relay drops the connection in the middle of the message', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS'] });
    r.dropAfter('DATA\r\n', 40);
    const error = await smtpError(send(r, { target: r.target(), message: simpleMessage('y'.repeat(200)) }));
    expect(error).toMatchObject({ kind: 'connect', stage: 'data', permanent: false });
    expect(r.received).toEqual([]);

    const session = await openSmtpSession({ target: r.target(), heloName: 'helpdesk.example.com', timeoutMs: 5000 });
    const first = await smtpError(session.send({ from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage('y'.repeat(200)) }));
    expect(first).toMatchObject({ kind: 'connect', stage: 'data', permanent: false });
    const next = await smtpError(session.send({ from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage() }));
    expect(next).toMatchObject({ kind: 'connect', stage: 'mail', permanent: false });
    expect(next.message).toMatch(/session has ended/);
    await session.close();
    expect(r.received).toEqual([]);
  });

  it('times out on a relay that accepts the connection and never says a word', async () => {
    const silent = await startScriptedRelay(null, () => null);
    try {
      const error = await smtpError(sendMail({ target: silent.target(), from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage(), timeoutMs: FAST_TIMEOUT_MS }));
      expect(error).toMatchObject({ kind: 'timeout', stage: 'greeting', permanent: false });
      expect(error.message).toContain(`${FAST_TIMEOUT_MS} ms`);
    } finally {
      await silent.close();
    }
  });

  it('with SMTP_REQUIRE_TLS, sends nothing to a relay without STARTTLS', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS'] });
    const error = await smtpError(send(r, { target: r.target(), requireTls: true }));
    expect(error).toMatchObject({ kind: 'tls-required', permanent: false });
    expect(error.message).toMatch(/STARTTLS.*SMTP_REQUIRE_TLS/);
    expect(r.mailFroms).toEqual([]);
    expect(r.wire()).not.toMatch(/MAIL FROM/);
  });

  it('never sends a password to a relay that offers AUTH without TLS', async () => {
    const r = await relay({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const error = await smtpError(send(r));
    expect(error).toMatchObject({ kind: 'tls-required', stage: 'auth' });
    expect(error.message).toMatch(/never sent unencrypted/);
    expect(r.auths).toEqual([]);
    expect(r.wire()).not.toMatch(/AUTH|MAIL FROM/);
    for (const secret of [PASSWORD, b64(`\0mailer\0${PASSWORD}`), b64(PASSWORD)]) expect(r.wire()).not.toContain(secret);
  });

  it('reports a wrong password as a permanent auth error', async () => {
    const r = await relay();
    const error = await smtpError(send(r, { target: r.target({ user: 'mailer', password: 'wrong' }) }));
    expect(error).toMatchObject({ kind: 'auth', stage: 'auth', permanent: true, code: 535 });
    expect(error.reply).toMatch(/^535 /);
    expect(error.message).not.toContain('wrong');
    expect(r.received).toEqual([]);
  });

  it('refuses a relay whose certificate it does not trust, before any command past STARTTLS', async () => {
    const r = await relay();
    const error = await smtpError(send(r, { tls: {} }));
    expect(error).toMatchObject({ kind: 'tls', stage: 'starttls', permanent: false });
    expect(error.message).toMatch(/certificate/i);
    expect(r.auths).toEqual([]);
    expect(r.wire()).not.toMatch(/AUTH|MAIL FROM/);
  });

  it('sends many messages on one session, and a refusal leaves the session usable', async () => {
    const r = await relay({
      onRcptTo: (address, _session, callback) => callback(address.address.startsWith('gone') ? Object.assign(new Error('no such user'), { responseCode: 550 }) : null),
    });
    const session = await openSmtpSession({ target: r.target({ user: 'mailer', password: PASSWORD }), heloName: 'helpdesk.example.com', timeoutMs: 5000, tls: { ca: cert } });
    const results = [];
    for (const to of ['ada@example.com', 'gone@example.com', 'bob@example.com']) {
      results.push(await session.send({ from: 'helpdesk@example.com', to: [to], message: simpleMessage(`to ${to}\r\n`) }));
    }
    const refused = await smtpError(session.send({ from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage('x'.repeat(1200)) }));
    expect(refused).toMatchObject({ kind: 'message', stage: 'prepare' });
    results.push(await session.send({ from: 'helpdesk@example.com', to: ['eve@example.com'], message: simpleMessage() }));
    await session.close();
    expect(results.map((x) => [x.accepted, x.rejected.map((y) => y.code)])).toEqual([
      [['ada@example.com'], []], [[], [550]], [['bob@example.com'], []], [['eve@example.com'], []],
    ]);
    expect(r.received.map((m) => m.to)).toEqual([['ada@example.com'], ['bob@example.com'], ['eve@example.com']]);
    expect(r.auths).toHaveLength(1);
    expect(r.wire().match(/EHLO/g)).toHaveLength(1);
  });

  it('goes on with the next message after the relay refused one at DATA', async () => {
    const r = await relay({
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => callback(session.envelope.rcptTo[0]!.address === 'ada@example.com' ? Object.assign(new Error('5.7.1 spam'), { responseCode: 554 }) : null));
      },
    });
    const session = await openSmtpSession({ target: r.target(), heloName: 'helpdesk.example.com', timeoutMs: 5000 });
    const error = await smtpError(session.send({ from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage() }));
    expect(error).toMatchObject({ kind: 'rejected', stage: 'data', code: 554, permanent: true, reply: '554 5.7.1 spam' });
    expect((await session.send({ from: 'helpdesk@example.com', to: ['bob@example.com'], message: simpleMessage() })).accepted).toEqual(['bob@example.com']);
    await session.close();
  });

  it('says HELO to a relay that refuses EHLO', async () => {
    const r = await relay({ disabledCommands: ['EHLO'] });
    const result = await send(r, { target: r.target() });
    expect(result.accepted).toEqual(['ada@example.com']);
    expect(r.wire()).toMatch(/^EHLO helpdesk\.example\.com\r\nHELO helpdesk\.example\.com\r\n/);
  });
});

describe('relay misbehaviour', () => {
  const send = (target: ReturnType<Awaited<ReturnType<typeof startScriptedRelay>>['target']>) =>
    sendMail({ target, heloName: 'helpdesk.example.com', from: 'helpdesk@example.com', to: ['ada@example.com'], message: simpleMessage(), timeoutMs: 5000 });

  it('reports a relay that is not listening as a retryable connect error', async () => {
    const closed = await startScriptedRelay(null, () => null);
    const target = closed.target();
    await closed.close();
    expect(await smtpError(send(target))).toMatchObject({ kind: 'connect', stage: 'connect', permanent: false });
  });

  it('refuses a reply injected in clear right after STARTTLS (and so sends nothing)', async () => {
    const relay = await startScriptedRelay('220 relay\r\n', (command) =>
      command.startsWith('EHLO') ? '250-relay\r\n250 STARTTLS\r\n' : command === 'STARTTLS' ? '220 go ahead\r\n250 injected\r\n' : '250 ok\r\n');
    try {
      const error = await smtpError(send(relay.target()));
      expect(error).toMatchObject({ kind: 'protocol', stage: 'starttls' });
      expect(relay.commands).toEqual(['EHLO helpdesk.example.com', 'STARTTLS']);
    } finally {
      await relay.close();
    }
  });

  it('stops a relay that sends a reply line without end', async () => {
    const relay = await startScriptedRelay(`220 ${'x'.repeat(100_000)}`, () => null);
    try {
      expect(await smtpError(send(relay.target()))).toMatchObject({ kind: 'protocol', stage: 'greeting' });
    } finally {
      await relay.close();
    }
  });

  it('follows a multi-line reply written a byte at a time', async () => {
    const relay = await startScriptedRelay('220 relay\r\n', (command, socket) => {
      if (command.startsWith('EHLO')) {
        for (const byte of Buffer.from('250-relay\r\n250-8BITMIME\r\n250 SIZE 1000000\r\n')) socket.write(Buffer.from([byte]));
        return null;
      }
      if (command.startsWith('MAIL') || command.startsWith('RCPT') || command === 'QUIT') return command === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n';
      if (command === 'DATA') return '354 go\r\n';
      return command === '.' ? '250 queued\r\n' : null;
    });
    try {
      const result = await send(relay.target());
      expect(result).toEqual({ accepted: ['ada@example.com'], rejected: [], reply: '250 queued' });
      expect(relay.commands.at(-1)).toBe('QUIT');
    } finally {
      await relay.close();
    }
  });
});
