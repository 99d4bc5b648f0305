/**
 * What one message needs before any byte goes to a relay: the envelope's addresses checked (none
 * can carry `>`, a space or a line break into MAIL FROM or RCPT TO), the message prepared for
 * DATA, and whether it needs SMTPUTF8 or 8BITMIME. A failure is a `message` SmtpError: this
 * message can never be sent as given, and nothing was sent.
 */
import { needsSmtpUtf8, normalizeAddress } from './address.ts';
import { dataBlock, LINE_MAX_OCTETS } from './smtp-data.ts';
import { SmtpError } from './smtp-error.ts';

/** One message to hand to the relay. */
export interface OutgoingMail {
  /** The envelope sender (MAIL FROM), a bare address. */
  from: string;
  /** The envelope recipients (RCPT TO), bare addresses. */
  to: readonly string[];
  /** The whole RFC 5322 message, headers and body (message.ts builds one); any line ending. */
  message: string;
}

export interface Envelope {
  from: string;
  /** `given` as the caller wrote it (results name it so), `address` as sent. */
  recipients: Array<{ given: string; address: string }>;
  /** The DATA block, dot-stuffed, ending `\r\n.\r\n`. */
  data: string;
  eightBit: boolean;
  smtpUtf8: boolean;
}

export function prepareEnvelope(mail: OutgoingMail, relay: string): Envelope {
  const refuse = (text: string) => new SmtpError(`${relay}: ${text}; nothing was sent`, { kind: 'message', stage: 'prepare' });
  const from = normalizeAddress(mail.from);
  if (from === null) throw refuse(`the sender ${JSON.stringify(mail.from)} is not an e-mail address`);
  if (mail.to.length === 0) throw refuse('the message has no recipient');
  const recipients = mail.to.map((given) => {
    const address = normalizeAddress(given);
    if (address === null) throw refuse(`the recipient ${JSON.stringify(given)} is not an e-mail address`);
    return { given, address };
  });
  const block = dataBlock(mail.message);
  if ('tooLongLine' in block) throw refuse(`line ${block.tooLongLine} of the message is longer than ${LINE_MAX_OCTETS} octets`);
  const smtpUtf8 = block.utf8Headers || [from, ...recipients.map((r) => r.address)].some(needsSmtpUtf8);
  return { from, recipients, data: block.text, eightBit: block.eightBit, smtpUtf8 };
}
