/**
 * The outbox worker (docs/design.md#notifications): sends the mail_outbox rows that fall due, in
 * the background, a few at a time on a few SMTP sessions, and never in a request's way.
 *
 * - It wakes after a commit that enqueued (`wake`, deferred past the transaction) and on a timer
 *   for the next retry; each run claims due rows a batch at a time (`sending`), renders each from
 *   its payload and sends it on one of up to SESSIONS sessions.
 * - A row is marked `sent` in the same turn as the relay's acceptance. A process that dies while a
 *   row is `sending` leaves it so; the next start puts it back in the queue (outbox-store.ts,
 *   `requeueInterrupted`): the relay had not answered for it, so it is sent once more, with the same
 *   Message-ID.
 * - A recipient or message the relay refuses for good (5xx) fails that row at once, with the reply;
 *   the others go on. A relay that is down, slow, silent or refuses a session fails the attempt:
 *   the row is retried after 1, 5, 30, 120 and 360 minutes, then `failed`, and the worker pauses
 *   until the first retry instead of trying every queued row against it.
 * - The relay's state (ok, failing, tls-required) is logged once when it changes, not once per row.
 */
import type { Role } from '../../shared/constants.ts';
import type { MailState } from '../../shared/mail.ts';
import type { MailPayload } from '../../shared/notifications.ts';
import { buildMessage, threadId, type Mailbox } from './message.ts';
import type { OutboxRow, OutboxStore } from './outbox-store.ts';
import { openSmtpSession, SmtpError, type SmtpSession, type SmtpSessionOptions } from './smtp-client.ts';
import { renderTicketMail } from './templates.ts';

/** Waits before each retry, in minutes; after the last, the row is `failed`. */
export const RETRY_MINUTES = [1, 5, 30, 120, 360] as const;
/** SMTP sessions open at once (each sends its messages one after another). */
const SESSIONS = 4;
/** Rows claimed at a time. */
const BATCH = 50;
/** The longest sleep between two looks at the queue, so a clock that jumps is noticed. */
const MAX_SLEEP_MS = 60_000;
/** On shutdown, messages in flight get this long to be answered before the process lets go. */
const CLOSE_WAIT_MS = 2_000;
const MINUTE_MS = 60_000;

export interface MailWorkerOptions {
  store: OutboxStore;
  /** How to reach the relay; `requireTls`, `timeoutMs` and `tls` as openSmtpSession takes them. */
  session: SmtpSessionOptions;
  /** `smtp://[user@]host:port`, for log lines. */
  relay: string;
  from: Mailbox;
  /** PUBLIC_URL, without a trailing slash (it may be known only once the server listens). */
  publicUrl: () => string;
  now: () => number;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** @default setTimeout, unref'd */
  setTimer?: (run: () => void, ms: number) => { clear(): void };
}

export type MailWorker = ReturnType<typeof createMailWorker>;

const realTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms).unref();
  return { clear: () => clearTimeout(handle) };
};

/** The relay's words when it answered, else what went wrong. */
export const replyOf = (error: unknown) => (error instanceof SmtpError ? (error.reply ?? error.message) : error instanceof Error ? error.message : String(error));

