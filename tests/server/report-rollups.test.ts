/**
 * The reports' rollups (migration 18, db/report-rollups.ts) against a full scan (report-scan.ts, the
 * reports as they were made before): random tickets, then rounds of random writes of every kind a
 * ticket takes (create, assign, unassign, close, reopen, recategorise, a creation date moved, delete one
 * or many, an account's deletion) and of service levels (the real service: a policy set, changed or dropped and its
 * recompute, each write's refresh, the timer's sweep with the clock moved), and after each round
 * random ranges in every grouping must answer the same, to the last figure. The same on an old
 * database (states on the ticket row, as migration 13 kept them) whose rollups the migration back-filled,
 * and on one with migration 18's rollups whose hour histograms (19: the percentiles and medians) were back-filled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, PRIORITIES, REPORT_GROUPS, addDays, type SlaPolicy } from '../../src/shared/index.ts';
import { openDatabase, transaction, type Db } from '../../src/server/db/database.ts';
import type { EventRecorder } from '../../src/server/events/record.ts';
import { createSlaService } from '../../src/server/sla/service.ts';
import { createReportStore } from '../../src/server/store/report.ts';
import { databaseAtVersion } from './helpers.ts';
import { createScanReportStore } from './report-scan.ts';
import { seededRandom } from './seeded-random.ts';

const SEED = 26;
const TICKETS = 300;
const ROUNDS = 6;
const WRITES_PER_ROUND = 60;
const RANGES_PER_ROUND = 12;
const USERS = 6;
const CATEGORIES = [1, 2, 3];
const SERVICES = [1, 2, 3, 4];
const SLA_STATES = ['none', 'on_track', 'due_soon', 'breached', 'met'];
const ALL_DAY: [string, string][] = [['00:00', '24:00']];
const WEEK = { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY };
/** Deadlines of hours to days, writes some hours apart: tickets end up on track, due soon, breached and met. */
const POLICIES: SlaPolicy[] = [
  {
    timezone: 'UTC', week: WEEK, holidays: [], warn_percent: 50,
    targets: { high: { respond_minutes: 240, resolve_minutes: 1440 }, medium: { respond_minutes: 960, resolve_minutes: 4320 }, low: { respond_minutes: null, resolve_minutes: 8640 } },
  },
  {
    timezone: 'UTC', week: WEEK, holidays: [], warn_percent: 80,
    targets: { high: { respond_minutes: 60, resolve_minutes: 2880 }, medium: { respond_minutes: null, resolve_minutes: 2880 }, low: { respond_minutes: null, resolve_minutes: null } },
  },
];
/** Tickets are made over this many days from FIRST_DAY; ranges start a little before and end a little after. */
const SPREAD_DAYS = 60;
/** Hundreds of transactions and scans on a machine that may be busy. */
const TIMEOUT_MS = 120_000;
const FIRST_DAY = Date.UTC(2024, 0, 1);
const HOUR_MS = 3_600_000;

