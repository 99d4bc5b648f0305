/** Tickets, their images and their activity log: the queries. */
import type { LogAction, User } from '../../shared/index.ts';
import { transaction, type Db } from '../db/database.ts';
import { LIST_COLUMNS as COLUMNS, STORED_FIELDS, ticketNumber, toLogEntry, type LogRow, type TicketFields, type TicketRow } from './ticket-json.ts';

export { ticketNumber, toTicket, type TicketFields, type TicketRow } from './ticket-json.ts';

const FIELD_NAMES = STORED_FIELDS.join(', ');
const FIELD_PARAMS = STORED_FIELDS.map((field) => `$${field}`).join(', ');
const FIELD_ASSIGNMENTS = STORED_FIELDS.map((field) => `${field} = $${field}`).join(', ');

/** Exactly the stored fields, as named parameters (a ticket row carries more than the statement names). */
const storedFields = (fields: TicketFields) => Object.fromEntries(STORED_FIELDS.map((field) => [field, fields[field]]));

export type TicketStore = ReturnType<typeof createTicketStore>;

export function createTicketStore(db: Db) {
  const byId = db.prepare(`SELECT ${COLUMNS} FROM tickets WHERE id = ?`);
  const byNumber = db.prepare(`SELECT ${COLUMNS} FROM tickets WHERE number = ?`);
  const imageOf = db.prepare('SELECT data_url FROM ticket_images WHERE ticket_id = ?');
  const nextId = db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM tickets');
  const insert = db.prepare(`INSERT INTO tickets (id, number, ${FIELD_NAMES}, has_image, status, created_by, created_by_id, created_at, updated_at)
    VALUES ($id, $number, ${FIELD_PARAMS}, $has_image, 'opened', $created_by, $created_by_id, $now, $now)`);
  const putImage = db.prepare('INSERT OR REPLACE INTO ticket_images (ticket_id, data_url) VALUES (?, ?)');
  const dropImage = db.prepare('DELETE FROM ticket_images WHERE ticket_id = ?');
  const insertLog = db.prepare('INSERT INTO ticket_logs (ticket_id, user_id, name, action, created_at, assignee) VALUES (?, ?, ?, ?, ?, ?)');
  const update = db.prepare(`UPDATE tickets SET ${FIELD_ASSIGNMENTS}, has_image = $has_image, updated_at = $now
    WHERE id = $id AND status = 'opened'`);
  const involving = db.prepare('SELECT 1 FROM tickets WHERE created_by_id = ? OR developer_id = ? LIMIT 1');
  const logOf = db.prepare('SELECT id, name, action, created_at, assignee FROM ticket_logs WHERE ticket_id = ? ORDER BY id');

  const store = {
    /** A ticket by its number (TCK-000042, any case) or its numeric id. */
    find(ref: string): TicketRow | undefined {
      const trimmed = ref.trim();
      if (/^\d{1,15}$/.test(trimmed)) return byId.get(Number(trimmed)) as TicketRow | undefined;
      return byNumber.get(trimmed.toUpperCase()) as TicketRow | undefined;
    },
    findById: (id: number) => byId.get(id) as TicketRow | undefined,
    /** Whether any ticket was created by, or is assigned to, this user. */
    involves: (userId: number) => involving.get(userId, userId) !== undefined,
    image: (id: number) => (imageOf.get(id) as { data_url: string } | undefined)?.data_url ?? null,
    log: (ticketId: number) => (logOf.all(ticketId) as unknown as LogRow[]).map(toLogEntry),

    /** Call inside a transaction, beside the change it records. An assignment names its developer (`assignee`). */
    addLog(ticketId: number, actor: User, action: LogAction, nowIso: string, assignee: string | null = null): void {
      insertLog.run(ticketId, actor.id, actor.first_name, action, nowIso, assignee);
    },

    /** Image changes; call inside a transaction. null removes the image. */
    setImage(ticketId: number, dataUrl: string | null): void {
      if (dataUrl) putImage.run(ticketId, dataUrl);
      else dropImage.run(ticketId);
    },

    create(fields: TicketFields, image: string | null, creator: User, nowIso: string): TicketRow {
      return transaction(db, () => {
        const id = Number((nextId.get() as { id: number }).id);
        insert.run({ ...storedFields(fields), id, number: ticketNumber(id), has_image: image ? 1 : 0,
          created_by: creator.first_name, created_by_id: creator.id, now: nowIso });
        if (image) putImage.run(id, image);
        store.addLog(id, creator, 'opened', nowIso);
        return byId.get(id) as unknown as TicketRow;
      });
    },

    /** Edits an opened ticket; image undefined leaves it as it is. False when no longer opened. */
    edit(ticket: TicketRow, fields: TicketFields, image: string | null | undefined, nowIso: string): boolean {
      const hasImage = image === undefined ? ticket.has_image : image ? 1 : 0;
      return transaction(db, () => {
        const { changes } = update.run({ ...storedFields(fields), has_image: hasImage, now: nowIso, id: ticket.id });
        if (Number(changes) === 0) return false;
        if (image !== undefined) store.setImage(ticket.id, image);
        return true;
      });
    },
  };
  return store;
}
