/**
 * The reports' figures (design.md#reports), from migration 18's rollups (db/report-rollups.ts),
 * which triggers keep in every write's transaction: counts per UTC day and group key, one narrow
 * row per close and per first assignment. A report reads a few thousand rollup rows and the
 * range's closes, never the tickets or their log, so its time no longer grows with the tickets
 * kept. Percentiles and medians read migration 20's histograms of the same hours the scan measured,
 * then one bucket's values (report-percentiles.ts), so the answers are the scan's exactly
 * (tests/server/report-rollups.test.ts).
 */
import {
  addDays,
  APP_LABELS,
  fixedGroupLabel,
  NO_DEVELOPER_KEY,
  NO_DEVELOPER_LABEL,
  type AppName,
  type Report,
  type ReportDay,
  type ReportGroup,
  type ReportGroupRow,
  type ReportQuery,
} from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { createReportPercentiles } from './report-percentiles.ts';

/** Each grouping's key column in ticket_facts (migration 8, no developer is 0). */
const FACTS_COLUMN: Record<ReportGroup, string> = {
  app: 'app',
  category: 'category_id',
  service: 'service_id',
  priority: 'priority',
  developer: `CASE developer_id WHEN 0 THEN '${NO_DEVELOPER_KEY}' ELSE developer_id END`,
};
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

/** Named parameters: the first day of the range and the first after it (a date sorts before its day's timestamps). */
type Bounds = { start: string; end: string };

export type ReportStore = ReturnType<typeof createReportStore>;

export function createReportStore(db: Db) {
  const arrays = (sql: string) => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  const backlogBefore = db.prepare('SELECT coalesce(sum(opened - closed), 0) AS n FROM report_days WHERE day < $start');
  // Every grouping counts each ticket once: the app's rows give the tickets created per day.
  const perDayCounts = arrays(`WITH RECURSIVE days(day, next) AS (
      SELECT $start, date($start, '+1 day') UNION ALL SELECT next, date(next, '+1 day') FROM days WHERE next < $end)
    SELECT days.day, coalesce((SELECT sum(created) FROM report_created c WHERE c.grp = 'app' AND c.day = days.day), 0),
      coalesce(d.opened, 0), coalesce(d.closed, 0)
    FROM days LEFT JOIN report_days d ON d.day = days.day`);
  const percentiles = createReportPercentiles(db);
  const createdByKey = arrays(`SELECT key, sum(created), sum(met), sum(judged) FROM report_created
    WHERE grp = $group AND day >= $start AND day < $end GROUP BY key`);
  const labels = Object.fromEntries(Object.entries(LABEL_SQL).map(([group, sql]) => [group, db.prepare(sql)]));
  const openByKey = Object.fromEntries(
    Object.entries(FACTS_COLUMN).map(([group, facts]) => [
      group,
      arrays(`SELECT ${facts}, sum(n) FROM ticket_facts WHERE status IN ('opened', 'assigned') GROUP BY 1 HAVING sum(n) > 0`),
    ]),
  ) as Record<ReportGroup, ReturnType<Db['prepare']>>;

  function groupLabel(group: ReportGroup, key: string): string {
    if (group === 'developer' && key === NO_DEVELOPER_KEY) return NO_DEVELOPER_LABEL;
    const stored = labels[group]?.get(Number(key)) as { label: string | null; app?: AppName } | undefined;
    if (stored?.app) return `${stored.label} (${APP_LABELS[stored.app] ?? stored.app})`;
    return fixedGroupLabel(group, key) ?? stored?.label ?? key;
  }

  return {
    report(query: ReportQuery): Report {
      const bounds: Bounds = { start: query.from, end: addDays(query.to, 1) };
      const perDay = new Map<string, ReportDay>();
      const groups = new Map<string, { created: number; closed: number; open: number; median_close_hours: number | null; sla_met_share: number | null }>();
      const groupOf = (key: unknown) => {
        const name = String(key);
        let row = groups.get(name);
        if (!row) groups.set(name, (row = { created: 0, closed: 0, open: 0, median_close_hours: null, sla_met_share: null }));
        return row;
      };

      for (const [key, created, met, judged] of createdByKey.all({ group: query.group, ...bounds }) as unknown as Array<[unknown, number, number, number]>) {
        if (created > 0) groupOf(key).created = created;
        if (judged > 0) groupOf(key).sla_met_share = share(met, judged);
      }
      const closes = percentiles.timeToClose(query.group, bounds);
      for (const { key, closed, median } of closes.keys) Object.assign(groupOf(key), { closed, median_close_hours: hours(median) });
      for (const [key, n] of openByKey[query.group].all() as unknown as Array<[unknown, number]>) groupOf(key).open += n;

      let backlog = Number((backlogBefore.get({ start: bounds.start }) as { n: number }).n);
      for (const [date, created, opened, closed] of perDayCounts.all(bounds) as unknown as Array<[string, number, number, number]>) {
        backlog += opened - closed;
        perDay.set(date, { date, created, closed, backlog });
      }
      const [assignP50, assignP90] = percentiles.timeToAssign(bounds);

      const rows: ReportGroupRow[] = [...groups].map(([key, counts]) => ({ key, label: groupLabel(query.group, key), ...counts }));
      return {
        per_day: [...perDay.values()],
        time_to_assign: { p50: hours(assignP50), p90: hours(assignP90) },
        time_to_close: { p50: hours(closes.p50), p90: hours(closes.p90) },
        groups: sortGroups(query.group, rows),
      };
    },
  };
}

/** A share to a thousandth: finer says nothing to a reader. */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
/** Hours to a hundredth (36 seconds): finer says nothing to a reader. */
const hours = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function sortGroups(group: ReportGroup, rows: ReportGroupRow[]): ReportGroupRow[] {
  const order = FIXED_ORDER[group];
  if (order) return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return rows.sort((a, b) => b.created - a.created || b.open - a.open || a.label.localeCompare(b.label));
}
