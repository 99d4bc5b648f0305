/** Canned replies (design.md#canned-replies): one shared list, by title. */
import type { CannedReply, ReplyInput } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

const COLUMNS = 'id, title, body';

const asReply = (row: unknown): CannedReply => {
  const { id, title, body } = row as CannedReply;
  return { id, title, body };
};

export type ReplyStore = ReturnType<typeof createReplyStore>;

export function createReplyStore(db: Db) {
  const all = db.prepare(`SELECT ${COLUMNS} FROM replies ORDER BY title COLLATE NOCASE, id`);
  const one = db.prepare(`SELECT ${COLUMNS} FROM replies WHERE id = ?`);
  const count = db.prepare('SELECT count(*) AS n FROM replies');
  const titled = db.prepare('SELECT id FROM replies WHERE title = ? COLLATE NOCASE AND id <> ?');
  const insert = db.prepare(`INSERT INTO replies (title, body, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`);
  const update = db.prepare(`UPDATE replies SET title = ?, body = ?, updated_at = ? WHERE id = ? RETURNING ${COLUMNS}`);
  const remove = db.prepare('DELETE FROM replies WHERE id = ?');

  return {
    list: () => all.all().map(asReply),
    find: (id: number) => {
      const row = one.get(id);
      return row && asReply(row);
    },
    count: () => Number((count.get() as { n: number }).n),
    /** Another reply (not `exceptId`) has this title, ignoring case. */
    titleTaken: (title: string, exceptId = 0) => titled.get(title, exceptId) !== undefined,
    create: ({ title, body }: ReplyInput, at: string) => asReply(insert.get(title, body, at, at)),
    update: (id: number, { title, body }: ReplyInput, at: string) => {
      const row = update.get(title, body, at, id);
      return row && asReply(row);
    },
    remove: (id: number) => Number(remove.run(id).changes) > 0,
  };
}
