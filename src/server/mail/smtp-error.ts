/**
 * How sending a message can fail, typed so an outbox can choose between retrying and giving up
 * (docs/design.md#notifications). Messages name the relay with `describeRelay`, never the password.
 */

/**
 * - `connect`: the relay could not be reached, or it closed or reset the connection;
 * - `timeout`: a step (connect, greeting, a command, the message) took longer than `timeoutMs`;
 * - `tls`: the TLS handshake failed (a certificate not trusted, a name that does not match) or the
 *   relay refused the STARTTLS it offered;
 * - `tls-required`: the relay offers no STARTTLS while `SMTP_REQUIRE_TLS` is on, or while the
 *   URL carries a password (never sent unencrypted); nothing was sent;
 * - `auth`: the relay refused the user and password, or offers neither AUTH PLAIN nor LOGIN;
 * - `rejected`: the relay answered a command (HELO, MAIL FROM, DATA…) with a refusal;
 * - `protocol`: the relay said something that is not SMTP, or too much of it;
 * - `message`: the message or an address can never be sent as given (a line over 998 octets,
 *   an invalid address, an SMTPUTF8 address the relay cannot take); nothing was sent.
 */
export type SmtpErrorKind = 'connect' | 'timeout' | 'tls' | 'tls-required' | 'auth' | 'rejected' | 'protocol' | 'message';

/**
 * The step the dialogue was at. A `connect` or `timeout` failure at `data` after the whole message
 * was written leaves it unknown whether the relay kept the message (RFC 5321 §4.1.1.4 has no
 * answer for that); every earlier failure means nothing was delivered.
 */
export type SmtpStage = 'prepare' | 'connect' | 'greeting' | 'hello' | 'starttls' | 'auth' | 'mail' | 'rcpt' | 'data' | 'quit';

export interface SmtpErrorDetails {
  kind: SmtpErrorKind;
  stage: SmtpStage;
  /** The relay's reply, as it sent it (`550 5.7.1 Relaying denied`), when the failure is an answer. */
  reply?: string;
  /** Its code (550). */
  code?: number;
  /** Overrides the rule "permanent for a `message` error or a 5xx answer". */
  permanent?: boolean;
}

export class SmtpError extends Error {
  override name = 'SmtpError';
  readonly kind: SmtpErrorKind;
  readonly stage: SmtpStage;
  /**
   * True when sending the same message again can only fail the same way: a 5xx answer, or a
   * message that can never be sent as given. Otherwise (a relay down, slow, or misconfigured)
   * a later attempt may succeed, and the message was not delivered: retry.
   */
  readonly permanent: boolean;
  readonly reply?: string;
  readonly code?: number;

  constructor(message: string, details: SmtpErrorDetails) {
    super(message);
    this.kind = details.kind;
    this.stage = details.stage;
    this.reply = details.reply;
    this.code = details.code;
    this.permanent = details.permanent ?? (details.kind === 'message' || (details.code !== undefined && details.code >= 500));
  }
}
