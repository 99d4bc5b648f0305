/**
 * Service levels (docs/design.md#service-levels): the policy's shape and rules, business-time
 * arithmetic in the policy's zone, and the words a ticket's state is shown in. The server and
 * the client (the admin page's preview, every ticket's label) run the same functions.
 */
import { formatDueDate, isOverdue } from './ticketFields.ts';
import type { Status } from './constants.ts';
import type { FieldErrors } from './validators.ts';
import { createBusinessTime } from './businessTime.ts';
import { isTimeZone } from './zonedTime.ts';

export type SlaState = 'none' | 'on_track' | 'due_soon' | 'breached' | 'met';
export type SlaSpan = [start: string, end: string];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const SLA_PRIORITIES = ['high', 'medium', 'low'] as const;
export type SlaPriority = (typeof SLA_PRIORITIES)[number];
export interface SlaTarget {
  respond_minutes: number | null;
  resolve_minutes: number | null;
}
export interface SlaPolicy {
  /** IANA, e.g. "Europe/Berlin". */
  timezone: string;
  /** Each day's working spans, e.g. [["09:00","12:00"],["13:00","17:00"]]; "24:00" ends a day. */
  week: Record<Weekday, SlaSpan[]>;
  /** "YYYY-MM-DD", days in the policy's zone. */
  holidays: string[];
  targets: Record<SlaPriority, SlaTarget>;
  /** Due soon once this share of the time is used: 1–99. */
  warn_percent: number;
}
export interface TicketSla {
  respond_by: string | null;
  resolve_by: string | null;
  responded_at: string | null;
  state: SlaState;
}

export const WARN_PERCENT = { min: 1, max: 99 } as const;
/** A search for working time gives up after this many days: a week without hours never ends. */
const MAX_SEARCH_DAYS = 3 * 366;
const MINUTE_MS = 60_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const SLA_MESSAGES = {
  timezone: 'timezone must be a time zone such as Europe/Berlin.',
  week: 'Hours are two times HH:MM (24:00 ends a day), each ending after it starts, not overlapping.',
  holidays: 'holidays must be dates written YYYY-MM-DD.',
  target: 'A target is a whole number of minutes, 0 or more, or empty for none.',
  warn_percent: `warn_percent must be a whole number from ${WARN_PERCENT.min} to ${WARN_PERCENT.max}.`,
} as const;

/** What PUT and DELETE /api/sla answer. */
export const SLA_ANSWERS = {
  saved: 'Service levels saved.',
  off: 'Service levels turned off.',
} as const;

/** "09:30" → 570; "24:00" → 1440; anything else → NaN. */
export function timeMinutes(time: unknown): number {
  if (typeof time !== 'string' || !TIME.test(time)) return NaN;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function validSpans(spans: unknown): boolean {
  if (!Array.isArray(spans)) return false;
  const ranges = spans.map((span) => (Array.isArray(span) && span.length === 2 ? [timeMinutes(span[0]), timeMinutes(span[1])] : [NaN, NaN]));
  if (ranges.some(([start, end]) => !(start! < end!) || start === 1440)) return false;
  const sorted = [...ranges].sort((a, b) => a[0]! - b[0]!);
  return sorted.every((range, i) => i === 0 || range[0]! >= sorted[i - 1]![1]!);
}

const isTarget = (value: unknown) => value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

/**
 * The 422 rules: errors name fields by their path (`week.mon`, `targets.high.respond_minutes`).
 * When there are none, `policy` is the body as stored: spans in order, holidays sorted once each.
 */
export function validateSlaPolicy(body: unknown): { policy?: SlaPolicy; errors: FieldErrors } {
  const errors = policyErrors(body);
  if (Object.keys(errors).length > 0) return { errors };
  const input = body as SlaPolicy;
  const byStart = (a: SlaSpan, b: SlaSpan) => timeMinutes(a[0]) - timeMinutes(b[0]);
  const policy: SlaPolicy = {
    timezone: input.timezone,
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, (input.week[day] ?? []).map(([start, end]) => [start, end] as SlaSpan).sort(byStart)])) as SlaPolicy['week'],
    holidays: [...new Set(input.holidays)].sort(),
    targets: Object.fromEntries(
      SLA_PRIORITIES.map((p) => [p, { respond_minutes: input.targets[p]?.respond_minutes ?? null, resolve_minutes: input.targets[p]?.resolve_minutes ?? null }]),
    ) as SlaPolicy['targets'],
    warn_percent: input.warn_percent,
  };
  return { policy, errors };
}

