/**
 * Service levels on the server (design.md#service-levels): the policy (one row, none: off), each ticket's
 * stored clock brought up to date by the write that changes it, a policy change recomputing the open
 * tickets in batches, and the timer's sweep that finds the tickets whose next crossing has come.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SlaPolicy } from '../../shared/index.ts';
import { transaction, withoutDiskWait, type Db } from '../db/database.ts';
import type { EventRecorder } from '../events/record.ts';
import { slaColumns, type SlaColumns } from './state.ts';
import { createSlaStore, type ClockRow } from './store.ts';

/**
 * Work per recompute transaction before the event loop gets a turn: a batch is sized by time, not by
 * count, since a ticket costs 10-100 µs depending on the machine's load (bench/README.md).
 */
export const RECOMPUTE_TURN_MS = 10;
/** Open tickets read at a time inside a recompute batch: the time is checked between reads. */
const RECOMPUTE_READ = 100;
/** Crossings handled per transaction by the timer; each records an event and its notifications. */
export const SWEEP_BATCH = 100;

export interface SlaServiceOptions {
  db: Db;
  events: EventRecorder;
  now: () => number;
  /** Told which tickets' answers changed: an id, or 'all' after a recompute. */
  onChanged: (changed: number[] | 'all') => void;
}

export type SlaService = ReturnType<typeof createSlaService>;

const sameColumns = (a: SlaColumns, b: SlaColumns) =>
  a.respond_by === b.respond_by && a.resolve_by === b.resolve_by && a.sla_state === b.sla_state && a.sla_next_at === b.sla_next_at;

export function createSlaService({ db, events, now, onChanged }: SlaServiceOptions) {
  const store = createSlaStore(db);
  /** One object per policy: the arithmetic remembers its days by it (shared/sla.ts). */
  let policy: SlaPolicy | null = null;
  let policyText: string | undefined;
  /** The stored policy, as committed (a change rolled back leaves the one before). */
  function load(): void {
    const text = store.policyText();
    if (text === policyText) return;
    policyText = text;
    policy = text ? (JSON.parse(text) as SlaPolicy) : null;
  }
  load();
  /** A newer recompute stops an older one. */
  let generation = 0;
  let sweeping = false;
  let stopped = false;

  /**
   * Brings one row up to date; its new columns when they changed. Call inside a transaction; in a
   * recompute batch, which then ends with store.applyMoves().
   */
  function update(row: ClockRow, at: number, inBatch = false): SlaColumns | undefined {
    const columns = slaColumns(policy, row, at);
    if (sameColumns(columns, row)) return undefined;
    if (inBatch && row.sla_state !== columns.sla_state) store.noteMove(row.id, row.sla_state);
    store.write(row.id, row.sla_state, columns);
    return columns;
  }

  /**
   * Open tickets after `lastId` for about RECOMPUTE_TURN_MS; the last id done, or undefined when none
   * are left. A batch commits without waiting for the disk: it is derived from the committed policy,
   * and the recompute's last commit (FULL) makes every batch durable. A power cut before that leaves
   * `recomputed` at 0, and the next start does it again.
   */
  function recomputeBatch(lastId: number): number | undefined {
    return withoutDiskWait(db, () =>
      transaction(db, () => {
        const started = performance.now();
        const at = now();
        let next: number | undefined = lastId;
        do {
          const rows = store.openAfter(next, RECOMPUTE_READ);
          for (const row of rows) update(row, at, true);
          next = rows.length < RECOMPUTE_READ ? undefined : rows.at(-1)!.id;
        } while (next !== undefined && performance.now() - started < RECOMPUTE_TURN_MS);
        store.applyMoves();
        return next;
      }),
    );
  }

  const service = {
    policy: () => policy,

    /** Stores a policy (null turns SLA off) inside the change's transaction (its audit row); after it, `recompute` takes it up. */
    setPolicy(next: SlaPolicy | null): true {
      store.putPolicy(next ? JSON.stringify(next) : null, new Date(now()).toISOString());
      return true;
    },

    /** After a write to one ticket (created, assigned, closed, reopened, its priority changed): inside that write's transaction. */
    refresh(ticketId: number): void {
      const row = store.byId(ticketId);
      if (row) update(row, now());
    },

    /**
     * Every open ticket under the current policy, in batches of about RECOMPUTE_TURN_MS, each its own
     * transaction with a turn of the event loop between, so other requests are answered meanwhile.
     * Resolves when done or overtaken by a newer one.
     */
    async recompute(): Promise<void> {
      load();
      const mine = ++generation;
      let lastId: number | undefined = 0;
      for (;;) {
        lastId = recomputeBatch(lastId);
        onChanged('all');
        if (mine !== generation || stopped) return;
        if (lastId === undefined) break;
        await nextTurn();
        if (mine !== generation || stopped) return;
      }
      transaction(db, () => store.markRecomputed());
    },

    /** At start: a recompute cut short (a crash, a power cut, the server stopped) is done again. */
    resume(): Promise<void> | undefined {
      return store.unfinished() ? service.recompute() : undefined;
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
      if (!store.anyCrossed(new Date(at).toISOString())) return told;
      const { rows, moved } = transaction(db, () => {
        const rows = store.crossed(new Date(at).toISOString(), SWEEP_BATCH);
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
