/**
 * Notifications (docs/design.md#notifications): the preference kinds, the in-app notification and
 * watcher shapes, what the outbox carries, the @mention rule, and the words the screens show.
 */

/** The preference switches, one per kind of e-mail. */
export const NOTIFICATION_KINDS = ['assigned', 'my_tickets', 'comments', 'mentions', 'sla'] as const;
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

/** What B1 enqueues and the mail worker renders. */
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

/** A person the composer may suggest after '@' (GET /api/users/mentionable). */
export interface Mentionable {
  id: number;
  name: string;
  email: string;
}

/** How many people the suggestions list at most. */
export const MENTIONABLE_LIMIT = 8;

/** The characters of a mention: an e-mail address or its local part. */
const MENTION = /(^|[^A-Za-z0-9._%+-])@([A-Za-z0-9._%+-]+(?:@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?)/g;

/**
 * `@` + a person's e-mail, or its local part when no one else's is the same (docs/design.md#notifications).
 * Returns the raw tokens found (without the '@', a sentence's closing dot dropped, each once, in order).
 * An '@' inside a word (an address written out, `ada@example.com`) is not a mention.
 */
export function mentionTokens(body: string): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(MENTION)) {
    const token = match[2]!.replace(/[.]+$/, '');
    if (token) found.add(token.toLowerCase());
  }
  return [...found];
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

/** The preference switches' labels, as the profile shows them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  assigned: { label: 'Assigned to me', hint: 'A ticket is assigned to you.' },
  my_tickets: { label: 'My tickets', hint: 'A ticket you created is assigned, closed or reopened.' },
  comments: { label: 'Comments', hint: 'Someone comments on a ticket you created, work on, watch or commented on.' },
  mentions: { label: 'Mentions', hint: 'Someone @mentions you in a comment.' },
  sla: { label: 'Service levels', hint: 'A ticket you work on is due soon or overdue.' },
};

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
