/**
 * Our SMTP client (docs/design.md#notifications): `sendMail` hands one message to the relay of
 * `SMTP_URL` over one connection. EHLO (HELO when refused), STARTTLS whenever offered, AUTH
 * PLAIN or LOGIN only once encrypted, SMTPUTF8 and 8BITMIME when the message needs them, one
 * RCPT TO per recipient (a refused one is reported, the others go on), DATA, QUIT.
 * Failures throw a typed `SmtpError` (smtp-error.ts) an outbox can act on.
 */
import os from 'node:os';
import type tls from 'node:tls';
import { isHostName, needsSmtpUtf8, normalizeAddress } from './address.ts';
import { authenticate } from './smtp-auth.ts';
import { openConnection, type SmtpConnection } from './smtp-connection.ts';
import { dataBlock, LINE_MAX_OCTETS } from './smtp-data.ts';
import { SmtpError, type SmtpStage } from './smtp-error.ts';
import { formatReply, type SmtpReply } from './smtp-reply.ts';
import { describeRelay, type SmtpTarget } from './smtp-url.ts';

/** RFC 5321 §4.5.3.2 allows minutes per step; an internal relay answers in milliseconds. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Replies to EHLO that mean "not understood": say HELO instead. */
const EHLO_NOT_UNDERSTOOD = new Set([500, 502, 504, 550]);

export interface SendMailOptions {
  /** The relay, from `parseSmtpUrl(SMTP_URL)`. */
  target: SmtpTarget;
  /** `SMTP_REQUIRE_TLS`: refuse to send over a connection that is not encrypted. @default false */
  requireTls?: boolean;
  /** The name this host gives in EHLO. @default os.hostname() (or `localhost` when that is no host name) */
  heloName?: string;
  /** The envelope sender (MAIL FROM), a bare address. */
  from: string;
  /** The envelope recipients (RCPT TO), bare addresses. */
  to: readonly string[];
  /** The whole RFC 5322 message, headers and body (message.ts builds one); any line ending. */
  message: string;
  /** The longest wait of each step: connecting, the greeting, each command, the message. @default 30000 */
  timeoutMs?: number;
  /** TLS settings; certificates are always verified, and the host name is sent for SNI. */
  tls?: {
    /** Trust these certificates instead of the system store (tests). An internal CA is better added with NODE_EXTRA_CA_CERTS. @default the system store */
    ca?: tls.SecureContextOptions['ca'];
  };
}

export interface SendMailResult {
  /** Recipients the relay accepted, as given in `to`. */
  accepted: string[];
  /** Recipients it refused, each with its reply (`550 5.1.1 <x@example.com>: unknown user`). */
  rejected: Array<{ address: string; reply: string; code: number }>;
  /** The relay's answer to the message (`250 2.0.0 Ok: queued as 4A1B2`), or to the last RCPT TO when none was accepted. */
  reply: string;
}

