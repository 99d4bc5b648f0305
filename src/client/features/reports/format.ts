/** How the report's figures read: UTC days in the browser's language, hours as hours or days. */
import { dayStart } from '../../../shared/report.ts';

/** Longer than this reads better in days. */
const HOURS_IN_DAYS_FROM = 48;
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

/** '12 min', '5.5 h', '3.2 days', or '–' when nothing was measured. */
export function hoursText(hours: number | null): string {
  if (hours === null) return UNKNOWN;
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < HOURS_IN_DAYS_FROM) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}
