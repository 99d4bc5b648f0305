/**
 * Notifications (design.md#notifications): who is told why, the one-sentence text of each, the preference
 * switches, and @mentions. The server writes the sentences; the client shows them and the labels.
 */
import { truncate } from './text.ts';
import { toId, type FieldErrors } from './validators.ts';

export const NOTIFICATION_KINDS = ['assigned', 'my_tickets', 'comments', 'mentions', 'sla'] as const; // preference switches
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationPreferences = { email: Record<NotificationKind, boolean> };
export type NotificationReason = 'assigned' | 'my_ticket' | 'comment' | 'mention' | 'watching' | 'sla';

export interface AppNotification {
  id: number;
  ticket: { id: number; number: string; title: string };
  reason: NotificationReason;
  text: string;
  actor: { id: number; name: string } | null;
  created_at: string;
  read_at: string | null;
}

export interface Watcher {
  id: number;
  name: string;
}

/** What B2's mail worker renders (design.md#notifications). */
export interface MailPayload {
  ticket: { id: number; number: string; title: string; status: string; priority: string };
  /** The change in one sentence, for the recipient. */
  sentence: string;
  /** The comment text to quote, if any. */
  comment: string | null;
  /** Who did it (first name). */
  actor: string;
  reason: NotificationReason;
}

/** A person with several reasons is told once, for the strongest: earlier wins. */
export const REASON_STRENGTH: readonly NotificationReason[] = ['mention', 'assigned', 'my_ticket', 'sla', 'comment', 'watching'];

/** The preference switch that allows the mail of each reason. */
export const KIND_OF_REASON: Record<NotificationReason, NotificationKind> = {
  assigned: 'assigned',
  my_ticket: 'my_tickets',
  comment: 'comments',
  watching: 'comments',
  mention: 'mentions',
  sla: 'sla',
};

/** The preference switches' labels, as the profile shows them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  assigned: { label: 'Assigned to me', hint: 'A ticket is assigned to you.' },
  my_tickets: { label: 'My tickets', hint: 'A ticket you created is assigned, closed or reopened.' },
  comments: { label: 'Comments', hint: 'Someone comments on a ticket you created, work on, watch or commented on.' },
  mentions: { label: 'Mentions', hint: 'Someone @mentions you in a comment.' },
  sla: { label: 'Service levels', hint: 'A ticket you work on is due soon or overdue.' },
};

/** Why a notification came, in a word or two (the panel). */
export const NOTIFICATION_REASON_LABELS: Record<NotificationReason, string> = {
  assigned: 'Assigned',
  my_ticket: 'Your ticket',
  comment: 'Comment',
  mention: 'Mention',
  watching: 'Watching',
  sla: 'Service level',
};

export const NOTIFICATION_MESSAGES = {
  readBody: 'Send {"ids": [...]} or {"all": true}.',
  preferencesBody: 'Send {"email": {"assigned": true, "my_tickets": true, "comments": true, "mentions": true, "sla": true}}.',
  cursor: 'cursor is not a cursor this list gave.',
  limit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
} as const;

export const NOTIFICATION_PAGE_SIZE = { default: 20, max: 100 } as const;
/** The composer offers at most this many people for an @. */
export const MENTION_SUGGESTIONS_MAX = 8;
/** At most this many ids in one POST /notifications/read. */
export const READ_IDS_MAX = 500;
const TITLE_IN_TEXT_MAX = 80;

/** A text on one line, at most `max` characters, cut on whole characters (text.ts). */
export const oneLine = (text: string, max: number) => truncate(text.replace(/\s+/g, ' ').trim(), max);

/** `TCK-000042 "Printer on fire"`, on one line. */
export const ticketInText = (ticket: { number: string; title: string }) => `${ticket.number} "${oneLine(ticket.title, TITLE_IN_TEXT_MAX)}"`;

/** What happened, as a notification tells it. */
export type NotifiedChange =
  | { kind: 'assigned'; developer: string; developerId: number | null }
  | { kind: 'closed' | 'reopened' | 'commented' }
  | { kind: 'sla'; state: 'due_soon' | 'breached' };

/** A service level's crossing in one sentence (design.md#service-levels): 'TCK-000042 "Printer on fire" is due soon'. */
export const slaSentence = (what: string, state: 'due_soon' | 'breached') => (state === 'due_soon' ? `${what} is due soon` : `${what} breached its service level`);

