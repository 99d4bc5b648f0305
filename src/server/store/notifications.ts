/**
 * In-app notifications and e-mail preferences (design.md#notifications): the queries. A person's list is read
 * newest first along notifications_user (user_id, id DESC), a keyset page at a time; the unread count
 * along the partial index of unread rows.
 */
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PAGE_SIZE,
  type AppNotification,
  type NotificationPreferences,
  type NotificationReason,
} from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../errors.ts';

const CURSOR_TAG = 'notifications';

interface NotificationRow {
  id: number;
  ticket_id: number;
  number: string;
  title: string;
  reason: NotificationReason;
  text: string;
  actor_id: number | null;
  actor_name: string | null;
  created_at: string;
  read_at: string | null;
}

const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  ticket: { id: row.ticket_id, number: row.number, title: row.title },
  reason: row.reason,
  text: row.text,
  actor: row.actor_id !== null && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
  created_at: row.created_at,
  read_at: row.read_at,
});

const encodeCursor = (lastId: number) => Buffer.from(JSON.stringify([CURSOR_TAG, lastId])).toString('base64url');

function beforeIdOf(cursor: string | undefined): number {
  if (cursor === undefined) return Number.MAX_SAFE_INTEGER;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const id = Array.isArray(values) && values.length === 2 && values[0] === CURSOR_TAG ? values[1] : undefined;
  if (!Number.isSafeInteger(id) || (id as number) < 1) throw invalid({ cursor: NOTIFICATION_MESSAGES.cursor });
  return id as number;
}

/** `limit` and `cursor` of GET /notifications, or a 422 naming the bad one. */
export function readNotificationPage(params: URLSearchParams): { limit: number; cursor?: string } {
  const raw = params.get('limit');
  const limit = raw === null ? NOTIFICATION_PAGE_SIZE.default : /^\d{1,4}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= NOTIFICATION_PAGE_SIZE.max)) throw invalid({ limit: NOTIFICATION_MESSAGES.limit(NOTIFICATION_PAGE_SIZE.max) });
  return { limit, cursor: params.get('cursor') || undefined };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export function createNotificationStore(db: Db) {
  const pageOf = db.prepare(`SELECT n.id, n.ticket_id, t.number, t.title, n.reason, n.text, n.actor_id, u.first_name AS actor_name,
    n.created_at, n.read_at FROM notifications n JOIN tickets t ON t.id = n.ticket_id LEFT JOIN users u ON u.id = n.actor_id
    WHERE n.user_id = ? AND n.id < ? ORDER BY n.id DESC LIMIT ?`);
  const unread = db.prepare('SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL');
  const readAll = db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL');
  const readSome = db.prepare(`UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL
    AND id IN (SELECT value FROM json_each(?))`);
  const prefsOf = db.prepare(`SELECT ${NOTIFICATION_KINDS.join(', ')} FROM notification_prefs WHERE user_id = ?`);
  const putPrefs = db.prepare(`INSERT OR REPLACE INTO notification_prefs (user_id, ${NOTIFICATION_KINDS.join(', ')})
    VALUES (?, ${NOTIFICATION_KINDS.map(() => '?').join(', ')})`);

  return {
    /** One page of a person's notifications, newest first. */
    page(userId: number, query: { limit: number; cursor?: string }): { list: AppNotification[]; next_cursor: string | null } {
      const rows = pageOf.all(userId, beforeIdOf(query.cursor), query.limit + 1) as unknown as NotificationRow[];
      const more = rows.length > query.limit;
      const shown = more ? rows.slice(0, query.limit) : rows;
      return { list: shown.map(toNotification), next_cursor: more ? encodeCursor(shown.at(-1)!.id) : null };
    },
    unread: (userId: number) => Number((unread.get(userId) as { n: number }).n),
    /** Marks the person's own notifications read (others' ids are ignored); answers the unread left. */
    markRead(userId: number, which: { all: true } | { ids: number[] }, nowIso: string): number {
      if ('all' in which) readAll.run(nowIso, userId);
      else readSome.run(nowIso, userId, JSON.stringify(which.ids));
      return Number((unread.get(userId) as { n: number }).n);
    },
    preferences(userId: number): NotificationPreferences {
      const row = prefsOf.get(userId) as Record<string, number> | undefined;
      return { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, row ? row[kind] === 1 : true])) as NotificationPreferences['email'] };
    },
    setPreferences(userId: number, preferences: NotificationPreferences): void {
      putPrefs.run(userId, ...NOTIFICATION_KINDS.map((kind) => (preferences.email[kind] ? 1 : 0)));
    },
  };
}
