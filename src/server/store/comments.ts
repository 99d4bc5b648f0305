/** Comments on a ticket (design.md#comments): the queries. tickets.comment_count is kept by triggers (migration 6). */
import type { Role, TicketComment, User } from '../../shared/index.ts';
import { transaction, type Db } from '../db/database.ts';

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

export type CommentStore = ReturnType<typeof createCommentStore>;

export function createCommentStore(db: Db) {
  const ofTicket = db.prepare(`SELECT ${COLUMNS} FROM comments WHERE ticket_id = ? ORDER BY id`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM comments WHERE id = ?`);
  const insert = db.prepare(`INSERT INTO comments (ticket_id, user_id, author_name, author_role, body, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`);
  const update = db.prepare(`UPDATE comments SET body = ?, edited_at = ? WHERE id = ? RETURNING ${COLUMNS}`);
  const remove = db.prepare('DELETE FROM comments WHERE id = ?');
  // A rename carries to the author's comments, as it does to their tickets (src/server/README.md).
  const rename = db.prepare('UPDATE comments SET author_name = ? WHERE user_id = ?');

  return {
    list: (ticketId: number) => (ofTicket.all(ticketId) as unknown as CommentRow[]).map(toComment),
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
