/**
 * A version-14 database that already keeps service levels (a policy, and each ticket's state and
 * deadlines on its own row, as migration 13 stored them) migrated to the latest version: the states
 * move to ticket_sla (migration 16), sla_facts counts them (16) and the report rollups (18) read them.
 * Each is checked against a brute-force count of the migrated rows, and again after writes that
 * only the triggers follow (a state changed, a ticket recategorised, tickets deleted).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { APPS, PRIORITIES, REPORT_GROUPS } from '../../src/shared/index.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { MIGRATIONS } from '../../src/server/db/migrations.ts';
import { createReportStore } from '../../src/server/store/report.ts';
import { databaseAtVersion } from './helpers.ts';
import { createScanReportStore } from './report-scan.ts';

const TICKETS = 240;
const USERS = 4;
const STATES = ['none', 'on_track', 'due_soon', 'breached', 'met'] as const;
const STATUSES = ['opened', 'assigned', 'closed'] as const;
const FIRST_DAY = Date.UTC(2024, 2, 1);
const DAY_MS = 86_400_000;
const SPREAD_DAYS = 20;
const POLICY = JSON.stringify({
  timezone: 'UTC',
  week: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['00:00', '24:00']]])),
  holidays: [],
  targets: { high: { respond_minutes: 60, resolve_minutes: 240 }, medium: { respond_minutes: 120, resolve_minutes: 480 }, low: { respond_minutes: null, resolve_minutes: 2880 } },
  warn_percent: 50,
});
/** Each report grouping's key as the report names it (no developer: 'none'). */
const GROUP_KEY: Record<string, (row: TicketRow) => string> = {
  app: (row) => row.app,
  category: (row) => String(row.category_id),
  service: (row) => String(row.service_id),
  priority: (row) => row.priority,
  developer: (row) => (row.developer_id === null ? 'none' : String(row.developer_id)),
};

type TicketRow = {
  id: number; status: string; app: string; priority: string; category_id: number; service_id: number;
  created_by_id: number | null; developer_id: number | null; created_at: string; sla_state: string | null;
};

const iso = (ms: number) => new Date(ms).toISOString();
/** The same tickets on every run: state i of each list by the ticket's number. */
const nth = <T>(values: readonly T[], i: number, salt: number): T => values[(i * 7 + salt * 13 + Math.floor(i / 5)) % values.length]!;

