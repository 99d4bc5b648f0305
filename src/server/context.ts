/** Everything a route needs, built once per server (see server.ts). */
import type { BackupStatus } from './db/backups.ts';
import type { Db } from './db/database.ts';
import type { AnswerCache } from './http/answer-cache.ts';
import type { SignInFloor } from './auth/passwords.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { Settings } from './settings.ts';
import type { Live } from './events/live.ts';
import type { AuditStore } from './store/audit.ts';
import type { EventRecorder } from './events/record.ts';
import type { NotificationStore } from './store/notifications.ts';
import type { Mail } from './mail/mail-service.ts';
import type { WatcherStore } from './store/watchers.ts';
import type { CatalogStore } from './store/catalog.ts';
import type { CommentStore } from './store/comments.ts';
import type { ReportRunner } from './store/report-runner.ts';
import type { TicketQueue } from './store/ticket-queue.ts';
import type { TicketStore } from './store/tickets.ts';
import type { UserStore } from './store/users.ts';
import type { SlaService } from './sla/service.ts';

export interface ServerContext {
  settings: Settings;
  db: Db;
  /** Milliseconds since the epoch; tests move it to check expiry. */
  now: () => number;
  nowIso: () => string;
  users: UserStore;
  sessions: SessionStore;
  tickets: TicketStore;
  queue: TicketQueue;
  catalog: CatalogStore;
  comments: CommentStore;
  /** What supers changed (design.md#audit-log). */
  audit: AuditStore;
  /** GET /events streams (design.md#live-updates), fed by the dispatcher (events/dispatch.ts). */
  live: Live;
  /** Records a ticket change's event, notifications and mail inside its transaction (design.md#notifications). */
  events: EventRecorder;
  watchers: WatcherStore;
  /** The service-level policy, each ticket's clock and the timer's sweep (design.md#service-levels). */
  sla: SlaService;
  notifications: NotificationStore;
  /** The reports' figures, made on a thread of their own. */
  reports: ReportRunner;
  /** The mail outbox and, with SMTP_URL, its worker (design.md#notifications). */
  mail: Mail;
  /** Serialized GET answers, invalidated by tag on each write. */
  cache: AnswerCache;
  accountLimiter: RateLimiter;
  addressLimiter: RateLimiter;
  /** Failures per account and address together. */
  pairLimiter: RateLimiter;
  /** Verified against when the e-mail is unknown, so both answers take the same time. */
  signInFloor: SignInFloor;
  /** The scheduled backups' outcome; null when BACKUP_DIR is not set. */
  backups: (() => BackupStatus) | null;
  log: (line: string) => void;
  /** One line per request (LOG_FORMAT); batched to stdout unless a `log` was given. */
  requestLog: (line: string) => void;
  /** Unexpected failures, with their stack. */
  logError: (line: string) => void;
}

/** A numeric route parameter, or 0 (no row has id 0) so lookups answer 404. */
export function idParam(value: string | undefined): number {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
}
