/**
 * Wall-clock time in a named time zone with `Intl` only (docs/design.md#service-levels): no
 * time-zone package, so the zone rules are the runtime's own (the same in Node and the browser).
 */

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** A calendar day and a time of day as a wall clock in some zone shows them. */
export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** Minutes since midnight, 0–1439. */
  minutes: number;
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.trim() === '') return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** What a wall clock in `timeZone` shows at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, minutes: parts.hour! * 60 + parts.minute! };
}

/** The zone's offset from UTC at `instant`, in minutes (Berlin in winter: 60). */
function offsetMinutes(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minutes);
  return Math.round((asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The instant a wall clock in `timeZone` shows this day and time. `minutes` may be 1440 (24:00,
 * the next midnight). A time shown twice (clocks going back) maps to its first showing; a time
 * skipped (clocks going forward) moves forward by the gap, 02:30 becoming 03:30, as Temporal's
 * 'compatible' does.
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const before = offsetMinutes(asUtc - 14 * 60 * MINUTE_MS, timeZone);
  const after = offsetMinutes(asUtc + 14 * 60 * MINUTE_MS, timeZone);
  for (const offset of [before, after]) {
    const candidate = asUtc - offset * MINUTE_MS;
    if (offsetMinutes(candidate, timeZone) === offset) return new Date(candidate);
  }
  // Inside a gap: neither offset reproduces the wall time.
  return new Date(asUtc - before * MINUTE_MS);
}

/** The calendar day after `year-month-day` (plain calendar arithmetic, no zone). */
export function nextDay({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>): Pick<WallTime, 'year' | 'month' | 'day'> {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, for a calendar day. */
export const weekdayOf = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a calendar day. */
export const isoDay = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>) => `${year}-${pad(month)}-${pad(day)}`;
