/**
 * The mail outbox's queries (docs/design.md#notifications). A row is `queued` until it falls due;
 * the worker claims due rows by setting them `sending` (one transaction), then marks each `sent`
 * the moment the relay accepts it, `queued` again for a retry, or `failed`. Times are ISO strings,
 * which compare in time order.
 */
import type { Role } from '../../shared/constants.ts';
import { MAIL_DELIVERIES_SHOWN, type MailDelivery, type MailDeliveryState } from '../../shared/mail.ts';
import type { MailPayload } from '../../shared/notifications.ts';
import { transaction, withoutDiskWait, type Db } from '../db/database.ts';
import { ticketSubject } from './templates.ts';

/** A claimed row, with what rendering it needs. */
export interface OutboxRow {
  id: number;
  to_address: string;
  to_name: string;
  kind: 'ticket' | 'test';
  payload: string;
  message_id: string;
  attempts: number;
  /** The recipient's role now; null when the account was deleted after the row was written. */
  role: Role | null;
}

interface ListedRow {
  id: number;
  to_address: string;
  kind: 'ticket' | 'test';
  payload: string;
  state: MailDeliveryState;
  attempts: number;
  last_reply: string | null;
  created_at: string;
  sent_at: string | null;
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

/** The subject a delivery is listed under, from its payload. */
function subjectOf(row: Pick<ListedRow, 'kind' | 'payload'>): string {
  try {
    const payload = JSON.parse(row.payload) as Partial<MailPayload> & { subject?: string };
    return row.kind === 'test' ? String(payload.subject ?? '') : payload.ticket ? ticketSubject(payload.ticket) : '';
  } catch {
    return '';
  }
}

export function createOutboxStore(db: Db) {
  const due = db.prepare(`SELECT o.id, o.to_address, o.to_name, o.kind, o.payload, o.message_id, o.attempts, u.role
    FROM mail_outbox o LEFT JOIN users u ON u.id = o.user_id
    WHERE o.state = 'queued' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`);
  const markSending = db.prepare("UPDATE mail_outbox SET state = 'sending' WHERE id IN (SELECT value FROM json_each(?))");
  const sent = db.prepare("UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, last_reply = ?, sent_at = ? WHERE id = ?");
  const retry = db.prepare("UPDATE mail_outbox SET state = 'queued', attempts = attempts + 1, last_reply = ?, next_attempt_at = ? WHERE id = ?");
  const failed = db.prepare("UPDATE mail_outbox SET state = 'failed', attempts = attempts + 1, last_reply = ? WHERE id = ?");
  const release = db.prepare("UPDATE mail_outbox SET state = 'queued' WHERE id = ? AND state = 'sending'");
  const interrupted = db.prepare("UPDATE mail_outbox SET state = 'queued', last_reply = ? WHERE state = 'sending'");
  const nextDue = db.prepare("SELECT min(next_attempt_at) AS at FROM mail_outbox WHERE state = 'queued'");
  const counts = db.prepare(`SELECT coalesce(sum(state IN ('queued', 'sending')), 0) AS waiting, coalesce(sum(state = 'failed'), 0) AS failed FROM mail_outbox`);
  const latest = db.prepare(`SELECT id, to_address, kind, payload, state, attempts, last_reply, created_at, sent_at
    FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT ${MAIL_DELIVERIES_SHOWN}`);
  const insertDone = db.prepare(`INSERT INTO mail_outbox (user_id, to_address, to_name, kind, payload, message_id, state, attempts, next_attempt_at, last_reply, created_at, sent_at)
    VALUES (?, ?, '', 'test', ?, ?, ?, 1, ?, ?, ?, ?)`);
  const sweepSent = db.prepare("DELETE FROM mail_outbox WHERE (state = 'sent' AND sent_at < ?) OR (state = 'failed' AND created_at < ?)");

  return {
    /** Up to `limit` due rows, now `sending`: no other claim takes them. */
    claim(nowIso: string, limit: number): OutboxRow[] {
      return transaction(db, () => {
        const rows = due.all(nowIso, limit) as unknown as OutboxRow[];
        if (rows.length > 0) markSending.run(JSON.stringify(rows.map((row) => row.id)));
        return rows;
      });
    },
    /**
     * The relay accepted the row, committed without waiting for the disk: only a power cut before the
     * next FULL commit could lose the mark, and then the message goes once more. An fsync per message
     * would bound a drain by the disk (about 150 messages/s under load here).
     */
    sent: (id: number, reply: string, nowIso: string) => void withoutDiskWait(db, () => sent.run(reply, nowIso, id)),
    retry: (id: number, reply: string, atIso: string) => void retry.run(reply, atIso, id),
    failed: (id: number, reply: string) => void failed.run(reply, id),
    /** Back to `queued` as it was: claimed, but not attempted. */
    release: (id: number) => void release.run(id),
    /**
     * At start: rows a previous process was sending when it stopped. Sent again: the relay had not
     * answered (a row is marked `sent` in the same turn as its acceptance), and the Message-ID is the
     * same, so in the rare case that it had kept the message a mail client shows one.
     */
    requeueInterrupted: (note: string) => Number(interrupted.run(note).changes),
    /** The earliest next_attempt_at of a queued row, or null. */
    nextDue: () => (nextDue.get() as { at: string | null }).at,
    counts: () => {
      const row = counts.get() as { waiting: number; failed: number };
      return { waiting: Number(row.waiting), failed: Number(row.failed) };
    },
    latest: (): MailDelivery[] =>
      (latest.all() as unknown as ListedRow[]).map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: subjectOf(row),
        state: row.state,
        attempts: row.attempts,
        last_reply: row.last_reply,
        created_at: row.created_at,
        sent_at: row.sent_at,
      })),
    /** A test message, sent straight through the relay: recorded with its outcome for the list. */
    recordTest(row: { userId: number; to: string; subject: string; messageId: string; state: 'sent' | 'failed'; reply: string; nowIso: string }): void {
      insertDone.run(row.userId, row.to, JSON.stringify({ subject: row.subject }), row.messageId, row.state, row.nowIso, row.reply, row.nowIso,
        row.state === 'sent' ? row.nowIso : null);
    },
    /** Deletes sent rows sent before `beforeIso`, and failed rows written before it. */
    sweep: (beforeIso: string) => Number(sweepSent.run(beforeIso, beforeIso).changes),
  };
}
