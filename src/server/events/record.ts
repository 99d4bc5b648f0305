/**
 * Ticket events from the write (design.md#notifications): `record` runs inside the change's own transaction
 * and writes, with it, the ticket_events row, its webhook deliveries, the watchers the change adds, and
 * the notifications and mail it causes. Commit or roll back, they go together; after the commit the
 * dispatcher (dispatch.ts) feeds the live stream and the webhooks from the rows.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import {
  KIND_OF_REASON,
  mentionTokens,
  notificationText,
  type MailPayload,
  type NotificationReason,
  type User,
} from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import type { TicketRow, TicketStore } from '../store/tickets.ts';
import type { WatcherStore } from '../store/watchers.ts';
import { CHANGE_OF, chatText, describe, type TicketAction } from './actions.ts';
import { notifiedChange, whoIsTold } from './recipients.ts';
import type { Webhooks } from './webhooks.ts';

interface Recipient {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  /** Mail allowed, per preference switch (1 / 0). */
  [kind: string]: number | string;
}

export interface RecorderOptions {
  db: Db;
  tickets: TicketStore;
  watchers: WatcherStore;
  webhooks: Webhooks;
  nowIso: () => string;
  /** Mail rows are written only when it is set (SMTP_URL). */
  smtpUrl: string;
  publicUrl: string;
  /** Called once per recording: the dispatcher runs after the transaction ends. */
  afterCommit: () => void;
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;

/** The host of our Message-IDs: the one people reach the helpdesk at. */
const messageHost = (publicUrl: string) => (URL.canParse(publicUrl) ? new URL(publicUrl).hostname : '') || os.hostname() || 'helpdesk';

export function createEventRecorder(options: RecorderOptions) {
  const { db, tickets, watchers, webhooks, nowIso, smtpUrl, afterCommit } = options;
  const host = messageHost(options.publicUrl);
  const insertEvent = db.prepare('INSERT INTO ticket_events (ticket_id, actor_id, change, action, at, from_status) VALUES (?, ?, ?, ?, ?, ?) RETURNING id');
  // Ids grow with time: the walk stops at the first kept row, so it reads only what it deletes.
  const forgetEvents = db.prepare('DELETE FROM ticket_events WHERE id < coalesce((SELECT id FROM ticket_events WHERE at >= ? ORDER BY id LIMIT 1), (SELECT max(id) + 1 FROM ticket_events))');
  const forgetRead = db.prepare('DELETE FROM notifications WHERE read_at IS NOT NULL AND read_at < ?');
  const commenters = db.prepare('SELECT DISTINCT user_id FROM comments WHERE ticket_id = ? AND user_id IS NOT NULL');
  const byAddress = db.prepare('SELECT id FROM users WHERE email = ? COLLATE NOCASE');
  const byLocalPart = db.prepare("SELECT id FROM users WHERE substr(email, 1, instr(email, '@') - 1) = ? COLLATE NOCASE LIMIT 2");
  // Deleted accounts are gone from users: whoever this does not find is not told.
  const people = db.prepare(`SELECT u.id, u.first_name, u.last_name, u.email, coalesce(p.assigned, 1) AS assigned,
    coalesce(p.my_tickets, 1) AS my_tickets, coalesce(p.comments, 1) AS comments, coalesce(p.mentions, 1) AS mentions, coalesce(p.sla, 1) AS sla
    FROM users u LEFT JOIN notification_prefs p ON p.user_id = u.id WHERE u.id IN (SELECT value FROM json_each(?))`);
  const insertNotification = db.prepare(`INSERT INTO notifications (user_id, ticket_id, event_id, reason, text, actor_id, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const supers = db.prepare("SELECT id FROM users WHERE role = 'super'");
  const insertMail = db.prepare(`INSERT INTO mail_outbox (user_id, to_address, to_name, kind, ticket_id, payload, message_id, next_attempt_at, created_at)
    VALUES (?, ?, ?, 'ticket', ?, ?, ?, ?, ?)`);

  /** The people a comment @mentions: by address, or by a local part no one else shares. */
  function mentioned(body: string): number[] {
    const ids = new Set<number>();
    for (const token of mentionTokens(body)) {
      const rows = (token.includes('@') ? byAddress.all(token) : byLocalPart.all(token)) as { id: number }[];
      if (rows.length === 1) ids.add(rows[0]!.id);
    }
    return [...ids];
  }

  function notify(eventId: number, ticket: TicketRow, before: TicketRow, actor: User | null, action: TicketAction, at: string): void {
    const change = notifiedChange(action);
    if (!change) return;
    const comment = action.kind === 'commented' ? action.body : null;
    const told = whoIsTold(change, {
      actorId: actor?.id ?? 0,
      creatorId: ticket.created_by_id,
      developerId: ticket.developer_id ?? before.developer_id,
      watcherIds: comment === null ? [] : watchers.userIds(ticket.id),
      commenterIds: comment === null ? [] : (commenters.all(ticket.id) as { user_id: number }[]).map((row) => row.user_id),
      mentionedIds: comment === null ? [] : mentioned(comment),
      superIds: change.kind === 'sla' ? (supers.all() as { id: number }[]).map((row) => row.id) : [],
    });
    if (told.size === 0) return;
    for (const person of people.all(JSON.stringify([...told.keys()])) as unknown as Recipient[]) {
      const reason = told.get(person.id)!;
      const text = notificationText(actor?.first_name ?? '', ticket, change, reason, person.id);
      insertNotification.run(person.id, ticket.id, eventId, reason, text, actor?.id ?? null, at);
      if (smtpUrl && person[KIND_OF_REASON[reason]] === 1) enqueueMail(person, ticket, reason, text, comment, actor, at);
    }
  }

  function enqueueMail(person: Recipient, ticket: TicketRow, reason: NotificationReason, sentence: string, comment: string | null, actor: User | null, at: string): void {
    const payload: MailPayload = {
      ticket: { id: ticket.id, number: ticket.number, title: ticket.title, status: ticket.status, priority: ticket.priority },
      sentence,
      comment,
      actor: actor?.first_name ?? '',
      reason,
    };
    const messageId = `<${ticket.number.toLowerCase()}.${crypto.randomUUID()}@${host}>`;
    const name = `${person.first_name} ${person.last_name}`.trim();
    insertMail.run(person.id, person.email, name, ticket.id, JSON.stringify(payload), messageId, at, at);
  }

  /** The watchers a change adds: creating, commenting on or taking a ticket watches it. */
  function watchFor(ticket: TicketRow, actor: User | null, action: TicketAction): void {
    if (!actor) return;
    const takes = action.kind === 'assigned' && action.developer_id === actor.id;
    if (action.kind === 'created' || action.kind === 'commented' || takes) watchers.watch(ticket.id, actor.id);
  }

  return {
    /**
     * Deletes events recorded before `eventsBefore` (the live stream and webhooks read only new ones)
     * and notifications read before `readBefore`: neither table grows without bound.
     */
    sweep(eventsBefore: string, readBefore: string): void {
      forgetEvents.run(eventsBefore);
      forgetRead.run(readBefore);
    },
    /**
     * Records a change of ticket `ticketId` made by `actor`; call inside its transaction, after the change.
     * `before` is the ticket as the change found it (who was its developer). A null actor is the
     * server itself: the service-level timer (design.md#service-levels).
     */
    record(ticketId: number, actor: User | null, action: TicketAction, before?: TicketRow): void {
      if (!db.isTransaction) throw new Error('A ticket event is recorded inside the transaction of its change.');
      const ticket = tickets.findById(ticketId)!;
      const at = nowIso();
      const change = CHANGE_OF[action.kind];
      const fromStatus = change === 'status' && before ? before.status : null;
      const { id: eventId } = insertEvent.get(ticket.id, actor?.id ?? null, change, JSON.stringify(action), at, fromStatus) as { id: number };
      if (webhooks.enabled) {
        const payload = {
          event: 'ticket',
          change,
          ticket: { id: ticket.id, number: ticket.number, title: ticket.title, status: ticket.status, priority: ticket.priority },
          actor: actor && { id: actor.id, name: actor.first_name },
          at,
          text: chatText(describe(actor?.first_name ?? '', ticket, action)),
        };
        webhooks.enqueue(eventId, payload, `${change} of ${ticket.number}`);
      }
      notify(eventId, ticket, before ?? ticket, actor, action, at);
      watchFor(ticket, actor, action);
      afterCommit();
    },
  };
}
