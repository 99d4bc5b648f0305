/** The notification message builder (docs/design.md#notifications), read back with a MIME reader of its own. */
import { describe, expect, it } from 'vitest';
import { isValidAddress, normalizeAddress, parseMailbox } from '../../src/server/mail/address.ts';
import { buildMessage, formatDate, newMessageId, threadId, type MessageOptions } from '../../src/server/mail/message.ts';
import { encodedWords, quotedPrintable } from '../../src/server/mail/mime-encode.ts';
import { sendMail } from '../../src/server/mail/smtp-client.ts';
import { SmtpError } from '../../src/server/mail/smtp-error.ts';
import { decodeQuotedPrintable, decodeWords, header, headerNames, parseMime } from './mail-mime.ts';

const base: MessageOptions = {
  from: { address: 'helpdesk@helpdesk.example.com', name: 'Helpdesk' },
  to: [{ address: 'ada@example.com', name: 'Ada Lovelace' }],
  subject: '[TCK-000042] Printer on fire',
  text: 'Hello',
  html: '<p>Hello</p>',
  date: new Date('2026-11-25T15:10:06Z'),
};

/** The header lines of a built message, unfolded. */
const headerLines = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n(?=[ \t])/g, '').split('\r\n');

/** Strings that stress the encoders: every script width, emoji with joiners, combining marks, QP's own `=`. */
const SAMPLES = [
  'plain ASCII words only',
  'Grüße aus Köln — “quotes” and ½',
  '打印机着火了，请尽快处理。'.repeat(6),
  '👩‍👩‍👧‍👦 family 🏳️‍🌈 flag e\u0301 combining',
  'a=b =?UTF-8?B?Zm9v?= looks encoded',
  'x'.repeat(300),
  `${'é'.repeat(40)} ${'z'.repeat(90)} tail`,
];

