/**
 * Service levels on the server (design.md#service-levels): the policy (one row, none: off), each ticket's
 * stored clock brought up to date by the write that changes it, a policy change recomputing the open
 * tickets in batches, and the timer's sweep that finds the tickets whose next crossing has come.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SlaPolicy } from '../../shared/index.ts';
import { transaction, type Db } from '../db/database.ts';
import type { EventRecorder } from '../events/record.ts';
import { slaColumns, type SlaClockRow, type SlaColumns } from './state.ts';

/** Open tickets rewritten per transaction when the policy changes: about 10 ms each (bench/README.md). */
export const RECOMPUTE_BATCH = 500;
/** Crossings handled per transaction by the timer; each records an event and its notifications. */
export const SWEEP_BATCH = 100;

interface ClockRow extends SlaClockRow, SlaColumns {
  id: number;
}

export interface SlaServiceOptions {
  db: Db;
  events: EventRecorder;
  now: () => number;
  /** Told which tickets' answers changed: an id, or 'all' after a recompute. */
  onChanged: (changed: number[] | 'all') => void;
}

export type SlaService = ReturnType<typeof createSlaService>;

const CLOCK_COLUMNS = 'id, priority, status, created_at, sla_clock_at, responded_at, respond_by, resolve_by, sla_state, sla_next_at';
const sameColumns = (a: SlaColumns, b: SlaColumns) =>
  a.respond_by === b.respond_by && a.resolve_by === b.resolve_by && a.sla_state === b.sla_state && a.sla_next_at === b.sla_next_at;

export function createSlaService({ db, events, now, onChanged }: SlaServiceOptions) {
  const readPolicy = db.prepare('SELECT policy FROM sla_policy WHERE id = 1');
  const putPolicy = db.prepare(`INSERT INTO sla_policy (id, policy, updated_at) VALUES (1, ?, ?)
    ON CONFLICT (id) DO UPDATE SET policy = excluded.policy, updated_at = excluded.updated_at`);
  const dropPolicy = db.prepare('DELETE FROM sla_policy');
  const byId = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM tickets WHERE id = ?`);
  // By rowid: through tickets_status, each batch would collect and sort every open ticket again.
  const openAfter = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM tickets NOT INDEXED WHERE id > ? AND status IN ('opened', 'assigned') ORDER BY id LIMIT ?`);
  const crossed = db.prepare(`SELECT ${CLOCK_COLUMNS} FROM tickets INDEXED BY tickets_sla_next WHERE sla_next_at <= ? ORDER BY sla_next_at LIMIT ?`);
  // The idle sweep is this one seek, with no write transaction.
  const anyCrossed = db.prepare('SELECT 1 FROM tickets INDEXED BY tickets_sla_next WHERE sla_next_at <= ? LIMIT 1');
  const write = db.prepare('UPDATE tickets SET respond_by = $respond_by, resolve_by = $resolve_by, sla_state = $sla_state, sla_next_at = $sla_next_at WHERE id = $id');

  const stored = () => (readPolicy.get() as { policy: string } | undefined)?.policy;
  /** One object per policy: the arithmetic remembers its days by it (shared/sla.ts). */
  let policy: SlaPolicy | null = null;
  let policyText: string | undefined;
  /** The stored policy, as committed (a change rolled back leaves the one before). */
  function load(): void {
    const text = stored();
    if (text === policyText) return;
    policyText = text;
    policy = text ? (JSON.parse(text) as SlaPolicy) : null;
  }
  load();
  /** A newer recompute stops an older one. */
  let generation = 0;
  let sweeping = false;
  let stopped = false;

  /** Brings one row up to date; true when its columns changed. Call inside a transaction. */
  function update(row: ClockRow, at: number): SlaColumns | undefined {
    const columns = slaColumns(policy, row, at);
    if (sameColumns(columns, row)) return undefined;
    write.run({ ...columns, id: row.id });
    return columns;
  }

  const service = {
    policy: () => policy,

    /** Stores a policy (null turns SLA off) inside the change's transaction (its audit row); after it, `recompute` takes it up. */
    setPolicy(next: SlaPolicy | null): true {
      if (next) putPolicy.run(JSON.stringify(next), new Date(now()).toISOString());
      else dropPolicy.run();
      return true;
    },

    /** After a write to one ticket (created, assigned, closed, reopened, its priority changed): inside that write's transaction. */
    refresh(ticketId: number): void {
      const row = byId.get(ticketId) as ClockRow | undefined;
      if (row) update(row, now());
    },

    /**
     * Every open ticket under the current policy, a batch per transaction with a turn of the event
     * loop between, so other requests are answered meanwhile. Resolves when done or overtaken by a newer one.
     */
    async recompute(): Promise<void> {
      load();
      const mine = ++generation;
      let lastId = 0;
      for (;;) {
        const more = transaction(db, () => {
          const rows = openAfter.all(lastId, RECOMPUTE_BATCH) as unknown as ClockRow[];
          const at = now();
          for (const row of rows) update(row, at);
          lastId = rows.at(-1)?.id ?? lastId;
          return rows.length === RECOMPUTE_BATCH;
        });
        onChanged('all');
        if (!more || mine !== generation || stopped) return;
        await nextTurn();
        if (mine !== generation) return;
      }
    },

    /**
     * The timer: tickets whose next crossing has come get their new state, and a ticket that became
     * due soon or breached its event (live, webhook, notification), in the same transaction as the
     * state: a crossing is recorded once, since the row then waits for its next one.
     * Returns how many tickets moved to due soon or breached.
     */
    async sweep(): Promise<number> {
      if (sweeping || stopped) return 0;
      sweeping = true;
      try {
        return await sweepAll();
      } finally {
        sweeping = false;
      }
    },

    /** Stops a recompute under way and the sweeps to come (the server is closing). */
    stop(): void {
      stopped = true;
      generation++;
    },
  };

  async function sweepAll(): Promise<number> {
    let told = 0;
    for (;;) {
      const at = now();
      if (anyCrossed.get(new Date(at).toISOString()) === undefined) return told;
      const { rows, moved } = transaction(db, () => {
        const rows = crossed.all(new Date(at).toISOString(), SWEEP_BATCH) as unknown as ClockRow[];
        const moved: number[] = [];
        for (const row of rows) {
          const columns = update(row, at);
          if (!columns) continue;
          moved.push(row.id);
          const state = columns.sla_state;
          if (state !== row.sla_state && (state === 'due_soon' || state === 'breached')) {
            events.record(row.id, null, { kind: 'sla', state });
            told++;
          }
        }
        return { rows, moved };
      });
      if (moved.length) onChanged(moved);
      if (rows.length < SWEEP_BATCH || stopped) return told;
      await nextTurn();
    }
  }
  return service;
}
