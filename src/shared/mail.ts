/**
 * Notification e-mail (docs/design.md#notifications): the admin page's answer and the words the
 * messages say. The server renders them; the client shows the admin answer.
 */
import type { NotificationReason } from './notifications.ts';

/** off: no SMTP_URL; ok: the last attempt worked (or none yet); failing: the relay is unreachable or refuses; tls-required: it offers no STARTTLS while SMTP_REQUIRE_TLS is on. */
export type MailState = 'off' | 'ok' | 'failing' | 'tls-required';
export type MailDeliveryState = 'queued' | 'sending' | 'sent' | 'failed';

export interface MailDelivery {
  id: number;
  to: string;
  subject: string;
  state: MailDeliveryState;
  attempts: number;
  /** The relay's last answer, or why the attempt failed. */
  last_reply: string | null;
  created_at: string;
  sent_at: string | null;
}

/** GET /api/admin/mail. */
export interface MailStatus {
  enabled: boolean;
  /** `smtp://[user@]host:port`, never the password; null when mail is off. */
  relay: string | null;
  require_tls: boolean;
  from: string;
  state: MailState;
  last_error: string | null;
  /** Messages queued or being sent. */
  waiting: number;
  failed: number;
  /** The last 100, newest first. */
  deliveries: MailDelivery[];
}

/** How many deliveries the admin page lists. */
export const MAIL_DELIVERIES_SHOWN = 100;

/** Why the recipient gets the message, finishing "You get this e-mail because …". */
export const MAIL_REASON_TEXT: Record<NotificationReason, string> = {
  assigned: 'the ticket is assigned to you',
  my_ticket: 'you created the ticket',
  comment: 'you commented on the ticket',
  mention: 'you were mentioned',
  watching: 'you watch the ticket',
  sla: 'you are responsible for the ticket’s service level',
};

export const MAIL_TEXT = {
  open: (number: string) => `Open ${number}`,
  because: (reason: NotificationReason) => `You get this e-mail because ${MAIL_REASON_TEXT[reason]}.`,
  preferences: 'Choose which e-mails you get',
  facts: (status: string, priority: string) => `Status: ${status} · Priority: ${priority}`,
  testSubject: 'Helpdesk test e-mail',
  testBody: 'This is a test e-mail from the helpdesk. The relay accepted it, so notification e-mails can go out.',
  off: 'E-mail is off: set SMTP_URL to send mail.',
  toInvalid: 'Enter a valid e-mail address.',
} as const;
