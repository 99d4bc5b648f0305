/**
 * The reports' figures (DESIGN §9.5), from the tickets and their activity log. Creation times
 * are tickets.created_at; assignments and closes are log rows. A ticket is open while its log
 * holds more 'opened' rows (creation, reopens) than 'closed' ones, so the backlog at any instant
 * is a count of log rows before it. Every query reads only narrow indexes (migration 7): the
 * ticket rows themselves are wide, and at 100,000 tickets reading them is most of the time.
 */
import {
  addDays,
  APP_LABELS,
  daysOf,
  fixedGroupLabel,
  NO_DEVELOPER_KEY,
  NO_DEVELOPER_LABEL,
  quantile,
  type AppName,
  type Report,
  type ReportGroup,
  type ReportGroupRow,
  type ReportQuery,
} from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

const HOURS = (later: string, earlier: string) => `(julianday(${later}) - julianday(${earlier})) * 24`;
/** Each grouping's key, read from the report indexes. */
const GROUP_KEY: Record<ReportGroup, string> = {
  app: 't.app',
  category: 't.category_id',
  service: 't.service_id',
  priority: 't.priority',
  developer: `coalesce(t.developer_id, '${NO_DEVELOPER_KEY}')`,
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

/** Named parameters: the first instant of the range (a date sorts before its day's timestamps) and the first after it. */
type Bounds = { start: string; end: string };
type Row = [string, unknown, number];

export type ReportStore = ReturnType<typeof createReportStore>;

export function createReportStore(db: Db) {
  const arrays = (sql: string) => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  const backlogBefore = db.prepare(`SELECT (SELECT count(*) FROM ticket_logs WHERE action = 'opened' AND created_at < $start)
    - (SELECT count(*) FROM ticket_logs WHERE action = 'closed' AND created_at < $start) AS n`);
  const openedPerDay = arrays(`SELECT substr(created_at, 1, 10), count(*) FROM ticket_logs
    WHERE action = 'opened' AND created_at >= $start AND created_at < $end GROUP BY 1`);
  const assignments = arrays(`SELECT l.ticket_id, ${HOURS('l.created_at', 't.created_at')}
    FROM ticket_logs l JOIN tickets t INDEXED BY tickets_report_id ON t.id = l.ticket_id
    WHERE l.action = 'assigned' AND l.created_at >= $start AND t.created_at >= $start AND t.created_at < $end`);
  const labels = Object.fromEntries(Object.entries(LABEL_SQL).map(([group, sql]) => [group, db.prepare(sql)]));
  const byGroup = Object.fromEntries(
    Object.entries(GROUP_KEY).map(([group, key]) => [
      group,
      {
        created: arrays(`SELECT substr(t.created_at, 1, 10), ${key}, count(*) FROM tickets t INDEXED BY tickets_report
          WHERE t.created_at >= $start AND t.created_at < $end GROUP BY 1, 2`),
        closes: arrays(`SELECT substr(l.created_at, 1, 10), ${key}, ${HOURS('l.created_at', 't.created_at')}
          FROM ticket_logs l JOIN tickets t INDEXED BY tickets_report_id ON t.id = l.ticket_id
          WHERE l.action = 'closed' AND l.created_at >= $start AND l.created_at < $end`),
        open: arrays(`SELECT ${key}, count(*) FROM tickets t INDEXED BY tickets_report WHERE t.status IN ('opened', 'assigned') GROUP BY 1`),
      },
    ]),
  ) as Record<ReportGroup, Record<'created' | 'closes' | 'open', ReturnType<Db['prepare']>>>;

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
      const perDay = new Map(daysOf(query.from, query.to).map((date) => [date, { date, created: 0, closed: 0, backlog: 0 }]));
      const groups = new Map<string, { created: number; closed: number; open: number; hours: number[] }>();
      const groupOf = (key: unknown) => {
        const name = String(key);
        let row = groups.get(name);
        if (!row) groups.set(name, (row = { created: 0, closed: 0, open: 0, hours: [] }));
        return row;
      };

      for (const [day, key, n] of statements.created.all(bounds) as unknown as Row[]) {
        perDay.get(day)!.created += n;
        groupOf(key).created += n;
      }
      const closeHours: number[] = [];
      for (const [day, key, hours] of statements.closes.all(bounds) as unknown as Row[]) {
        perDay.get(day)!.closed += 1;
        const group = groupOf(key);
        group.closed += 1;
        group.hours.push(hours);
        closeHours.push(hours);
      }
      for (const [key, n] of statements.open.all() as unknown as Array<[unknown, number]>) groupOf(key).open += n;

      const opened = new Map(openedPerDay.all(bounds) as unknown as Array<[string, number]>);
      let backlog = Number((backlogBefore.get({ start: bounds.start }) as { n: number }).n);
      for (const day of perDay.values()) {
        backlog += (opened.get(day.date) ?? 0) - day.closed;
        day.backlog = backlog;
      }

      // A ticket assigned, reopened and assigned again is measured to its first assignment.
      const firstAssignment = new Map<number, number>();
      for (const [ticket, hours] of assignments.all(bounds) as unknown as Array<[number, number]>) {
        const seen = firstAssignment.get(ticket);
        if (seen === undefined || hours < seen) firstAssignment.set(ticket, hours);
      }

      const rows: ReportGroupRow[] = [...groups].map(([key, { hours, ...counts }]) => ({
        key,
        label: groupLabel(query.group, key),
        ...counts,
        median_close_hours: quantile(ascending(hours), 0.5),
      }));
      return {
        per_day: [...perDay.values()],
        time_to_assign: percentiles([...firstAssignment.values()]),
        time_to_close: percentiles(closeHours),
        groups: sortGroups(query.group, rows),
      };
    },
  };
}

const ascending = (values: number[]) => values.sort((a, b) => a - b);

function percentiles(values: number[]) {
  const sorted = ascending(values);
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9) };
}

function sortGroups(group: ReportGroup, rows: ReportGroupRow[]): ReportGroupRow[] {
  const order = FIXED_ORDER[group];
  if (order) return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return rows.sort((a, b) => b.created - a.created || b.open - a.open || a.label.localeCompare(b.label));
}
