/**
 * An SMTP session with the relay of `SMTP_URL` (docs/design.md#notifications): opened once
 * (greeting, EHLO or HELO, STARTTLS whenever offered, AUTH PLAIN or LOGIN only once encrypted),
 * then any number of messages, each its own MAIL FROM / RCPT TO / DATA transaction, then QUIT.
 * An outbox draining a queue keeps one open for the burst (a relay may pause before its greeting:
 * smtp-server waits 100 ms, Postfix's postscreen can wait seconds); `sendMail` is one message on
 * a session of its own. Failures throw a typed `SmtpError` (smtp-error.ts).
 */
import os from 'node:os';
import type tls from 'node:tls';
import { isHostName } from './address.ts';
import { authenticate } from './smtp-auth.ts';
import { openConnection, type SmtpConnection } from './smtp-connection.ts';
import { prepareEnvelope, type Envelope, type OutgoingMail } from './smtp-envelope.ts';
import { SmtpError, type SmtpStage } from './smtp-error.ts';
import { formatReply, type SmtpReply } from './smtp-reply.ts';
import { describeRelay, type SmtpTarget } from './smtp-url.ts';

/** RFC 5321 §4.5.3.2 allows minutes per step; an internal relay answers in milliseconds. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Replies to EHLO that mean "not understood": say HELO instead. */
const EHLO_NOT_UNDERSTOOD = new Set([500, 502, 504, 550]);

export interface SmtpSessionOptions {
  /** The relay, from `parseSmtpUrl(SMTP_URL)`; with a user, AUTH is required and done once encrypted. */
  target: SmtpTarget;
  /** `SMTP_REQUIRE_TLS`: refuse to send over a connection that is not encrypted. @default false */
  requireTls?: boolean;
  /** The name this host gives in EHLO. @default os.hostname() (or `localhost` when that is no host name) */
  heloName?: string;
  /** The longest wait of each step: connecting, the greeting, each command, each message. @default 30000 */
  timeoutMs?: number;
  /** TLS settings; certificates are always verified, and the host name is sent for SNI. */
  tls?: {
    /** Trust these certificates instead of the system store (tests); an internal CA is better added with NODE_EXTRA_CA_CERTS. @default the system store */
    ca?: tls.SecureContextOptions['ca'];
  };
}

export interface SendMailResult {
  /** Recipients the relay accepted, as given in `to`. */
  accepted: string[];
  /** Recipients it refused, each with its reply (`550 5.1.1 <x@example.com>: unknown user`); the others were still sent. */
  rejected: Array<{ address: string; reply: string; code: number }>;
  /** The relay's answer to the message (`250 2.0.0 Ok: queued as 4A1B2`), or to the last RCPT TO when it refused them all (then no DATA was sent). */
  reply: string;
}

export interface SmtpSession {
  /** Sends one message. A refusal (`rejected`, `message`) leaves the session usable; any other failure ends it. */
  send(mail: OutgoingMail): Promise<SendMailResult>;
  /** QUIT (best effort) and close. */
  close(): Promise<void>;
}

/** Connects and gets ready to send (TLS and AUTH done); throws `SmtpError`. */
export async function openSmtpSession(options: SmtpSessionOptions): Promise<SmtpSession> {
  const { target, requireTls = false, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const heloName = options.heloName ?? (isHostName(os.hostname()) ? os.hostname() : 'localhost');
  const relay = describeRelay(target);
  if (!isHostName(heloName)) throw new SmtpError(`${relay}: the HELO name ${JSON.stringify(heloName)} is not a host name`, { kind: 'message', stage: 'prepare' });
  const connection = await openConnection({ target, timeoutMs, ca: options.tls?.ca });
  let extensions: Map<string, string>;
  try {
    expectCode(connection, await connection.read('greeting'), 220, 'greeting', 'rejected', 'refused the connection');
    extensions = await hello(connection, heloName);
    if (!connection.encrypted && extensions.has('STARTTLS')) {
      expectCode(connection, await connection.command('STARTTLS', 'starttls'), 220, 'starttls', 'tls', 'offered STARTTLS but refused it');
      await connection.upgrade();
      extensions = await hello(connection, heloName, true);
    }
    if (!connection.encrypted && requireTls) {
      throw connection.error('tls-required', 'starttls', 'the relay does not offer STARTTLS and SMTP_REQUIRE_TLS is on; nothing was sent');
    }
    if (target.user !== undefined) await authenticate(connection, extensions, target.user, target.password ?? '');
  } catch (error) {
    connection.close();
    throw error;
  }
  return {
    async send(mail) {
      const envelope = prepareEnvelope(mail, relay);
      if (connection.ended) throw connection.error('connect', 'mail', 'the session has ended (an earlier failure or close); open a new one');
      try {
        const result = await transaction(connection, extensions, envelope);
        if (result.accepted.length === 0) await connection.command('RSET', 'mail');
        return result;
      } catch (error) {
        if (!(error instanceof SmtpError) || (error.kind !== 'rejected' && error.kind !== 'message')) connection.close();
        else await connection.command('RSET', 'mail').catch(() => connection.close());
        throw error;
      }
    },
    async close() {
      // Best effort: what the relay accepted is accepted, whatever it answers to QUIT.
      await connection.command('QUIT', 'quit').catch(() => {});
      connection.close();
    },
  };
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

function expectCode(connection: SmtpConnection, reply: SmtpReply, code: number, stage: SmtpStage, kind: 'rejected' | 'tls', what: string): void {
  if (reply.code === code) return;
  // A positive answer where a refusal or another step was due is no SMTP we can follow.
  throw connection.error(reply.code < 400 ? 'protocol' : kind, stage, what, reply);
}
