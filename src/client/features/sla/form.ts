/**
 * The /admin/sla form's values (text, as typed) and the policy they stand for: the one place
 * that turns one into the other, reads a pasted holiday list and computes the preview.
 */
import { SLA_PRIORITIES, WEEKDAYS, addBusinessMinutes, isDay, validateSlaPolicy, type SlaPolicy, type SlaPriority, type Weekday } from '../../../shared/sla.ts';
import type { FieldErrors } from '../../../shared/validators.ts';

export interface SpanInput {
  start: string;
  end: string;
}
/** A target as hours and minutes; both empty is none. */
export interface DurationInput {
  hours: string;
  minutes: string;
}
export interface SlaForm {
  timezone: string;
  week: Record<Weekday, SpanInput[]>;
  holidays: string[];
  targets: Record<SlaPriority, { respond: DurationInput; resolve: DurationInput }>;
  warn_percent: string;
}

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const OFFICE_HOURS: SpanInput = { start: '09:00', end: '17:00' };
const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const DEFAULT_WARN_PERCENT = 80;
const HOUR = 60;
const WHOLE = /^\d{1,9}$/;

const noTarget = (): DurationInput => ({ hours: '', minutes: '' });

function durationInput(minutes: number | null): DurationInput {
  if (minutes === null) return noTarget();
  return { hours: String(Math.floor(minutes / HOUR)), minutes: String(minutes % HOUR) };
}

/** The form for a stored policy, or a starting point (Monday to Friday, 9 to 5, here) when there is none. */
export function formFromPolicy(policy: SlaPolicy | null, browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone): SlaForm {
  return {
    timezone: policy?.timezone ?? browserZone,
    week: Object.fromEntries(
      WEEKDAYS.map((day) => [day, policy ? policy.week[day].map(([start, end]) => ({ start, end })) : WORKDAYS.includes(day) ? [{ ...OFFICE_HOURS }] : []]),
    ) as SlaForm['week'],
    holidays: policy?.holidays ?? [],
    targets: Object.fromEntries(
      SLA_PRIORITIES.map((p) => [p, { respond: durationInput(policy?.targets[p].respond_minutes ?? null), resolve: durationInput(policy?.targets[p].resolve_minutes ?? null) }]),
    ) as SlaForm['targets'],
    warn_percent: String(policy?.warn_percent ?? DEFAULT_WARN_PERCENT),
  };
}

/** Minutes, null for none, NaN (refused by the rules) for anything that is not whole numbers. */
export function durationMinutes({ hours, minutes }: DurationInput): number | null {
  const h = hours.trim();
  const m = minutes.trim();
  if (h === '' && m === '') return null;
  if ((h !== '' && !WHOLE.test(h)) || (m !== '' && !WHOLE.test(m))) return NaN;
  return Number(h || 0) * HOUR + Number(m || 0);
}

/** The policy the form stands for, as PUT /api/sla takes it. */
export function policyFromForm(form: SlaForm): SlaPolicy {
  const warn = form.warn_percent.trim();
  return {
    timezone: form.timezone,
    week: Object.fromEntries(WEEKDAYS.map((day) => [day, form.week[day].map((span) => [span.start.trim(), span.end.trim()])])) as SlaPolicy['week'],
    holidays: form.holidays,
    targets: Object.fromEntries(
      SLA_PRIORITIES.map((p) => [p, { respond_minutes: durationMinutes(form.targets[p].respond), resolve_minutes: durationMinutes(form.targets[p].resolve) }]),
    ) as SlaPolicy['targets'],
    warn_percent: WHOLE.test(warn) ? Number(warn) : NaN,
  };
}

/** The shared 422 rules, on the form's values. */
export const validateSlaForm = (form: SlaForm): FieldErrors => validateSlaPolicy(policyFromForm(form)).errors;

export interface HolidayImport {
  /** The holidays after the import: the old and the new, sorted, each once. */
  holidays: string[];
  added: number;
  /** Lines that are not a date, with their line number (from 1). */
  bad: { line: number; text: string }[];
}

/** Reads a pasted list, one YYYY-MM-DD a line; blank lines are skipped, anything else is reported. */
export function importHolidays(text: string, existing: readonly string[]): HolidayImport {
  const found: string[] = [];
  const bad: HolidayImport['bad'] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    if (isDay(line)) found.push(line);
    else bad.push({ line: i + 1, text: line });
  });
  const holidays = [...new Set([...existing, ...found])].sort();
  return { holidays, added: holidays.length - new Set(existing).size, bad };
}

export interface Preview {
  respondBy: Date | null;
  resolveBy: Date | null;
}

/** When a ticket of this priority raised at `now` must be taken and closed; undefined while the form cannot say. */
export function previewFor(form: SlaForm, priority: SlaPriority, now: Date): Preview | undefined {
  const policy = policyFromForm(form);
  const errors = validateSlaPolicy(policy).errors;
  const blocking = Object.keys(errors).some((field) => field === 'timezone' || field.startsWith('week.') || field === 'holidays' || field.startsWith(`targets.${priority}.`));
  if (blocking) return undefined;
  const due = (minutes: number | null) => (minutes === null ? null : addBusinessMinutes(policy, now, minutes));
  return { respondBy: due(policy.targets[priority].respond_minutes), resolveBy: due(policy.targets[priority].resolve_minutes) };
}

/** "Tue 14:30" within the coming week, "Tue, Dec 1 14:30" beyond it: on the policy's clock. */
export function formatInZone(date: Date, timeZone: string, now: Date): string {
  if (Number.isNaN(date.getTime())) return 'never (no working hours)';
  const withinWeek = date.getTime() - now.getTime() < 6 * 24 * HOUR * 60_000;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(withinWeek ? {} : { month: 'short', day: 'numeric' }),
  });
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  const day = withinWeek ? parts.weekday : `${parts.weekday}, ${parts.month} ${parts.day}`;
  return `${day} ${parts.hour}:${parts.minute}`;
}
