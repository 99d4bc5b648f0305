/**
 * E-mail as the server runs it (docs/design.md#notifications): the outbox, its worker when
 * SMTP_URL is set, the admin page's status and the test e-mail. Without SMTP_URL only the outbox's
 * reading side exists (rows an earlier configuration left are still listed and swept).
 */
import type { MailStatus } from '../../shared/mail.ts';
import type { Db } from '../db/database.ts';
import type { Settings } from '../settings.ts';
import { parseMailbox } from './address.ts';
import { buildMessage, newMessageId } from './message.ts';
import { createOutboxStore, type OutboxStore } from './outbox-store.ts';
import { createMailWorker, replyOf, type MailWorker, type MailWorkerOptions } from './outbox-worker.ts';
import { sendMail, SmtpError, type SmtpSessionOptions } from './smtp-client.ts';
import { describeRelay, parseSmtpUrl } from './smtp-url.ts';
import { renderTestMail } from './templates.ts';

export interface MailOptions {
  db: Db;
  settings: Settings;
  /** PUBLIC_URL, or http://HOST:PORT once the server listens. */
  publicUrl: () => string;
  now: () => number;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** Tests: the longest wait of each SMTP step, and trusted certificates (production adds an internal CA with NODE_EXTRA_CA_CERTS). */
  timeoutMs?: number;
  ca?: NonNullable<SmtpSessionOptions['tls']>['ca'];
  setTimer?: MailWorkerOptions['setTimer'];
}

export interface TestMailOutcome {
  accepted: boolean;
  /** The relay's answer, or what went wrong. */
  reply: string;
}

export interface Mail {
  enabled: boolean;
  store: OutboxStore;
  /** Null when SMTP_URL is not set. */
  worker: MailWorker | null;
  status(): MailStatus;
  /** Sends the test e-mail straight through the relay (not the queue) and lists it with its outcome. */
  sendTest(to: string, userId: number): Promise<TestMailOutcome>;
  close(): Promise<void>;
}

export function createMail(options: MailOptions): Mail {
  const { db, settings, now, log, logError } = options;
  const store = createOutboxStore(db);
  const from = parseMailbox(settings.mailFrom);
  if (from === null) throw new Error(`MAIL_FROM must be an address or "Name <address>", got ${JSON.stringify(settings.mailFrom)}`);
  const target = settings.smtpUrl ? parseSmtpUrl(settings.smtpUrl) : null;
  const relay = target && describeRelay(target);
  const session: SmtpSessionOptions | null = target && {
    target,
    requireTls: settings.smtpRequireTls,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.ca ? { tls: { ca: options.ca } } : {}),
  };
  const worker = session && relay
    ? createMailWorker({ store, session, relay, from, publicUrl: options.publicUrl, now, log, logError, setTimer: options.setTimer })
    : null;

  return {
    enabled: worker !== null,
    store,
    worker,
    status(): MailStatus {
      const { state, last_error } = worker?.status() ?? { state: 'off' as const, last_error: null };
      return {
        enabled: worker !== null,
        relay,
        require_tls: settings.smtpRequireTls,
        from: settings.mailFrom,
        state,
        last_error,
        ...store.counts(),
        deliveries: store.latest(),
      };
    },
    async sendTest(to, userId) {
      if (!session || !worker) throw new Error('mail is off');
      const mail = renderTestMail(options.publicUrl());
      const messageId = newMessageId(from.address.slice(from.address.lastIndexOf('@') + 1));
      const nowIso = () => new Date(now()).toISOString();
      let outcome: TestMailOutcome;
      try {
        const message = buildMessage({ from, to: [{ address: to }], ...mail, messageId });
        const result = await sendMail({ ...session, from: from.address, to: [to], message });
        outcome = { accepted: result.accepted.length > 0, reply: result.rejected[0]?.reply ?? result.reply };
        worker.noteOutcome(null);
      } catch (error) {
        outcome = { accepted: false, reply: replyOf(error) };
        // The relay refusing this message says nothing against the relay.
        const refusal = error instanceof SmtpError && (error.kind === 'rejected' || error.kind === 'message');
        worker.noteOutcome(refusal ? null : error);
      }
      store.recordTest({ userId, to, subject: mail.subject, messageId, state: outcome.accepted ? 'sent' : 'failed', reply: outcome.reply, nowIso: nowIso() });
      if (outcome.accepted) worker.wake();
      return outcome;
    },
    close: async () => worker?.close(),
  };
}