/** Sends one message; resolves once the relay accepted it (or refused every recipient), throws `SmtpError` otherwise. */
export async function sendMail(options: SendMailOptions): Promise<SendMailResult> {
  const { target, requireTls = false, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const heloName = options.heloName ?? (isHostName(os.hostname()) ? os.hostname() : 'localhost');
  const envelope = prepare(options, heloName);
  const connection = await openConnection({ target, timeoutMs, ca: options.tls?.ca });
  try {
    expectCode(connection, await connection.read('greeting'), 220, 'greeting', 'rejected', 'refused the connection');
    let extensions = await hello(connection, heloName);
    if (!connection.encrypted && extensions.has('STARTTLS')) {
      expectCode(connection, await connection.command('STARTTLS', 'starttls'), 220, 'starttls', 'tls', 'offered STARTTLS but refused it');
      await connection.upgrade();
      extensions = await hello(connection, heloName, true);
    }
    if (!connection.encrypted && requireTls) {
      throw connection.error('tls-required', 'starttls', 'the relay does not offer STARTTLS and SMTP_REQUIRE_TLS is on; nothing was sent');
    }
    if (target.user !== undefined) await authenticate(connection, extensions, target.user, target.password ?? '');
    const result = await transaction(connection, extensions, envelope);
    await quit(connection);
    return result;
  } finally {
    connection.close();
  }
}

interface Envelope {
  from: string;
  recipients: Array<{ given: string; address: string }>;
  data: string;
  eightBit: boolean;
  smtpUtf8: boolean;
}

/** Checks everything that can be checked before connecting, so a bad message never reaches the relay. */
function prepare(options: SendMailOptions, heloName: string): Envelope {
  const refuse = (text: string) => new SmtpError(`${describeRelay(options.target)}: ${text}; nothing was sent`, { kind: 'message', stage: 'prepare' });
  if (!isHostName(heloName)) throw refuse(`the HELO name ${JSON.stringify(heloName)} is not a host name`);
  const from = normalizeAddress(options.from);
  if (from === null) throw refuse(`the sender ${JSON.stringify(options.from)} is not an e-mail address`);
  if (options.to.length === 0) throw refuse('the message has no recipient');
  const recipients = options.to.map((given) => {
    const address = normalizeAddress(given);
    if (address === null) throw refuse(`the recipient ${JSON.stringify(given)} is not an e-mail address`);
    return { given, address };
  });
  const block = dataBlock(options.message);
  if ('tooLongLine' in block) throw refuse(`line ${block.tooLongLine} of the message is longer than ${LINE_MAX_OCTETS} octets`);
  const smtpUtf8 = block.utf8Headers || [from, ...recipients.map((r) => r.address)].some(needsSmtpUtf8);
  return { from, recipients, data: block.text, eightBit: block.eightBit, smtpUtf8 };
}

/** EHLO, or HELO when the relay does not understand it; returns the extensions offered (upper case keywords, with their parameters). */
async function hello(connection: SmtpConnection, heloName: string, afterTls = false): Promise<Map<string, string>> {
  const reply = await connection.command(`EHLO ${heloName}`, 'hello');
  if (reply.code === 250) {
    const extensions = new Map<string, string>();
    for (const line of reply.lines.slice(1)) {
      const [keyword = '', ...rest] = line.trim().split(/[\s=]+/);
      extensions.set(keyword.toUpperCase(), rest.join(' ').toUpperCase());
    }
    return extensions;
  }
  if (afterTls || !EHLO_NOT_UNDERSTOOD.has(reply.code)) throw connection.error('rejected', 'hello', 'refused EHLO', reply);
  expectCode(connection, await connection.command(`HELO ${heloName}`, 'hello'), 250, 'hello', 'rejected', 'refused HELO');
  return new Map();
}

async function transaction(connection: SmtpConnection, extensions: Map<string, string>, envelope: Envelope): Promise<SendMailResult> {
  if (envelope.smtpUtf8 && !extensions.has('SMTPUTF8')) {
    throw connection.error('message', 'mail', 'the message has an address or header past ASCII and the relay does not offer SMTPUTF8; nothing was sent');
  }
  if (envelope.eightBit && !extensions.has('8BITMIME')) {
    throw connection.error('message', 'mail', 'the message has 8-bit text and the relay does not offer 8BITMIME; nothing was sent');
  }
  const parameters = `${envelope.eightBit ? ' BODY=8BITMIME' : ''}${envelope.smtpUtf8 ? ' SMTPUTF8' : ''}`;
  expectCode(connection, await connection.command(`MAIL FROM:<${envelope.from}>${parameters}`, 'mail'), 250, 'mail', 'rejected', 'refused the sender');
  const result: SendMailResult = { accepted: [], rejected: [], reply: '' };
  for (const { given, address } of envelope.recipients) {
    const reply = await connection.command(`RCPT TO:<${address}>`, 'rcpt');
    if (reply.code === 250 || reply.code === 251) result.accepted.push(given);
    else if (reply.code >= 400) result.rejected.push({ address: given, reply: formatReply(reply), code: reply.code });
    else throw connection.error('protocol', 'rcpt', 'answered RCPT TO with neither an acceptance nor a refusal', reply);
    result.reply = formatReply(reply);
  }
  if (result.accepted.length === 0) return result;
  expectCode(connection, await connection.command('DATA', 'data'), 354, 'data', 'rejected', 'refused DATA');
  const reply = await connection.command(envelope.data, 'data');
  expectCode(connection, reply, 250, 'data', 'rejected', 'refused the message');
  result.reply = formatReply(reply);
  return result;
}

/** Best effort: the message is already accepted, so a relay that never answers QUIT changes nothing. */
async function quit(connection: SmtpConnection): Promise<void> {
  try {
    await connection.command('QUIT', 'quit');
  } catch {
    // accepted is accepted
  }
}

function expectCode(connection: SmtpConnection, reply: SmtpReply, code: number, stage: SmtpStage, kind: 'rejected' | 'tls', what: string): void {
  if (reply.code === code) return;
  // A positive answer where a refusal or another step was due is no SMTP we can follow.
  throw connection.error(reply.code < 400 ? 'protocol' : kind, stage, what, reply);
}