export function createMailWorker(options: MailWorkerOptions) {
  const { store, relay, from, now, log, logError, setTimer = realTimer } = options;
  const nowIso = () => new Date(now()).toISOString();
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  let state: Exclude<MailState, 'off'> = 'ok';
  let lastError: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let wakePending = false;
  let pausedUntil = 0;
  let timer: { clear(): void } | null = null;
  let closed = false;
  /** Set once close() stopped waiting: the database may be closed, so nothing more is written. */
  let detached = false;

  function noteSuccess(): void {
    if (state !== 'ok') log(`Mail: ${relay} accepts mail again; the waiting messages go out.`);
    state = 'ok';
    lastError = null;
    pausedUntil = 0;
  }

  /** The relay failed (not the message): remembered, and logged once per change of state. */
  function noteFailure(error: unknown): void {
    const next = error instanceof SmtpError && error.kind === 'tls-required' ? 'tls-required' : 'failing';
    lastError = error instanceof Error ? error.message : String(error);
    if (next !== state) {
      if (next === 'tls-required') logError(`Mail: ${relay} offers no STARTTLS and SMTP_REQUIRE_TLS is on: no mail is sent until it does. Messages wait in the outbox.`);
      else logError(`Mail: ${lastError}. Messages wait in the outbox and are retried.`);
    }
    state = next;
  }

  /** Retries the row later, or fails it once its attempts are used up. */
  function retryOrFail(row: OutboxRow, reply: string): void {
    const wait = RETRY_MINUTES[row.attempts];
    if (wait === undefined) store.failed(row.id, reply);
    else store.retry(row.id, reply, new Date(now() + wait * MINUTE_MS).toISOString());
  }

  function render(row: OutboxRow): string {
    if (row.kind !== 'ticket') throw new Error(`an outbox row of kind ${row.kind} is sent by the admin page, not queued`);
    if (row.role === null) throw new Error('the account was deleted before the message was sent');
    const payload = JSON.parse(row.payload) as MailPayload;
    const mail = renderTicketMail(payload, row.role as Role, options.publicUrl());
    const thread = threadId(payload.ticket.number, domain);
    return buildMessage({ from, to: [{ address: row.to_address, name: row.to_name }], ...mail, messageId: row.message_id, inReplyTo: thread, references: [thread] });
  }

  async function drain(): Promise<void> {
    const claimed: OutboxRow[] = [];
    let stop = false;
    const next = () => {
      if (stop || closed) return undefined;
      if (claimed.length === 0) claimed.push(...store.claim(nowIso(), BATCH));
      return claimed.shift();
    };
    /** The relay failed on `row`: it is retried, and this run ends. */
    const relayFailed = (row: OutboxRow, error: unknown) => {
      stop = true;
      if (detached) return;
      noteFailure(error);
      retryOrFail(row, replyOf(error));
      pausedUntil = now() + RETRY_MINUTES[0] * MINUTE_MS;
    };
    const lane = async () => {
      let session: SmtpSession | null = null;
      try {
        for (let row = next(); row; row = next()) {
          let message: string;
          try {
            message = render(row);
          } catch (error) {
            store.failed(row.id, replyOf(error));
            continue;
          }
          try {
            session ??= await openSmtpSession(options.session);
            const result = await session.send({ from: from.address, to: [row.to_address], message });
            if (detached) return;
            const refused = result.rejected[0];
            if (result.accepted.length > 0) store.sent(row.id, result.reply, nowIso());
            else if (refused && refused.code >= 500) store.failed(row.id, refused.reply);
            else retryOrFail(row, result.reply);
            noteSuccess();
          } catch (error) {
            if (detached) return;
            // A refusal of this message leaves the session usable; anything else ended it.
            if (error instanceof SmtpError && session && (error.kind === 'rejected' || error.kind === 'message')) {
              if (error.permanent) store.failed(row.id, replyOf(error));
              else retryOrFail(row, replyOf(error));
              continue;
            }
            session = null;
            return relayFailed(row, error);
          }
        }
      } finally {
        await session?.close();
      }
    };
    try {
      await Promise.all(Array.from({ length: SESSIONS }, lane));
    } finally {
      if (!detached) for (const row of claimed) store.release(row.id);
    }
  }

  function sleepUntilDue(): void {
    timer?.clear();
    timer = null;
    if (closed) return;
    const at = store.nextDue();
    if (at === null && pausedUntil <= now()) return;
    const due = Math.max(at === null ? 0 : Date.parse(at), pausedUntil);
    timer = setTimer(run, Math.min(MAX_SLEEP_MS, Math.max(0, due - now())));
  }

  function run(): void {
    wakePending = false;
    if (closed) return;
    if (running) return void (again = true);
    if (now() < pausedUntil) return sleepUntilDue();
    running = drain()
      .catch((error: unknown) => logError(`Mail: the outbox worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          run();
        } else sleepUntilDue();
      });
  }

  const requeued = store.requeueInterrupted('interrupted by a restart before the relay answered; sent again');
  if (requeued > 0) log(`Mail: ${requeued} message(s) were being sent when the server stopped; they are sent again.`);

  return {
    /** Looks at the queue on the next turn of the event loop (after the current transaction). */
    wake(): void {
      if (wakePending || closed) return;
      wakePending = true;
      setImmediate(run);
    },
    status: (): { state: Exclude<MailState, 'off'>; last_error: string | null } => ({ state, last_error: lastError }),
    /** The outcome of a message sent outside the queue (the test e-mail): a success ends a pause. */
    noteOutcome(error: unknown): void {
      if (error === null) noteSuccess();
      else noteFailure(error);
    },
    /** Resolves once nothing is being sent and no look at the queue is pending (tests, bench). */
    async idle(): Promise<void> {
      while (wakePending || running) await (running ?? new Promise((resolve) => setImmediate(resolve)));
    },
    /** Stops; messages in flight get a moment to be answered (what is not stays `sending`, and is sent at the next start). */
    async close(): Promise<void> {
      closed = true;
      timer?.clear();
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      detached = true;
    },
  };
}