const random = seededRandom(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const iso = (ms: number) => new Date(ms).toISOString();

type TicketState = { status: string; developer_id: number | null; updated_at: string };

/**
 * Random writes as the store makes them: the ticket's row and its log, in one transaction, and the
 * service level brought up to date by the SLA service as the store does. `legacySla`: a version-14
 * database, whose states are the ticket row's own columns (migration 13), written at random.
 */
function randomWriter(db: Db, { legacySla = false } = {}) {
  // Hundreds of small transactions: a test's throwaway file need not reach the disk after each.
  db.exec('PRAGMA synchronous = OFF');
  const addUser = db.prepare(`INSERT INTO users (first_name, last_name, email, role, password_hash, created_at)
    VALUES ('User', ?, ?, 'developer', 'x', '2023-01-01T00:00:00.000Z') RETURNING id`);
  const addTicket = db.prepare(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app,
    status, created_by, created_at, updated_at) VALUES (?, 'Title', 'Words', ?, 'Category', ?, 'Service', ?, ?, 'opened', 'Someone', ?, ?) RETURNING id`);
  const log = db.prepare("INSERT INTO ticket_logs (ticket_id, name, action, created_at) VALUES (?, 'Someone', ?, ?)");
  const setStatus = db.prepare('UPDATE tickets SET status = ?, developer_id = ?, updated_at = ? WHERE id = ?');
  const state = db.prepare('SELECT status, developer_id, updated_at FROM tickets WHERE id = ?');
  const ids = db.prepare('SELECT id FROM tickets');
  let users = (db.prepare('SELECT id FROM users').all() as { id: number }[]).map((row) => row.id);
  let accounts = Math.max(0, ...users);
  let made = Number((db.prepare('SELECT coalesce(max(id), 0) AS n FROM tickets').get() as { n: number }).n);
  /** The SLA service's clock: each write's own time, or the timer's. */
  let clock = FIRST_DAY;
  const sla = legacySla ? undefined : createSlaService({ db, events: { record: () => {} } as unknown as EventRecorder, now: () => clock, onChanged: () => {} });
  /** Each write happens some hours after the ticket's last one, as time goes forward. */
  const later = (after: string) => {
    clock = Date.parse(after) + Math.floor(random() * 72 * HOUR_MS) + 60_000;
    return iso(clock);
  };
  const refresh = (id: number) => sla?.refresh(id);

  const write = {
    create() {
      clock = FIRST_DAY + Math.floor(random() * SPREAD_DAYS * 24 * HOUR_MS);
      const at = iso(clock);
      made++;
      const { id } = addTicket.get(`TCK-${String(made).padStart(6, '0')}`, pick(PRIORITIES), pick(CATEGORIES), pick(SERVICES), pick(APPS), at, at) as { id: number };
      log.run(id, 'opened', at);
      refresh(id);
    },
    assign(id: number, row: { status: string; updated_at: string }) {
      if (row.status === 'closed') return;
      const at = later(row.updated_at);
      setStatus.run('assigned', pick(users), at, id);
      if (!legacySla) db.prepare('UPDATE tickets SET responded_at = coalesce(responded_at, ?) WHERE id = ?').run(at, id);
      log.run(id, 'assigned', at);
      refresh(id);
    },
    unassign(id: number, row: { status: string; updated_at: string }) {
      if (row.status !== 'assigned') return;
      const at = later(row.updated_at);
      setStatus.run('opened', null, at, id);
      log.run(id, 'unassigned', at);
      refresh(id);
    },
    close(id: number, row: { status: string; developer_id: number | null; updated_at: string }) {
      if (row.status === 'closed') return;
      const at = later(row.updated_at);
      setStatus.run('closed', row.developer_id, at, id);
      log.run(id, 'closed', at);
      refresh(id);
    },
    reopen(id: number, row: { status: string; updated_at: string }) {
      if (row.status !== 'closed') return;
      const at = later(row.updated_at);
      setStatus.run('opened', null, at, id);
      if (!legacySla) db.prepare('UPDATE tickets SET sla_clock_at = ? WHERE id = ?').run(at, id);
      log.run(id, 'opened', at);
      refresh(id);
    },
    /** A creation date moved, sometimes past the ticket's assignments and closes (negative hours; see migration 20). */
    redate(id: number, row: { updated_at: string }) {
      const at = iso(Date.parse(row.updated_at) + Math.floor((random() - 0.7) * 96 * HOUR_MS));
      db.prepare('UPDATE tickets SET created_at = ? WHERE id = ?').run(at, id);
    },
    recategorise(id: number) {
      db.prepare('UPDATE tickets SET category_id = ?, service_id = ?, priority = ?, app = ? WHERE id = ?').run(pick(CATEGORIES), pick(SERVICES), pick(PRIORITIES), pick(APPS), id);
      refresh(id);
    },
    /** Version 14: a state straight on the row. Since: the timer's sweep, the clock moved to a random instant. */
    serviceLevel(id: number) {
      if (legacySla) db.prepare('UPDATE tickets SET sla_state = ? WHERE id = ?').run(pick(SLA_STATES), id);
    },
    remove(id: number) {
      db.prepare('DELETE FROM tickets WHERE id = ?').run(id);
    },
    removeMany() {
      const all = (ids.all() as { id: number }[]).map((row) => row.id);
      const chosen = all.filter(() => random() < 0.02);
      db.prepare('DELETE FROM tickets WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(chosen));
    },
    /** A deleted account leaves its tickets without a developer (ON DELETE SET NULL): a change no store code makes. */
    removeAccount() {
      const gone = pick(users);
      db.prepare('DELETE FROM users WHERE id = ?').run(gone);
      users = users.filter((id) => id !== gone);
      users.push(Number((addUser.get(`${made}`, `replacement${++accounts}@example.com`) as { id: number }).id));
    },
  };

  /** A policy set, changed or dropped (rarely), then its recompute of the open tickets as the server runs it. */
  async function policy() {
    if (!sla) return;
    transaction(db, () => sla.setPolicy(random() < 0.15 ? null : pick(POLICIES)));
    await sla.recompute();
  }
  async function sweep() {
    if (!sla) return;
    clock = FIRST_DAY + Math.floor(random() * (SPREAD_DAYS + 10) * 24 * HOUR_MS);
    await sla.sweep();
  }

  return {
    async seed(tickets: number) {
      users = Array.from({ length: USERS }, (_, i) => Number((addUser.get(`${i}`, `user${i}@example.com`) as { id: number }).id));
      if (sla) {
        transaction(db, () => sla.setPolicy(POLICIES[0]!));
        await sla.recompute();
      }
      transaction(db, () => {
        for (let i = 0; i < tickets; i++) write.create();
      });
    },
    /** One random write on a random ticket, in its own transaction. */
    async any() {
      const all = (ids.all() as { id: number }[]).map((row) => row.id);
      const id = pick(all);
      const row = state.get(id) as TicketState;
      const kind = pick(['create', 'assign', 'assign', 'unassign', 'close', 'close', 'reopen', 'recategorise', 'redate', 'serviceLevel', 'serviceLevel', 'remove', 'removeMany', 'removeAccount', 'policy'] as const);
      if (kind === 'removeMany' && random() < 0.7) return;
      if (kind === 'removeAccount' && random() < 0.7) return;
      if (kind === 'policy') return random() < 0.3 ? policy() : undefined;
      if (kind === 'serviceLevel' && sla) return sweep();
      transaction(db, () => (write[kind] as (id: number, row: TicketState) => void)(id, row));
    },
  };
}

function randomRange() {
  const from = addDays('2024-01-01', Math.floor(random() * (SPREAD_DAYS + 20)) - 10);
  const days = pick([1, 1, 2, 7, 30, 90, 366]);
  return { from, to: addDays(from, days - 1) };
}

async function expectSameAsScan(db: Db, rounds: number, writer?: ReturnType<typeof randomWriter>): Promise<number> {
  const rollups = createReportStore(db);
  const scan = createScanReportStore(db);
  let compared = 0;
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < RANGES_PER_ROUND; i++) {
      const query = { ...randomRange(), group: pick(REPORT_GROUPS) };
      expect(rollups.report(query), `round ${round}: ${JSON.stringify(query)}`).toEqual(scan.report(query));
      compared++;
    }
    // A recompute's noted moves are applied in its batch's transaction: none is left after one.
    expect(db.prepare('SELECT count(*) AS n FROM sla_batch_moves').get(), `round ${round}`).toEqual({ n: 0 });
    if (writer && round < rounds) for (let i = 0; i < WRITES_PER_ROUND; i++) await writer.any();
  }
  // The whole span in every grouping, with something in each of its figures.
  for (const group of REPORT_GROUPS) {
    const query = { from: '2023-12-01', to: '2024-06-01', group };
    const expected = scan.report(query);
    expect(expected.groups.length).toBeGreaterThan(1);
    expect(expected.time_to_close.p50).not.toBeNull();
    expect(expected.time_to_assign.p90).not.toBeNull();
    expect(expected.groups.some((row) => typeof row.sla_met_share === 'number' && row.sla_met_share > 0 && row.sla_met_share < 1)).toBe(true);
    expect(rollups.report(query), JSON.stringify(query)).toEqual(expected);
  }
  return compared;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the report rollups', () => {
  it('answer as a full scan does, through random writes of every kind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpdesk-rollups-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    try {
      const writer = randomWriter(db);
      await writer.seed(TICKETS);
      // Every state a ticket can hold comes and goes, from the service itself.
      const states = db.prepare('SELECT DISTINCT sla_state FROM ticket_sla');
      const seen = new Set<unknown>();
      for (let i = 0; i < TICKETS * 3; i++) {
        await writer.any();
        for (const row of states.all()) seen.add(row.sla_state);
      }
      expect([...seen].sort()).toEqual(['breached', 'due_soon', 'met', 'on_track']);
      expect(await expectSameAsScan(db, ROUNDS, writer)).toBe((ROUNDS + 1) * RANGES_PER_ROUND);
    } finally {
      db.close();
    }
  }, TIMEOUT_MS);

  it('keep their hour histograms (migration 20) back-filled from a database of version 19 (daily rollups, no histograms)', async () => {
    const { dataDir, db: old } = databaseAtVersion(19);
    dirs.push(dataDir);
    const writer = randomWriter(old);
    await writer.seed(TICKETS);
    for (let i = 0; i < TICKETS * 3; i++) await writer.any();
    old.close();
    const db = openDatabase(dataDir);
    try {
      expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBeGreaterThan(19);
      // The moved creation dates left assignments before their ticket: the report reads those one by one.
      expect(Number((db.prepare('SELECT count(*) AS n FROM report_assigns WHERE first_at < created_at').get() as { n: number }).n)).toBeGreaterThan(0);
      expect(await expectSameAsScan(db, 2, randomWriter(db))).toBe(3 * RANGES_PER_ROUND);
    } finally {
      db.close();
    }
  }, TIMEOUT_MS);

  it('are back-filled by the migration from a database made before them', async () => {
    const { dataDir, db: old } = databaseAtVersion(14);
    dirs.push(dataDir);
    const writer = randomWriter(old, { legacySla: true });
    await writer.seed(TICKETS);
    for (let i = 0; i < TICKETS * 3; i++) await writer.any();
    old.close();
    const db = openDatabase(dataDir);
    try {
      expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBeGreaterThan(14);
      expect(await expectSameAsScan(db, 2, randomWriter(db))).toBe(3 * RANGES_PER_ROUND);
    } finally {
      db.close();
    }
  }, TIMEOUT_MS);
});
