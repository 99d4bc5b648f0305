/**
 * `sendMail`: one message to the relay of `SMTP_URL` on a connection of its own
 * (docs/design.md#notifications). The message and its addresses are checked before connecting,
 * so a bad one never reaches the relay. To send many, keep an `openSmtpSession` (smtp-session.ts).
 */
import { prepareEnvelope, type OutgoingMail } from './smtp-envelope.ts';
import { openSmtpSession, type SendMailResult, type SmtpSessionOptions } from './smtp-session.ts';
import { describeRelay } from './smtp-url.ts';

export type { OutgoingMail } from './smtp-envelope.ts';
export { SmtpError, type SmtpErrorKind, type SmtpStage } from './smtp-error.ts';
export { openSmtpSession, type SendMailResult, type SmtpSession, type SmtpSessionOptions } from './smtp-session.ts';

export type SendMailOptions = SmtpSessionOptions & OutgoingMail;

/** Sends one message; resolves once the relay accepted it (or refused every recipient), throws `SmtpError` otherwise. */
export async function sendMail(options: SendMailOptions): Promise<SendMailResult> {
  prepareEnvelope(options, describeRelay(options.target));
  const session = await openSmtpSession(options);
  try {
    return await session.send(options);
  } finally {
    await session.close();
  }
}
