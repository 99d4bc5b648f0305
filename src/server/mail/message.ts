/**
 * Builds the notification e-mails (docs/design.md#notifications) as RFC 5322 text:
 * `multipart/alternative` with a text and an HTML part, UTF-8 in quoted-printable, so every line
 * is 7-bit and short; subjects and names past ASCII as RFC 2047 encoded-words; threading headers
 * on one id per ticket (`threadId`), and `Auto-Submitted: auto-generated` so that no
 * well-behaved robot answers. No title or name can add a header: see mime-encode.ts, `headerText`.
 */
import crypto from 'node:crypto';
import { isHostName, normalizeAddress } from './address.ts';
import { foldHeader, phraseTokens, quotedPrintable, unstructuredTokens } from './mime-encode.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A msg-id we write or pass on: `<left@right>` in printable ASCII, without spaces or brackets inside. */
const MESSAGE_ID = /^<[!-;=?-~]{1,200}@[!-;=?-~]{1,200}>$/;
const TICKET_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** RFC 5322 ftext: a header name. */
const HEADER_NAME = /^[!-9;-~]{1,76}$/;
/** Headers the builder writes itself; `headers` may not repeat them. */
const OWN_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'in-reply-to', 'references', 'auto-submitted',
  'x-auto-response-suppress', 'mime-version', 'content-type', 'content-transfer-encoding', 'sender', 'reply-to', 'return-path']);

/** A person: an address and, if known, the name to show. */
export interface Mailbox {
  address: string;
  /** Any text: control characters become spaces, non-ASCII is encoded. */
  name?: string;
}

export interface MessageOptions {
  from: Mailbox;
  to: readonly Mailbox[];
  /** Any text (a ticket title may be in it): control characters become spaces, non-ASCII is encoded. */
  subject: string;
  /** The text/plain part. */
  text: string;
  /** The text/html part, a whole document. */
  html: string;
  /** @default new Date() */
  date?: Date;
  /** @default newMessageId(the sender's domain) */
  messageId?: string;
  /** The ticket's thread id (`threadId`), so mail clients put this message in its thread. */
  inReplyTo?: string;
  /** Ids of the thread, oldest first; usually `[threadId(…)]`. @default [inReplyTo] when given */
  references?: readonly string[];
  /** More headers, e.g. `{ 'List-Unsubscribe': '<https://…>' }`: printable ASCII, no line breaks, not one the builder writes. */
  headers?: Readonly<Record<string, string>>;
}

/** The stable id of a ticket's thread (`<TCK-000042@helpdesk.example.com>`); every message about it refers to it. */
export function threadId(ticketNumber: string, domain: string): string {
  if (!TICKET_NUMBER.test(ticketNumber)) throw new TypeError(`threadId: ${JSON.stringify(ticketNumber)} is not a ticket number`);
  if (!isHostName(domain)) throw new TypeError(`threadId: ${JSON.stringify(domain)} is not a domain`);
  return `<${ticketNumber}@${domain}>`;
}

/** A Message-ID no other message has: a time and 96 random bits, at `domain`. */
export function newMessageId(domain: string): string {
  if (!isHostName(domain)) throw new TypeError(`newMessageId: ${JSON.stringify(domain)} is not a domain`);
  return `<${Date.now().toString(36)}.${crypto.randomBytes(12).toString('hex')}@${domain}>`;
}

/** RFC 5322 §3.3 date-time, in UTC: `Wed, 25 Nov 2026 15:10:06 +0000`. */
export function formatDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** The whole message, CRLF line endings, ready for `sendMail`. Throws TypeError on an invalid address, id or extra header. */
export function buildMessage(options: MessageOptions): string {
  if (options.to.length === 0) throw new TypeError('buildMessage: no recipient');
  const from = mailboxTokens(options.from);
  const domain = from.at(-1)!.slice(from.at(-1)!.lastIndexOf('@') + 1, -1);
  const messageId = checkedId(options.messageId ?? newMessageId(domain));
  const references = (options.references ?? (options.inReplyTo ? [options.inReplyTo] : [])).map(checkedId);
  const boundary = `=_helpdesk_${crypto.randomBytes(12).toString('hex')}`;
  const headers = [
    foldHeader('From', from),
    foldHeader('To', options.to.flatMap((mailbox, i) => withComma(mailboxTokens(mailbox), i < options.to.length - 1))),
    foldHeader('Subject', unstructuredTokens(options.subject)),
    `Date: ${formatDate(options.date ?? new Date())}`,
    `Message-ID: ${messageId}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${checkedId(options.inReplyTo)}`] : []),
    ...(references.length ? [foldHeader('References', references)] : []),
    'Auto-Submitted: auto-generated',
    // Outlook ignores Auto-Submitted; this keeps its out-of-office answers from the helpdesk.
    'X-Auto-Response-Suppress: OOF, AutoReply',
    ...Object.entries(options.headers ?? {}).map(([name, value]) => extraHeader(name, value)),
    'MIME-Version: 1.0',
    foldHeader('Content-Type', ['multipart/alternative;', `boundary="${boundary}"`]),
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(body)].join('\r\n');
  return [...headers, '', part('text/plain', options.text), part('text/html', options.html), `--${boundary}--`, ''].join('\r\n');
}

/** `"Name" <address>` as tokens; the address checked, its domain in ASCII. */
function mailboxTokens(mailbox: Mailbox): string[] {
  const address = normalizeAddress(mailbox.address);
  if (address === null) throw new TypeError(`buildMessage: ${JSON.stringify(mailbox.address)} is not an e-mail address`);
  const name = phraseTokens(mailbox.name ?? '');
  return name.length ? [...name, `<${address}>`] : [`<${address}>`];
}

const withComma = (tokens: string[], comma: boolean) => (comma ? [...tokens.slice(0, -1), `${tokens.at(-1)},`] : tokens);

function checkedId(id: string): string {
  if (!MESSAGE_ID.test(id)) throw new TypeError(`buildMessage: ${JSON.stringify(id)} is not a message id (<left@right>)`);
  return id;
}

function extraHeader(name: string, value: string): string {
  if (!HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase())) throw new TypeError(`buildMessage: ${JSON.stringify(name)} is not a header that may be added`);
  if (!/^[ -~]*$/.test(value)) throw new TypeError(`buildMessage: the ${name} header must be printable ASCII on one line`);
  const tokens = value.trim().split(/ +/);
  if (tokens.some((token) => token.length > 900)) throw new TypeError(`buildMessage: the ${name} header has a word too long for a header line`);
  return foldHeader(name, tokens);
}
