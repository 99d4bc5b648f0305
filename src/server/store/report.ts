/**
 * The reports' figures (DESIGN §9.5), from the tickets and their activity log. Creation times
 * are tickets.created_at; assignments and closes are log rows. A ticket is open while its log
 * holds more 'opened' rows (creation, reopens) than 'closed' ones, so the backlog at any instant
 * is a count of log rows before it, read from the (action, created_at) index.
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

const HOURS = '* 24';
/** Each grouping's key and label. `max(t.id)` beside them makes SQLite take the label from the newest ticket. */
const GROUP_SQL: Record<ReportGroup, { key: string; label: string }> = {
  app: { key: 't.app', label: 't.app' },
  category: { key: 't.category_id', label: 't.category' },
  service: { key: 't.service_id', label: `t.service || char(31) || t.app` },
  priority: { key: 't.priority', label: 't.priority' },
  developer: { key: `coalesce(t.developer_id, '${NO_DEVELOPER_KEY}')`, label: 't.developer_name' },
};
/** Fixed orders where the values have one; the rest by tickets created, most first. */
const FIXED_ORDER: Partial<Record<ReportGroup, readonly string[]>> = {
  app: ['shaq_app', 'shaq_express'],
  priority: ['high', 'medium', 'low'],
};

type Bounds = {
  /** First instant of the range (a date compares below every timestamp of that day). */
  $start: string;
  /** First instant after the range. */
  $end: string;
};

function groupLabel(group: ReportGroup, key: string, stored: string | null): string {
  if (group === 'developer' && key === NO_DEVELOPER_KEY) return NO_DEVELOPER_LABEL;
  if (group === 'service' && stored) {
    const [name, app] = stored.split('\u001f');
    return `${name} (${APP_LABELS[app as AppName] ?? app})`;
  }
  return fixedGroupLabel(group, key) ?? stored ?? key;
}

export type ReportStore = ReturnType<typeof createReportStore>;

export function createReportStore(db: Db) {
  const backlogBefore = db.prepare(`SELECT (SELECT count(*) FROM ticket_logs WHERE action = 'opened' AND created_at < $start)
    - (SELECT count(*) FROM ticket_logs WHERE action = 'closed' AND created_at < $start) AS n`);
  const openedPerDay = db.prepare(`SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM ticket_logs
    WHERE action = 'opened' AND created_at >= $start AND created_at < $end GROUP BY day`);
  const assignHours = db.prepare(`SELECT (julianday(min(l.created_at)) - julianday(t.created_at)) ${HOURS} AS hours
    FROM tickets t JOIN ticket_logs l ON l.ticket_id = t.id AND l.action = 'assigned'
    WHERE t.created_at >= $start AND t.created_at < $end GROUP BY t.id`);
  assignHours.setReturnArrays(true);
  const byGroup = Object.fromEntries(
    Object.entries(GROUP_SQL).map(([group, { key, label }]) => {
      const created = db.prepare(`SELECT substr(t.created_at, 1, 10) AS day, ${key} AS key, ${label} AS label, max(t.id), count(*) AS n
        FROM tickets t WHERE t.created_at >= $start AND t.created_at < $end GROUP BY day, key`);
      const closes = db.prepare(`SELECT substr(l.created_at, 1, 10), ${key}, ${label}, (julianday(l.created_at) - julianday(t.created_at)) ${HOURS}
        FROM ticket_logs l JOIN tickets t ON t.id = l.ticket_id WHERE l.action = 'closed' AND l.created_at >= $start AND l.created_at < $end`);
      closes.setReturnArrays(true);
      const open = db.prepare(`SELECT ${key} AS key, ${label} AS label, max(t.id), count(*) AS n FROM tickets t
        WHERE t.status IN ('opened', 'assigned') GROUP BY key`);
      return [group, { created, closes, open }];
    }),
  ) as Record<ReportGroup, Record<'created' | 'closes' | 'open', ReturnType<Db['prepare']>>>;

  return {
    report(query: ReportQuery): Report {
      const bounds: Bounds = { $start: query.from, $end: addDays(query.to, 1) };
      const statements = byGroup[query.group];
      const days = daysOf(query.from, query.to);
      const perDay = new Map(days.map((date) => [date, { date, created: 0, closed: 0, backlog: 0 }]));
      const groups = new Map<string, ReportGroupRow & { hours: number[] }>();
      const groupOf = (rawKey: unknown, stored: unknown) => {
        const key = String(rawKey);
        let row = groups.get(key);
        if (!row) {
          row = { key, label: groupLabel(query.group, key, stored as string | null), created: 0, closed: 0, open: 0, median_close_hours: null, hours: [] };
          groups.set(key, row);
        }
        return row;
      };

      for (const row of statements.created.all(bounds) as Array<{ day: string; key: unknown; label: unknown; n: number }>) {
        perDay.get(row.day)!.created += row.n;
        groupOf(row.key, row.label).created += row.n;
      }
      const closeHours: number[] = [];
      for (const [day, key, label, hours] of statements.closes.all(bounds) as unknown as Array<[string, unknown, unknown, number]>) {
        perDay.get(day)!.closed += 1;
        const group = groupOf(key, label);
        group.closed += 1;
        group.hours.push(hours);
        closeHours.push(hours);
      }
      for (const row of statements.open.all() as Array<{ key: unknown; label: unknown; n: number }>) groupOf(row.key, row.label).open += row.n;

      const opened = new Map((openedPerDay.all(bounds) as Array<{ day: string; n: number }>).map((row) => [row.day, row.n]));
      let backlog = Number((backlogBefore.get({ $start: bounds.$start }) as { n: number }).n);
      for (const day of perDay.values()) {
        backlog += (opened.get(day.date) ?? 0) - day.closed;
        day.backlog = backlog;
      }

      const assigned = (assignHours.all(bounds) as unknown as Array<[number]>).map(([hours]) => hours);
      return {
        per_day: [...perDay.values()],
        time_to_assign: percentiles(assigned),
        time_to_close: percentiles(closeHours),
        groups: sortGroups(query.group, [...groups.values()].map(({ hours, ...row }) => ({ ...row, median_close_hours: quantile(ascending(hours), 0.5) }))),
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