describe('header encoding', () => {
  it('never lets a CR, LF or other control character in a subject or name add a header', () => {
    const attacks = ['Title\r\nBcc: evil@x', 'Title\nBcc: evil@x', 'Title\rBcc: evil@x', 'Title\r\n\r\n<html>body</html>', 'Grüße\r\nBcc: evil@x',
      'Title\u0085Bcc: evil@x', 'Title\u2028Bcc: evil@x', 'Title\x00\x0bBcc: evil@x'];
    for (const attack of attacks) {
      const raw = buildMessage({ ...base, subject: attack, from: { address: 'helpdesk@helpdesk.example.com', name: attack }, to: [{ address: 'ada@example.com', name: attack }] });
      const mime = parseMime(raw);
      expect(headerNames(mime), attack).not.toContain('bcc');
      expect(raw).not.toMatch(/^(Bcc|<html>)/im);
      expect(raw.split('\r\n\r\n')[0]).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|(?<!\r)\n/);
      const flattened = attack.replace(/[\x00-\x1f\x85\u2028]+/g, ' ');
      expect(header(mime, 'Subject')).toBe(flattened);
      expect(header(mime, 'To')).toContain(`<ada@example.com>`);
      expect(mime.parts.map((p) => p.body)).toEqual(['Hello', '<p>Hello</p>']);
    }
  });

  it('encodes subjects and names past ASCII in encoded-words of at most 75 characters, lines of at most 78, and reads back the same', () => {
    for (const sample of SAMPLES) {
      const raw = buildMessage({ ...base, subject: `[TCK-000042] ${sample}`, to: [{ address: 'ada@example.com', name: sample }, { address: 'bob@example.com', name: 'Bob' }] });
      for (const line of raw.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(78);
      for (const word of raw.match(/=\?[^?]+\?[BQ]\?[^?]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
      expect(raw).toMatch(/^[\x00-\x7f]*$/);
      const mime = parseMime(raw);
      expect(header(mime, 'Subject')).toBe(`[TCK-000042] ${sample}`);
      const to = header(mime, 'To')!;
      expect(to.endsWith(', "Bob" <bob@example.com>')).toBe(true);
      expect(to.slice(0, -', "Bob" <bob@example.com>'.length)).toMatch(new RegExp(`^"?${sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"? <ada@example\\.com>$`, 'u'));
    }
  });

  it('never splits a character between two encoded-words', () => {
    for (const sample of SAMPLES) {
      for (const word of encodedWords(sample)) expect(Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).not.toContain('\ufffd');
      expect(decodeWords(encodedWords(sample).join(' '))).toBe(sample);
    }
  });

  it('quotes a display name with specials and escapes its quotes and backslashes', () => {
    const raw = buildMessage({ ...base, to: [{ address: 'ada@example.com', name: 'Lovelace, Ada "Countess" \\ of Lovelace' }] });
    expect(headerLines(raw)).toContain('To: "Lovelace, Ada \\"Countess\\" \\\\ of Lovelace" <ada@example.com>');
  });
});

describe('bodies', () => {
  it('are quoted-printable: 7-bit lines of at most 76 characters that decode to the text', () => {
    const texts = [...SAMPLES, 'trailing space \nand tab\t\n= signs == =3D\n.\n..', `${'long line '.repeat(200)}\n${'ü'.repeat(500)}`];
    for (const text of texts) {
      const encoded = quotedPrintable(text);
      for (const line of encoded.split('\r\n')) {
        expect(line.length).toBeLessThanOrEqual(76);
        expect(line).toMatch(/^[!-~ \t]*$/);
        expect(line).not.toMatch(/[ \t]$/);
      }
      expect(decodeQuotedPrintable(encoded)).toBe(text.replace(/\n/g, '\r\n'));
    }
  });

  it('build a multipart/alternative message: text first, HTML second, both UTF-8', () => {
    const mime = parseMime(buildMessage({ ...base, text: 'Grüße\n— the helpdesk', html: '<p>Grüße</p>' }));
    expect(header(mime, 'Content-Type')).toMatch(/^multipart\/alternative;\s+boundary="=_helpdesk_[0-9a-f]+"$/);
    expect(mime.parts.map((p) => [header(p, 'Content-Type'), header(p, 'Content-Transfer-Encoding'), p.body])).toEqual([
      ['text/plain; charset=utf-8', 'quoted-printable', 'Grüße\r\n— the helpdesk'],
      ['text/html; charset=utf-8', 'quoted-printable', '<p>Grüße</p>'],
    ]);
  });
});

describe('the headers of a notification', () => {
  it('carry the date, a fresh Message-ID, the thread, Auto-Submitted, and extras', () => {
    const thread = threadId('TCK-000042', 'helpdesk.example.com');
    const raw = buildMessage({ ...base, inReplyTo: thread, headers: { 'List-Unsubscribe': '<https://helpdesk.example.com/profile>', 'List-Id': 'Helpdesk <helpdesk.example.com>' } });
    const mime = parseMime(raw);
    expect(header(mime, 'Date')).toBe('Wed, 25 Nov 2026 15:10:06 +0000');
    expect(header(mime, 'Message-ID')).toMatch(/^<[0-9a-z]+\.[0-9a-f]{24}@helpdesk\.example\.com>$/);
    expect([header(mime, 'In-Reply-To'), header(mime, 'References')]).toEqual(['<TCK-000042@helpdesk.example.com>', '<TCK-000042@helpdesk.example.com>']);
    expect(header(mime, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(mime, 'List-Unsubscribe')).toBe('<https://helpdesk.example.com/profile>');
    expect(header(mime, 'List-Id')).toBe('Helpdesk <helpdesk.example.com>');
    expect(headerNames(mime).filter((name) => name === 'message-id')).toHaveLength(1);
  });

  it('give each message its own Message-ID and each ticket one stable thread id', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newMessageId('helpdesk.example.com')));
    expect(ids.size).toBe(1000);
    expect(threadId('TCK-000042', 'helpdesk.example.com')).toBe(threadId('TCK-000042', 'helpdesk.example.com'));
    expect(threadId('TCK-000042', 'helpdesk.example.com')).toBe('<TCK-000042@helpdesk.example.com>');
    for (const [number, domain] of [['TCK-1>\r\nBcc: x', 'helpdesk.example.com'], ['TCK-1', 'bad domain'], ['TCK-1', 'x>\r\nBcc: y']]) {
      expect(() => threadId(number!, domain!)).toThrow(TypeError);
    }
  });

  it('formats dates as RFC 5322 in UTC', () => {
    expect(formatDate(new Date('2026-01-05T03:04:05Z'))).toBe('Mon, 05 Jan 2026 03:04:05 +0000');
  });

  it('refuse an invalid address, message id or extra header instead of writing it', () => {
    const attempts: Array<Partial<MessageOptions>> = [
      { to: [{ address: 'ada@example.com>\r\nBcc: evil@x' }] },
      { to: [{ address: 'no-at-sign' }] },
      { to: [{ address: 'a b@example.com' }] },
      { to: [] },
      { from: { address: '<helpdesk@example.com>' } },
      { inReplyTo: '<x@y>\r\nBcc: evil@x' },
      { references: ['not-an-id'] },
      { headers: { 'X-Note': 'one\r\nBcc: evil@x' } },
      { headers: { Bcc: 'evil@x' } },
      { headers: { subject: 'again' } },
      { headers: { 'X Bad': 'value' } },
      { headers: { 'X-Note': 'ümlaut' } },
    ];
    for (const attempt of attempts) expect(() => buildMessage({ ...base, ...attempt }), JSON.stringify(attempt)).toThrow(TypeError);
  });
});

