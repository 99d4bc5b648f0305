/**
 * A ticket's service level as stored (design.md#service-levels): the clocks' starts on the ticket row, the
 * state and deadlines in the narrow `ticket_sla` (migration 16; no row: none). The reads and writes of
 * the service; the lists read the same table through ticket-json.ts and queue-sql.ts.
 */
import type { SlaState } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { APPLY_SLA_BATCH_MOVES } from '../db/sla-batch-moves.ts';
import type { SlaClockRow, SlaColumns } from './state.ts';

export interface ClockRow extends SlaClockRow, SlaColumns {
  id: number;
}

const CLOCK_COLUMNS = `t.id, t.priority, t.status, t.created_at, t.sla_clock_at, t.responded_at,
  coalesce(s.sla_state, 'none') AS sla_state, s.respond_by, s.resolve_by, s.sla_next_at`;

export type SlaStore = ReturnType<typeof createSlaStore>;

export function createSlaStore(db: Db) {
  const byId = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM tickets t LEFT JOIN ticket_sla s ON s.ticket_id = t.id WHERE t.id = ?`);
  // By rowid: through tickets_status, each batch would collect and sort every open ticket again.
  const openAfter = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM tickets AS t NOT INDEXED LEFT JOIN ticket_sla s ON s.ticket_id = t.id
    WHERE t.id > ? AND t.status IN ('opened', 'assigned') ORDER BY t.id LIMIT ?`);
  const crossed = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM ticket_sla s INDEXED BY ticket_sla_next CROSS JOIN tickets t ON t.id = s.ticket_id
    WHERE s.sla_next_at <= ? ORDER BY s.sla_next_at LIMIT ?`);
  // The idle sweep is this one seek, with no write transaction.
  const anyCrossed = db.prepare('SELECT 1 FROM ticket_sla INDEXED BY ticket_sla_next WHERE sla_next_at <= ? LIMIT 1');
  // Parameters by position, all statements alike: (state,) respond_by, resolve_by, sla_next_at, ticket id.
  const insert = db.prepare('INSERT INTO ticket_sla (sla_state, respond_by, resolve_by, sla_next_at, ticket_id) VALUES (?, ?, ?, ?, ?)');
  const setAll = db.prepare('UPDATE ticket_sla SET sla_state = ?, respond_by = ?, resolve_by = ?, sla_next_at = ? WHERE ticket_id = ?');
  // Without the state, its index entry is left alone: a policy change mostly moves deadlines.
  const setDeadlines = db.prepare('UPDATE ticket_sla SET respond_by = ?, resolve_by = ?, sla_next_at = ? WHERE ticket_id = ?');
  const remove = db.prepare('DELETE FROM ticket_sla WHERE ticket_id = ?');
  const noteMove = db.prepare('INSERT INTO sla_batch_moves (ticket_id, state_before) VALUES (?, ?)');
  const applyMoves = APPLY_SLA_BATCH_MOVES.map((sql) => db.prepare(sql));

  const readPolicy = db.prepare('SELECT policy, recomputed FROM sla_policy WHERE id = 1');
  const putPolicy = db.prepare(`INSERT INTO sla_policy (id, policy, updated_at, recomputed) VALUES (1, ?, ?, 0)
    ON CONFLICT (id) DO UPDATE SET policy = excluded.policy, updated_at = excluded.updated_at, recomputed = 0`);
  const dropPolicy = db.prepare('DELETE FROM sla_policy');
  const markRecomputed = db.prepare('UPDATE sla_policy SET recomputed = 1 WHERE id = 1');
  // With no policy, an open ticket keeps no service level: one that does is left from a recompute cut short.
  const openWithState = db.prepare(`SELECT 1 FROM tickets t INDEXED BY tickets_status CROSS JOIN ticket_sla s ON s.ticket_id = t.id
    WHERE t.status IN ('opened', 'assigned') LIMIT 1`);

  return {
    byId: (id: number) => byId.get(id) as ClockRow | undefined,
    openAfter: (lastId: number, limit: number) => openAfter.all(lastId, limit) as unknown as ClockRow[],
    crossed: (atIso: string, limit: number) => crossed.all(atIso, limit) as unknown as ClockRow[],
    anyCrossed: (atIso: string) => anyCrossed.get(atIso) !== undefined,

    /** Stores what changed from `before` (the row's state as read) to `after`. */
    write(id: number, before: SlaState, after: SlaColumns): void {
      const { sla_state, respond_by, resolve_by, sla_next_at } = after;
      if (sla_state === 'none') remove.run(id);
      else if (before === sla_state) setDeadlines.run(respond_by, resolve_by, sla_next_at, id);
      else (before === 'none' ? insert : setAll).run(sla_state, respond_by, resolve_by, sla_next_at, id);
    },

    /** Inside a recompute batch, before its state changes: its counts move at the batch's end (applyMoves), not by trigger. */
    noteMove: (id: number, before: SlaState) => void noteMove.run(id, before),
    /** The end of a recompute batch, in its transaction. */
    applyMoves: () => applyMoves.forEach((statement) => statement.run()),

    policyText: () => (readPolicy.get() as { policy: string } | undefined)?.policy,
    /** Whether the last policy change's recompute was cut short (a crash, a power cut, the server stopped). */
    unfinished(): boolean {
      const row = readPolicy.get() as { recomputed: number } | undefined;
      return row ? row.recomputed === 0 : openWithState.get() !== undefined;
    },
    /** A new policy, its recompute still to do; null: none. */
    putPolicy(text: string | null, atIso: string): void {
      if (text) putPolicy.run(text, atIso);
      else dropPolicy.run();
    },
    markRecomputed: () => void markRecomputed.run(),
  };
}