function policyErrors(body: unknown): FieldErrors {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  // An offset ("+01:00") is no zone: it knows no daylight saving.
  if (!isTimeZone(input.timezone) || !/^[A-Za-z]/.test(input.timezone)) errors.timezone = SLA_MESSAGES.timezone;
  const week = (input.week && typeof input.week === 'object' ? input.week : {}) as Record<string, unknown>;
  for (const day of WEEKDAYS) if (!validSpans(week[day] ?? [])) errors[`week.${day}`] = SLA_MESSAGES.week;
  if (!Array.isArray(input.holidays) || !input.holidays.every(isDay)) errors.holidays = SLA_MESSAGES.holidays;
  const targets = (input.targets && typeof input.targets === 'object' ? input.targets : {}) as Record<string, Record<string, unknown> | undefined>;
  for (const priority of SLA_PRIORITIES) {
    for (const kind of ['respond_minutes', 'resolve_minutes'] as const) {
      if (!isTarget(targets[priority]?.[kind] ?? null)) errors[`targets.${priority}.${kind}`] = SLA_MESSAGES.target;
    }
  }
  const warn = input.warn_percent;
  if (!(typeof warn === 'number' && Number.isInteger(warn) && warn >= WARN_PERCENT.min && warn <= WARN_PERCENT.max)) errors.warn_percent = SLA_MESSAGES.warn_percent;
  return errors;
}

/** One running total of working time per policy object (businessTime.ts). */
const timelines = new WeakMap<SlaPolicy, ReturnType<typeof createBusinessTime>>();

function timelineOf(policy: SlaPolicy) {
  let timeline = timelines.get(policy);
  if (!timeline) {
    // The week as businessTime.ts reads it: 0 = Sunday.
    const week = [6, 0, 1, 2, 3, 4, 5].map((i) =>
      (policy.week[WEEKDAYS[i]!] ?? []).map(([start, end]) => [timeMinutes(start), timeMinutes(end)] as const).sort((a, b) => a[0] - b[0]),
    );
    timeline = createBusinessTime({ timeZone: policy.timezone, week, holidays: new Set(policy.holidays) });
    timelines.set(policy, timeline);
  }
  return timeline;
}

const hasHours = (policy: SlaPolicy) => WEEKDAYS.some((day) => (policy.week[day] ?? []).length > 0);

/**
 * The instant `minutes` of working time after `from`: time counts only inside the week's hours,
 * in the policy's zone, minus holidays. Raised outside hours, the clock starts at the next
 * opening. An Invalid Date when the policy has no working time within three years.
 */
export function addBusinessMinutes(policy: SlaPolicy, from: Date, minutes: number): Date {
  if (!hasHours(policy) || Number.isNaN(from.getTime())) return new Date(NaN);
  return new Date(timelineOf(policy).add(from.getTime(), minutes * MINUTE_MS, MAX_SEARCH_DAYS));
}

/** Whole minutes of working time between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(policy: SlaPolicy, from: Date, to: Date): number {
  if (!hasHours(policy) || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return 0;
  return Math.floor(timelineOf(policy).between(from.getTime(), to.getTime()) / MINUTE_MS);
}

/** "40 min", "2 h", "3 d": the coarsest unit that is at least one. */
export function slaDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / MINUTE_MS));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}

/** The deadline that counts now: responding until someone took the ticket, then resolving. */
export function activeDeadline(sla: TicketSla): string | null {
  return sla.responded_at === null && sla.respond_by !== null ? sla.respond_by : sla.resolve_by;
}

export interface SlaView {
  /** The state as of `now`: a deadline passed since the answer was made counts as breached. */
  state: SlaState;
  /** "Due in 2 h", "Due soon: 40 min", "Breached 3 h ago", "Met"; '' for none. */
  text: string;
}

/** How a ticket's service level reads at `now`. */
export function slaView(sla: TicketSla | null | undefined, now: Date): SlaView {
  if (!sla || sla.state === 'none') return { state: 'none', text: '' };
  if (sla.state === 'met') return { state: 'met', text: 'Met' };
  const deadline = activeDeadline(sla);
  const left = deadline ? new Date(deadline).getTime() - now.getTime() : NaN;
  if (Number.isNaN(left)) return { state: sla.state, text: sla.state === 'breached' ? 'Breached' : '' };
  if (left <= 0) return { state: 'breached', text: `Breached ${slaDuration(left)} ago` };
  if (sla.state === 'breached') {
    // Still running, yet breached: the response came late (or this clock is behind the server's).
    const since = sla.respond_by ? now.getTime() - new Date(sla.respond_by).getTime() : NaN;
    return { state: 'breached', text: since > 0 ? `Breached ${slaDuration(since)} ago` : 'Breached' };
  }
  if (sla.state === 'due_soon') return { state: 'due_soon', text: `Due soon: ${slaDuration(left)}` };
  return { state: 'on_track', text: `Due in ${slaDuration(left)}` };
}

/** slaView's words alone. */
export const slaLabel = (sla: TicketSla | null | undefined, now: Date): string => slaView(sla, now).text;

/**
 * The manual due date (docs/product.md#due-date) shown the same way: "Overdue Mar 1, 2020" as
 * breached, "Due Jan 15, 2027" as on track; nothing once the ticket is closed, when it is no
 * longer pending.
 */
export function dueDateView(ticket: { due_date: string | null; status: Status }, now: Date): SlaView | null {
  if (!ticket.due_date || ticket.status === 'closed') return null;
  const day = formatDueDate(ticket.due_date);
  return isOverdue(ticket, now) ? { state: 'breached', text: `Overdue ${day}` } : { state: 'on_track', text: `Due ${day}` };
}
