/** The sentences screen readers hear for each chart (also printed): the figures a glance would take in. */
import type { ReportDay, ReportGroupRow } from '../../../shared/report.ts';
import { longDay } from './format.ts';

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function peak<T>(rows: readonly T[], value: (row: T) => number): T | undefined {
  return rows.reduce<T | undefined>((best, row) => (best === undefined || value(row) > value(best) ? row : best), undefined);
}

export function perDaySummary(days: readonly ReportDay[]): string {
  const created = sum(days.map((d) => d.created));
  const closed = sum(days.map((d) => d.closed));
  const busiest = peak(days, (d) => d.created);
  const base = `${plural(created, 'ticket')} created and ${closed} closed over ${plural(days.length, 'day')}.`;
  return busiest && busiest.created > 0 ? `${base} Most were created on ${longDay(busiest.date)}: ${busiest.created}.` : base;
}

export function backlogSummary(days: readonly ReportDay[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  const highest = peak(days, (d) => d.backlog);
  if (!first || !last || !highest) return 'No days.';
  return `${plural(first.backlog, 'ticket')} open at the end of ${longDay(first.date)}, ${last.backlog} at the end of ${longDay(last.date)}; the most was ${highest.backlog}, on ${longDay(highest.date)}.`;
}

/** @param many the group's name in the plural ('categories') */
export function breakdownSummary(groups: readonly ReportGroupRow[], groupName: string, many: string): string {
  if (groups.length === 0) return `No tickets by ${groupName} in these days.`;
  const mostCreated = peak(groups, (g) => g.created)!;
  const mostOpen = peak(groups, (g) => g.open)!;
  return `${plural(groups.length, groupName, many)}. Most created: ${mostCreated.label} (${mostCreated.created}). Most open now: ${mostOpen.label} (${mostOpen.open}).`;
}