/** The one sentence a recipient reads: 'Ada assigned TCK-000042 "Printer on fire" to you'. */
export function notificationText(actor: string, ticket: { number: string; title: string }, change: NotifiedChange, reason: NotificationReason, recipientId: number): string {
  const what = ticketInText(ticket);
  if (reason === 'mention') return `${actor} mentioned you on ${what}`;
  switch (change.kind) {
    case 'assigned': return `${actor} assigned ${what} to ${change.developerId === recipientId ? 'you' : change.developer}`;
    case 'closed': return `${actor} closed ${what}`;
    case 'reopened': return `${actor} reopened ${what}`;
    case 'commented': return `${actor} commented on ${what}`;
    case 'sla': return slaSentence(what, change.state);
  }
}

/**
 * `@` + a person's e-mail, or its local part when unique (design.md#notifications). Returns the raw tokens found,
 * in order, once each, in lower case (addresses compare without case). An `@` inside a word (an address written out) starts no mention.
 */
export function mentionTokens(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(/(?<![\p{L}\p{N}._%+@-])@([\p{L}\p{N}._%+-]+(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu)) {
    const token = match[1]!.replace(/[.]+$/, '');
    if (token) found.add(token.toLowerCase());
  }
  return [...found];
}

/** PUT /me/notifications: every switch a boolean. */
export function parsePreferences(body: unknown): { preferences?: NotificationPreferences; errors: FieldErrors } {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== 'object' || email === null) return { errors: { email: NOTIFICATION_MESSAGES.preferencesBody } };
  const values = email as Record<string, unknown>;
  const current = {} as Record<NotificationKind, boolean>;
  for (const kind of NOTIFICATION_KINDS) {
    if (typeof values[kind] !== 'boolean') return { errors: { [`email.${kind}`]: NOTIFICATION_MESSAGES.preferencesBody } };
    current[kind] = values[kind] as boolean;
  }
  return { preferences: { email: current }, errors: {} };
}

/** POST /notifications/read: `{ids}` or `{all: true}`. */
export function parseReadRequest(body: unknown): { request?: { all: true } | { ids: number[] }; errors: FieldErrors } {
  const given = (body ?? {}) as { ids?: unknown; all?: unknown };
  if (given.all === true && given.ids === undefined) return { request: { all: true }, errors: {} };
  if (Array.isArray(given.ids) && given.all === undefined && given.ids.length <= READ_IDS_MAX) {
    const ids = given.ids.map((id) => toId(id));
    if (ids.every((id) => id !== undefined)) return { request: { ids: ids as number[] }, errors: {} };
  }
  return { errors: { ids: NOTIFICATION_MESSAGES.readBody } };
}

/** A person the composer may suggest after '@' (GET /api/users/mentionable). */
export interface Mentionable {
  id: number;
  name: string;
  email: string;
}

/** The local part of an address: 'ada' for 'ada@example.com'. */
export const localPart = (email: string) => email.slice(0, email.lastIndexOf('@') < 0 ? email.length : email.lastIndexOf('@'));

/**
 * What the composer inserts after '@' for a person: the local part when none of `others` shares it,
 * else the full address (the rule above, judged on the people the client knows of).
 */
export function mentionHandle(email: string, others: readonly string[]): string {
  const local = localPart(email).toLowerCase();
  const clash = others.some((other) => other.toLowerCase() !== email.toLowerCase() && localPart(other).toLowerCase() === local);
  return clash ? email : localPart(email);
}

/** Words the notification screens show. */
export const NOTIFICATION_TEXT = {
  bell: 'Notifications',
  panelTitle: 'Notifications',
  markAllRead: 'Mark all read',
  showMore: 'Show more',
  empty: 'No notifications yet.',
  newTag: 'New',
  preferencesTitle: 'Notification e-mails',
  preferencesIntro: 'Choose what the helpdesk e-mails you about. Changes are saved at once; the bell always shows everything.',
  preferencesSaved: 'Notification preferences saved.',
  preferencesFailed: 'Could not save your notification preferences.',
  watch: 'Watch',
  unwatch: 'Unwatch',
  watchers: 'Watchers',
  noWatchers: 'Nobody is watching this ticket.',
} as const;

/** The bell's accessible name: 'Notifications, 3 unread'. */
export const bellLabel = (unread: number) => (unread > 0 ? `${NOTIFICATION_TEXT.bell}, ${unread} unread` : NOTIFICATION_TEXT.bell);

/** The badge on the bell: '9+' above nine keeps it one small circle. */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));
