/** How the report's figures read: UTC days in the browser's language, durations in their figure's one unit. */
import { dayStart, DURATION_UNIT_LABELS, durationUnit, inUnit, type DurationUnit } from '../../../shared/report.ts';

const UNKNOWN = '–';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayLabel = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const localTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** 'Mar 3': the UTC day itself, whatever the browser's zone, so a day never shows as its neighbour. */
export const shortDay = (date: string) => dayLabel.format(dayStart(date));
export const longDay = (date: string) => longDayLabel.format(dayStart(date));

/** 'Days are UTC days: each starts at 01:00 your time.' */
export function utcDayNote(date: string): string {
  return `Days are counted in UTC: each starts at ${localTime.format(dayStart(date))} your time.`;
}

/** '5.5 h' or '3.2 days' in the unit its figure chose (durationUnit), or '–' when nothing was measured. */
export function hoursText(hours: number | null, unit: DurationUnit): string {
  if (hours === null) return UNKNOWN;
  return `${inUnit(hours, unit).toFixed(1)} ${DURATION_UNIT_LABELS[unit]}`;
}

/** A table column of durations: its header names the one unit its largest value chose; its cells are in that unit. */
export function durationColumn(name: string, hours: ReadonlyArray<number | null>): { header: string; cells: (number | null)[] } {
  const unit = durationUnit(hours);
  return { header: `${name} (${DURATION_UNIT_LABELS[unit]})`, cells: hours.map((h) => (h === null ? null : inUnit(h, unit))) };
}
