/**
 * The reports API (design.md#reports): its parameters, their messages and the answer's shape. The
 * server parses the query with these rules; the client keeps the same parameters in its URL.
 */
import { APP_LABELS, APPS, PRIORITIES } from './constants.ts';
import { REPORT_RANGE } from './messages.ts';
import type { FieldErrors } from './validators.ts';

export const REPORT_GROUPS = ['app', 'category', 'service', 'priority', 'developer'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  app: 'App',
  category: 'Category',
  service: 'Service',
  priority: 'Priority',
  developer: 'Developer',
};
/** Without `group` the breakdown is by category, the question admins ask first. */
export const DEFAULT_REPORT_GROUP: ReportGroup = 'category';
/** design.md#reports: at most a leap year of days. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_PARAMS = ['from', 'to', 'group'] as const;
/** A group key for tickets without a developer; the work queue's `developer_id=none` means the same. */
export const NO_DEVELOPER_KEY = 'none';
export const NO_DEVELOPER_LABEL = 'No developer';
export const DAY_MS = 86_400_000;

export const REPORT_MESSAGES = {
  from: REPORT_RANGE.from,
  to: REPORT_RANGE.to,
  order: REPORT_RANGE.order,
  span: REPORT_RANGE.span(REPORT_MAX_DAYS),
  group: 'group must be app, category, service, priority or developer.',
} as const;

/** A duration figure or chart is in hours while its largest value is under this, else in days. */
export const HOURS_UNTIL_DAYS = 48;
const HOURS_PER_DAY = 24;
export type DurationUnit = 'hours' | 'days';
/** How a unit is written after a number and in a column header: '5.5 h', 'Median time to close (days)'. */
export const DURATION_UNIT_LABELS: Record<DurationUnit, string> = { hours: 'h', days: 'days' };

/** One unit for a whole figure or chart, chosen from its largest value (hours when nothing was measured). */
export function durationUnit(hours: ReadonlyArray<number | null | undefined>): DurationUnit {
  const largest = Math.max(0, ...hours.filter((h): h is number => typeof h === 'number' && Number.isFinite(h)));
  return largest < HOURS_UNTIL_DAYS ? 'hours' : 'days';
}

/** Hours in the unit, to a hundredth (the API's own precision). */
export function inUnit(hours: number, unit: DurationUnit): number {
  const value = unit === 'days' ? hours / HOURS_PER_DAY : hours;
  return Math.round(value * 100) / 100;
}

/**
 * Whether the range holds no ticket at all: none created, closed or open on any of its days. A
 * group's "open now" is today's count, not the range's, so it alone does not make a report.
 */
export const isEmptyReport = (report: Report) =>
  report.per_day.every((day) => day.created === 0 && day.closed === 0 && day.backlog === 0) &&
  report.groups.every((group) => group.created === 0 && group.closed === 0);

export interface ReportQuery {
  /** First UTC day, YYYY-MM-DD. */
  from: string;
  /** Last UTC day (included), YYYY-MM-DD. */
  to: string;
  /** @default 'category' */
  group: ReportGroup;
}

/** Hours; null when nothing was measured. */
export interface Percentiles {
  p50: number | null;
  p90: number | null;
}

export interface ReportDay {
  date: string;
  created: number;
  closed: number;
  /** Tickets open (opened or assigned) at the end of the day. */
  backlog: number;
}

export interface ReportGroupRow {
  key: string;
  label: string;
  created: number;
  closed: number;
  open: number;
  median_close_hours: number | null;
  /** Of the group's tickets created in the range whose service level has an outcome (met, or breached), the share met: 0–1; null when none has. */
  sla_met_share?: number | null;
}

/** `GET /tickets/report` under `data`. */
export interface Report {
  per_day: ReportDay[];
  time_to_assign: Percentiles;
  time_to_close: Percentiles;
  groups: ReportGroupRow[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at the start of a UTC day, or NaN when the text is not a real date. */
export function dayStart(date: string): number {
  const match = DATE.exec(date);
  if (!match) return NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : NaN;
}

/** The UTC day `days` after `date` (before, when negative). */
export const addDays = (date: string, days: number) => new Date(dayStart(date) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;

/** Every UTC day from `from` to `to`, both included. */
export const daysOf = (from: string, to: string) => Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i));

/** The last `days` UTC days up to and including the day of `nowMs`. */
export function lastDays(days: number, nowMs: number): { from: string; to: string } {
  const to = new Date(nowMs).toISOString().slice(0, 10);
  return { from: addDays(to, 1 - days), to };
}

/** Reads from, to and group; every problem is named. Missing dates are errors: a report always says which days. */
export function parseReportQuery(params: URLSearchParams): { query: ReportQuery; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  const group = (params.get('group')?.trim().toLowerCase() || DEFAULT_REPORT_GROUP) as ReportGroup;
  if (Number.isNaN(dayStart(from))) errors.from = REPORT_MESSAGES.from;
  if (Number.isNaN(dayStart(to))) errors.to = REPORT_MESSAGES.to;
  if (!errors.from && !errors.to) {
    if (to < from) errors.to = REPORT_MESSAGES.order;
    else if (daysInRange(from, to) > REPORT_MAX_DAYS) errors.to = REPORT_MESSAGES.span;
  }
  if (!(REPORT_GROUPS as readonly string[]).includes(group)) errors.group = REPORT_MESSAGES.group;
  return { query: { from, to, group }, errors };
}

/** The canonical query string, without '?'. */
export const reportQueryString = (query: ReportQuery) => new URLSearchParams({ from: query.from, to: query.to, group: query.group }).toString();

/** A group's label from its key, where the key alone says it (apps, priorities). */
export function fixedGroupLabel(group: ReportGroup, key: string): string | undefined {
  if (group === 'app' && (APPS as readonly string[]).includes(key)) return APP_LABELS[key as (typeof APPS)[number]];
  if (group === 'priority' && (PRIORITIES as readonly string[]).includes(key)) return key[0]!.toUpperCase() + key.slice(1);
  return undefined;
}
