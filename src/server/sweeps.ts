/** What the server does on a timer: the hourly sweep of expired rows, and the service-level sweep. */
import { DAY_MS } from '../shared/index.ts';
import type { ServerContext } from './context.ts';

export const SWEEP_EVERY_MS = 60 * 60_000;
/** Time alone moves a ticket to due soon or breached: told within a minute (design.md#service-levels). */
export const SLA_SWEEP_EVERY_MS = 30_000;
/** Mail delivered (or failed) this many days ago leaves the outbox. */
const MAIL_KEEP_DAYS = 30;
/** Ticket events are kept this long after they were sent to the streams and webhooks. */
const EVENT_KEEP_DAYS = 30;
/** A notification read this long ago leaves the bell's list. */
const READ_NOTIFICATION_KEEP_DAYS = 90;

/** The service-level timer: a sweep every SLA_SWEEP_EVERY_MS, one at a time. */
export function everySlaSweep(sweep: () => void): () => void {
  const timer = setInterval(sweep, SLA_SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}

/** Expired sessions, audit rows older than AUDIT_KEEP_DAYS, mail older than MAIL_KEEP_DAYS, old events and read notifications, by the server's clock. */
export function sweepExpired(app: ServerContext): void {
  app.sessions.sweep();
  app.audit.sweep(new Date(app.now() - app.settings.auditKeepDays * DAY_MS).toISOString());
  app.mail.store.sweep(new Date(app.now() - MAIL_KEEP_DAYS * DAY_MS).toISOString());
  const ago = (days: number) => new Date(app.now() - days * DAY_MS).toISOString();
  app.events.sweep(ago(EVENT_KEEP_DAYS), ago(READ_NOTIFICATION_KEEP_DAYS));
}
