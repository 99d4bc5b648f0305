/**
 * Comments on a ticket (design.md#comments): the queries. tickets.comment_count is kept by triggers (migration 6).
 * A ticket's comments are read a keyset page at a time along the comments_ticket (ticket_id, id) index,
 * so no ticket's conversation can grow into an answer that stalls the server.
 */
import { COMMENT_MESSAGES, COMMENT_PAGE_SIZE, type CommentPage, type CommentPageQuery, type Role, type TicketComment, type User } from '../../shared/index.ts';
import { transaction, type Db } from '../db/database.ts';
import { invalid } from '../errors.ts';

interface CommentRow {
  id: number;
  ticket_id: number;
  user_id: number | null;
  author_name: string;
  author_role: Role;
  body: string;
  created_at: string;
  edited_at: string | null;
}

const COLUMNS = 'id, ticket_id, user_id, author_name, author_role, body, created_at, edited_at';

/** What a comment's author is called: the full name, as the account had it when they wrote. */
export const authorName = (user: User) => `${user.first_name} ${user.last_name}`.trim();

export function toComment(row: CommentRow): TicketComment {
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    author: { id: row.user_id, name: row.author_name, role: row.author_role },
    body: row.body,
    created_at: row.created_at,
    edited_at: row.edited_at,
  };
}

/** The cursor names its ticket, so a cursor from another ticket's comments is refused rather than misread. */
const CURSOR_TAG = 'comments';

export function encodeCommentCursor(ticketId: number, lastId: number): string {
  return Buffer.from(JSON.stringify([CURSOR_TAG, ticketId, lastId])).toString('base64url');
}

/** The id the page continues after, or a 422 naming the cursor. */
function afterIdOf(ticketId: number, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const afterId = Array.isArray(values) && values.length === 3 && values[0] === CURSOR_TAG && values[1] === ticketId ? values[2] : undefined;
  if (!Number.isSafeInteger(afterId) || (afterId as number) < 0) throw invalid({ cursor: COMMENT_MESSAGES.cursor });
  return afterId as number;
}

export type CommentStore = ReturnType<typeof createCommentStore>;

export function createCommentStore(db: Db) {
  const pageOf = db.prepare(`SELECT ${COLUMNS} FROM comments WHERE ticket_id = ? AND id > ? ORDER BY id LIMIT ?`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM comments WHERE id = ?`);
  const insert = db.prepare(`INSERT INTO comments (ticket_id, user_id, author_name, author_role, body, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`);
  const update = db.prepare(`UPDATE comments SET body = ?, edited_at = ? WHERE id = ? RETURNING ${COLUMNS}`);
  const remove = db.prepare('DELETE FROM comments WHERE id = ?');
  // A rename carries to the author's comments, as it does to their tickets (src/server/README.md).
  const rename = db.prepare('UPDATE comments SET author_name = ? WHERE user_id = ?');

  return {
    /** One page, oldest first; `total` is the ticket's comment_count, which the caller read with the ticket. */
    page(ticketId: number, total: number, query: CommentPageQuery = {}): CommentPage {
      const limit = query.limit ?? COMMENT_PAGE_SIZE.default;
      const rows = pageOf.all(ticketId, afterIdOf(ticketId, query.cursor), limit + 1) as unknown as CommentRow[];
      const more = rows.length > limit;
      const shown = more ? rows.slice(0, limit) : rows;
      return {
        list: shown.map(toComment),
        next_cursor: more ? encodeCommentCursor(ticketId, shown.at(-1)!.id) : null,
        total,
      };
    },
    /** EXPLAIN QUERY PLAN of a page: the tests hold it to the comments_ticket index. */
    plan: () => (db.prepare(`EXPLAIN QUERY PLAN ${pageOf.sourceSQL}`).all(1, 0, 1) as { detail: string }[]).map((row) => row.detail),
    find: (id: number) => {
      const row = byId.get(id) as CommentRow | undefined;
      return row && toComment(row);
    },
    /** One transaction: the comment and its ticket's count (trigger) together. */
    add: (ticketId: number, author: User, body: string, nowIso: string) =>
      transaction(db, () => toComment(insert.get(ticketId, author.id, authorName(author), author.role, body, nowIso) as unknown as CommentRow)),
    edit: (id: number, body: string, nowIso: string) => {
      const row = transaction(db, () => update.get(body, nowIso, id) as CommentRow | undefined);
      return row && toComment(row);
    },
    remove: (id: number) => transaction(db, () => Number(remove.run(id).changes) > 0),
    renameAuthor: (user: User) => void rename.run(authorName(user), user.id),
  };
}
