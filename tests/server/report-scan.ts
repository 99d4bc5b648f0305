/**
 * The reports as they were made before the rollups (migration 18): a scan of the tickets and their
 * log. Kept for the test that the rollups give the same answers (report-rollups.test.ts).
 */
import {
  addDays,
  APP_LABELS,
  fixedGroupLabel,
  NO_DEVELOPER_KEY,
  NO_DEVELOPER_LABEL,
  type AppName,
  type Percentiles,
  type Report,
  type ReportDay,
  type ReportGroup,
  type ReportGroupRow,
  type ReportQuery,
} from '../../src/shared/index.ts';
import type { Db } from '../../src/server/db/database.ts';

const HOURS = (later: string, earlier: string) => `(julianday(${later}) - julianday(${earlier})) * 24`;
/** Each grouping's column, and the index that has it first (migrations 3 and 7). */
const GROUP_COLUMN: Record<ReportGroup, { column: string; index: string }> = {
  app: { column: 'app', index: 'tickets_app' },
  category: { column: 'category_id', index: 'tickets_category' },
  service: { column: 'service_id', index: 'tickets_service' },
  priority: { column: 'priority', index: 'tickets_priority_filter' },
  developer: { column: 'developer_id', index: 'tickets_developer' },
};
/** The group of a ticket without a developer (a NULL developer_id). */
const keyOf = (column: string, value = column) => (column.endsWith('developer_id') ? `coalesce(${value}, '${NO_DEVELOPER_KEY}')` : value);
/** The name a key stands for, as its newest ticket keeps it (tickets keep the names they were given). */
const LABEL_SQL: Partial<Record<ReportGroup, string>> = {
  category: 'SELECT category AS label FROM tickets WHERE category_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
  service: 'SELECT service AS label, app FROM tickets WHERE service_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
  developer: 'SELECT developer_name AS label FROM tickets WHERE developer_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
};
/** Fixed orders where the values have one; the rest by tickets created, most first. */
const FIXED_ORDER: Partial<Record<ReportGroup, readonly string[]>> = {
  app: ['shaq_app', 'shaq_express'],
  priority: ['high', 'medium', 'low'],
};

/** Named parameters: the first instant of the range (a date sorts before its day's timestamps) and the first after it. */
type Bounds = { start: string; end: string };
/** Percentiles interpolate between neighbours (SQLite's percentile_cont, as spreadsheets' PERCENTILE.INC). */
const P50_P90 = (column: string) => `percentile_cont(${column}, 0.5), percentile_cont(${column}, 0.9)`;