/** Tickets at version 14, with their service level on the row and their log. */
function seedVersion14(db: Db): void {
  db.prepare("INSERT INTO sla_policy (id, policy, updated_at) VALUES (1, ?, '2024-02-01T00:00:00.000Z')").run(POLICY);
  const users = Array.from({ length: USERS }, (_, i) =>
    Number((db.prepare(`INSERT INTO users (first_name, last_name, email, role, password_hash, created_at)
      VALUES ('User', ?, ?, 'developer', 'x', '2023-01-01T00:00:00.000Z') RETURNING id`).get(`${i}`, `user${i}@example.com`) as { id: number }).id));
  const addTicket = db.prepare(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app,
    status, created_by, created_by_id, developer_id, created_at, updated_at, sla_state, respond_by, resolve_by, sla_next_at, responded_at, sla_clock_at)
    VALUES (?, 'Title', 'Words', ?, 'Category', ?, 'Service', ?, ?, ?, 'Someone', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const log = db.prepare("INSERT INTO ticket_logs (ticket_id, name, action, created_at) VALUES (?, 'Someone', ?, ?)");
  db.exec('BEGIN');
  for (let i = 0; i < TICKETS; i++) {
    const created = FIRST_DAY + ((i * 7919) % (SPREAD_DAYS * 24)) * 3_600_000;
    const status = nth(STATUSES, i, 1);
    const state = nth(STATES, i, 2);
    const developer = status === 'opened' ? null : nth(users, i, 3);
    const deadline = (hours: number) => (state === 'none' ? null : iso(created + hours * 3_600_000));
    const { id } = addTicket.get(`TCK-${String(i + 1).padStart(6, '0')}`, nth(PRIORITIES, i, 4), 1 + (i % 3), 1 + (i % 4), nth(APPS, i, 5), status,
      i % 3 === 0 ? null : nth(users, i, 6), developer, iso(created), iso(created + DAY_MS), state, deadline(2), deadline(8),
      state === 'on_track' || state === 'due_soon' ? deadline(4) : null, developer === null ? null : iso(created + 3_600_000), iso(created)) as { id: number };
    log.run(id, 'opened', iso(created));
    if (developer !== null) log.run(id, 'assigned', iso(created + 3_600_000));
    if (status === 'closed') log.run(id, 'closed', iso(created + 5 * 3_600_000));
  }
  db.exec('COMMIT');
}

const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();

function expectCountsAsBruteForce(db: Db): void {
  const tickets = db.prepare(`SELECT t.id, t.status, t.app, t.priority, t.category_id, t.service_id, t.created_by_id, t.developer_id, t.created_at,
    s.sla_state FROM tickets t LEFT JOIN ticket_sla s ON s.ticket_id = t.id`).all() as TicketRow[];

  // sla_facts: tickets per state and combination of filter values (0: no account), rows that count none left out.
  const facts = new Map<string, number>();
  for (const row of tickets) {
    if (row.sla_state === null) continue;
    const key = JSON.stringify([row.sla_state, row.status, row.app, row.priority, row.category_id, row.service_id, row.created_by_id ?? 0, row.developer_id ?? 0]);
    facts.set(key, (facts.get(key) ?? 0) + 1);
  }
  const kept = db.prepare(`SELECT sla_state, status, app, priority, category_id, service_id, created_by_id, developer_id, n FROM sla_facts WHERE n <> 0`).all();
  expect(kept.length).toBeGreaterThan(20);
  expect(sorted(kept.map((row) => [...Object.values(row)]))).toEqual(sorted([...facts].map(([key, n]) => [...JSON.parse(key), n])));

  // report_created: tickets per grouping, creation day and key, with the service levels met and judged.
  const created = new Map<string, [number, number, number]>();
  for (const row of tickets) {
    for (const [group, keyOf] of Object.entries(GROUP_KEY)) {
      const key = JSON.stringify([group, keyOf(row), row.created_at.slice(0, 10)]);
      const counts = created.get(key) ?? [0, 0, 0];
      counts[0]++;
      if (row.sla_state === 'met') counts[1]++;
      if (row.sla_state === 'met' || row.sla_state === 'breached') counts[2]++;
      created.set(key, counts);
    }
  }
  const rollups = db.prepare('SELECT grp, key, day, created, met, judged FROM report_created WHERE created <> 0 OR met <> 0 OR judged <> 0').all();
  expect(rollups.some((row) => Number(row.met) > 0 && Number(row.judged) > Number(row.met))).toBe(true);
  expect(sorted(rollups.map((row) => [row.grp, String(row.key), row.day, row.created, row.met, row.judged]))).toEqual(
    sorted([...created].map(([key, counts]) => [...JSON.parse(key), ...counts])),
  );

  // And the reports themselves, as the full scan makes them.
  const report = createReportStore(db);
  const scan = createScanReportStore(db);
  for (const group of REPORT_GROUPS) {
    for (const [from, to] of [['2024-02-20', '2024-04-01'], ['2024-03-05', '2024-03-05'], ['2024-03-10', '2024-03-16']] as const) {
      const query = { from, to, group };
      const expected = scan.report(query);
      expect(report.report(query), JSON.stringify(query)).toEqual(expected);
      if (from === '2024-02-20') expect(expected.groups.some((row) => typeof row.sla_met_share === 'number')).toBe(true);
    }
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a version-14 database with service levels, migrated', () => {
  it('moves the states to ticket_sla, and counts them in sla_facts and the report rollups as a brute-force count does', () => {
    const { dataDir, db: old } = databaseAtVersion(14);
    dirs.push(dataDir);
    seedVersion14(old);
    const before = old.prepare(`SELECT id AS ticket_id, sla_state, respond_by, resolve_by, sla_next_at FROM tickets
      WHERE sla_state <> 'none' ORDER BY id`).all();
    const stateCount = old.prepare("SELECT count(DISTINCT sla_state) AS n FROM tickets WHERE sla_state <> 'none'").get() as { n: number };
    expect(stateCount.n).toBe(4);
    old.close();

    const db = openDatabase(dataDir);
    try {
      expect(Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBe(MIGRATIONS.length);
      expect(db.prepare('SELECT ticket_id, sla_state, respond_by, resolve_by, sla_next_at FROM ticket_sla ORDER BY ticket_id').all()).toEqual(before);
      expect(db.prepare('SELECT policy, recomputed FROM sla_policy').all()).toEqual([{ policy: POLICY, recomputed: 1 }]);
      expectCountsAsBruteForce(db);

      // Writes only the triggers follow: states changed (to and from an outcome, and away), a ticket
      // recategorised and reassigned, a ticket with a state deleted, a state given to one that had none.
      db.exec(`UPDATE ticket_sla SET sla_state = 'met' WHERE ticket_id IN (SELECT ticket_id FROM ticket_sla WHERE sla_state = 'breached' LIMIT 5)`);
      db.exec(`UPDATE ticket_sla SET sla_state = 'breached' WHERE ticket_id IN (SELECT ticket_id FROM ticket_sla WHERE sla_state = 'on_track' LIMIT 5)`);
      db.exec(`DELETE FROM ticket_sla WHERE ticket_id IN (SELECT ticket_id FROM ticket_sla WHERE sla_state = 'met' LIMIT 3)`);
      db.exec(`INSERT INTO ticket_sla (ticket_id, sla_state) SELECT id, 'met' FROM tickets WHERE id NOT IN (SELECT ticket_id FROM ticket_sla) LIMIT 4`);
      db.exec(`UPDATE tickets SET app = '${APPS[0]}', category_id = 3, developer_id = NULL, created_at = '2024-03-09T12:00:00.000Z'
        WHERE id IN (SELECT ticket_id FROM ticket_sla WHERE sla_state IN ('met', 'breached') LIMIT 6)`);
      db.exec(`DELETE FROM tickets WHERE id IN (SELECT ticket_id FROM ticket_sla WHERE sla_state IN ('met', 'breached') LIMIT 4 OFFSET 10)`);
      expectCountsAsBruteForce(db);
    } finally {
      db.close();
    }
  });
});