describe('addresses', () => {
  it('accept dot-atoms at host names, an internationalized domain in punycode, and refuse the rest', () => {
    expect(normalizeAddress('ada.lovelace+tickets@example.com')).toBe('ada.lovelace+tickets@example.com');
    expect(normalizeAddress('jürgen@bücher.example')).toBe('jürgen@xn--bcher-kva.example');
    expect(normalizeAddress('helpdesk@intranet')).toBe('helpdesk@intranet');
    for (const bad of ['', 'no-at', '@example.com', 'a@', 'a..b@example.com', '.a@example.com', 'a@-x.com', 'a@x_y.com', '"quoted"@example.com',
      'a@[127.0.0.1]', 'a b@example.com', 'a@example.com>', 'a\r\n@example.com', `${'x'.repeat(65)}@example.com`, 'a\u2028b@example.com']) {
      expect(isValidAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('read a sender written as people write one (MAIL_FROM)', () => {
    expect(parseMailbox('Helpdesk <helpdesk@example.com>')).toEqual({ name: 'Helpdesk', address: 'helpdesk@example.com' });
    expect(parseMailbox('"Help, \\"desk\\"" <helpdesk@example.com>')).toEqual({ name: 'Help, "desk"', address: 'helpdesk@example.com' });
    expect(parseMailbox(' helpdesk@example.com ')).toEqual({ address: 'helpdesk@example.com' });
    expect(parseMailbox('Evil\r\nBcc: x <helpdesk@example.com>')).toBeNull();
    expect(parseMailbox('Helpdesk <not an address>')).toBeNull();
  });

  it('are checked by the SMTP client before it connects, so none can add a command', async () => {
    const target = { secure: false, host: '127.0.0.1', port: 1 };
    for (const [from, to] of [['helpdesk@example.com>\r\nRCPT TO:<evil@x.com', 'ada@example.com'], ['helpdesk@example.com', 'ada@example.com> NOTIFY=NEVER']]) {
      const error = await sendMail({ target, from: from!, to: [to!], message: 'Subject: x\r\n\r\nx\r\n' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmtpError);
      expect(error).toMatchObject({ kind: 'message', stage: 'prepare', permanent: true });
    }
  });
});