export function createScanReportStore(db: Db) {
  const arrays = (sql: string) => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  const backlogBefore = db.prepare(`SELECT (SELECT count(*) FROM ticket_logs WHERE action = 'opened' AND created_at < $start)
    - (SELECT count(*) FROM ticket_logs WHERE action = 'closed' AND created_at < $start) AS n`);
  // Per day, counts over index ranges: no function per row, no sorting.
  const perDayCounts = arrays(`WITH RECURSIVE days(day, next) AS (
      SELECT $start, date($start, '+1 day') UNION ALL SELECT next, date(next, '+1 day') FROM days WHERE next < $end)
    SELECT day,
      (SELECT count(*) FROM tickets INDEXED BY tickets_report WHERE created_at >= day AND created_at < next),
      (SELECT count(*) FROM ticket_logs WHERE action = 'opened' AND created_at >= day AND created_at < next),
      (SELECT count(*) FROM ticket_logs WHERE action = 'closed' AND created_at >= day AND created_at < next)
    FROM days`);
  // A ticket assigned, reopened and assigned again is measured to its first assignment.
  const assignTimes = arrays(`SELECT ${P50_P90('hours')} FROM (
    SELECT ${HOURS('min(l.created_at)', 't.created_at')} AS hours
    FROM ticket_logs l JOIN tickets t INDEXED BY tickets_report_id ON t.id = l.ticket_id
    WHERE l.action = 'assigned' AND l.created_at >= $start AND t.created_at >= $start AND t.created_at < $end GROUP BY l.ticket_id)`);
  const labels = Object.fromEntries(Object.entries(LABEL_SQL).map(([group, sql]) => [group, db.prepare(sql)]));
  const byGroup = Object.fromEntries(
    Object.entries(GROUP_COLUMN).map(([group, { column, index }]) => [
      group,
      {
        // One range count per value, on the index that has the value first: the values are few.
        created: arrays(`SELECT ${keyOf(column, 'value')}, (SELECT count(*) FROM tickets INDEXED BY ${index}
            WHERE ${column} IS value AND created_at >= $start AND created_at < $end)
          FROM (SELECT DISTINCT ${column} AS value FROM tickets INDEXED BY ${index})`),
        // Per group: closes and their median; then one row with a NULL key for all closes.
        closes: arrays(`WITH c AS MATERIALIZED (
            SELECT ${keyOf(`t.${column}`)} AS key, ${HOURS('l.created_at', 't.created_at')} AS hours
            FROM ticket_logs l JOIN tickets t INDEXED BY tickets_report_id ON t.id = l.ticket_id
            WHERE l.action = 'closed' AND l.created_at >= $start AND l.created_at < $end)
          SELECT key, count(*), median(hours), NULL FROM c GROUP BY key
          UNION ALL SELECT NULL, count(*), ${P50_P90('hours')} FROM c`),
        open: arrays(`SELECT ${keyOf(`t.${column}`)}, count(*) FROM tickets t INDEXED BY tickets_report WHERE t.status IN ('opened', 'assigned') GROUP BY 1`),
        // Service levels with an outcome, of the tickets created in the range: each ticket's state from ticket_sla (migration 16).
        outcomes: arrays(`SELECT ${keyOf(`t.${column}`)}, count(*) FILTER (WHERE s.sla_state = 'met'), count(*)
          FROM tickets t INDEXED BY tickets_report CROSS JOIN ticket_sla s ON s.ticket_id = t.id
          WHERE s.sla_state IN ('met', 'breached') AND t.created_at >= $start AND t.created_at < $end GROUP BY 1`),
      },
    ]),
  ) as Record<ReportGroup, Record<'created' | 'closes' | 'open' | 'outcomes', ReturnType<Db['prepare']>>>;

  function groupLabel(group: ReportGroup, key: string): string {
    if (group === 'developer' && key === NO_DEVELOPER_KEY) return NO_DEVELOPER_LABEL;
    const stored = labels[group]?.get(Number(key)) as { label: string | null; app?: AppName } | undefined;
    if (stored?.app) return `${stored.label} (${APP_LABELS[stored.app] ?? stored.app})`;
    return fixedGroupLabel(group, key) ?? stored?.label ?? key;
  }

  return {
    report(query: ReportQuery): Report {
      const bounds: Bounds = { start: query.from, end: addDays(query.to, 1) };
      const statements = byGroup[query.group];
      const perDay = new Map<string, ReportDay>();
      const groups = new Map<string, { created: number; closed: number; open: number; median_close_hours: number | null; sla_met_share: number | null }>();
      const groupOf = (key: unknown) => {
        const name = String(key);
        let row = groups.get(name);
        if (!row) groups.set(name, (row = { created: 0, closed: 0, open: 0, median_close_hours: null, sla_met_share: null }));
        return row;
      };

      for (const [key, n] of statements.created.all(bounds) as unknown as Array<[unknown, number]>) if (n > 0) groupOf(key).created = n;
      let timeToClose: Percentiles = NOTHING_MEASURED;
      for (const [key, n, first, second] of statements.closes.all(bounds) as unknown as Array<[unknown, number, number | null, number | null]>) {
        if (key === null) timeToClose = { p50: hours(first), p90: hours(second) };
        else Object.assign(groupOf(key), { closed: n, median_close_hours: hours(first) });
      }
      for (const [key, n] of statements.open.all() as unknown as Array<[unknown, number]>) groupOf(key).open += n;
      for (const [key, met, judged] of statements.outcomes.all(bounds) as unknown as Array<[unknown, number, number]>) groupOf(key).sla_met_share = share(met, judged);

      let backlog = Number((backlogBefore.get({ start: bounds.start }) as { n: number }).n);
      for (const [date, created, opened, closed] of perDayCounts.all(bounds) as unknown as Array<[string, number, number, number]>) {
        backlog += opened - closed;
        perDay.set(date, { date, created, closed, backlog });
      }
      const [assignP50, assignP90] = (assignTimes.all(bounds) as unknown as Array<[number | null, number | null]>)[0] ?? [null, null];

      const rows: ReportGroupRow[] = [...groups].map(([key, counts]) => ({ key, label: groupLabel(query.group, key), ...counts }));
      return {
        per_day: [...perDay.values()],
        time_to_assign: { p50: hours(assignP50), p90: hours(assignP90) },
        time_to_close: timeToClose,
        groups: sortGroups(query.group, rows),
      };
    },
  };
}

/** A share to a thousandth: finer says nothing to a reader. */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
const NOTHING_MEASURED: Percentiles = { p50: null, p90: null };
/** Hours to a hundredth (36 seconds): finer says nothing to a reader. */
const hours = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function sortGroups(group: ReportGroup, rows: ReportGroupRow[]): ReportGroupRow[] {
  const order = FIXED_ORDER[group];
  if (order) return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return rows.sort((a, b) => b.created - a.created || b.open - a.open || a.label.localeCompare(b.label));
}
