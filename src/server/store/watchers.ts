/** Who watches a ticket (design.md#notifications): the queries. */
import type { Watcher } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

export type WatcherStore = ReturnType<typeof createWatcherStore>;

export function createWatcherStore(db: Db) {
  const add = db.prepare('INSERT OR IGNORE INTO ticket_watchers (ticket_id, user_id) VALUES (?, ?)');
  const remove = db.prepare('DELETE FROM ticket_watchers WHERE ticket_id = ? AND user_id = ?');
  const one = db.prepare('SELECT 1 FROM ticket_watchers WHERE ticket_id = ? AND user_id = ?');
  const ofTicket = db.prepare(`SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name FROM ticket_watchers w
    JOIN users u ON u.id = w.user_id WHERE w.ticket_id = ? ORDER BY u.first_name, u.last_name, u.id`);
  const ids = db.prepare('SELECT user_id FROM ticket_watchers WHERE ticket_id = ?');

  return {
    watch: (ticketId: number, userId: number) => void add.run(ticketId, userId),
    unwatch: (ticketId: number, userId: number) => void remove.run(ticketId, userId),
    watching: (ticketId: number, userId: number) => one.get(ticketId, userId) !== undefined,
    list: (ticketId: number) => ofTicket.all(ticketId) as unknown as Watcher[],
    userIds: (ticketId: number) => (ids.all(ticketId) as { user_id: number }[]).map((row) => row.user_id),
  };
}
