/**
 * Working time as a running total (docs/design.md#service-levels): for a run of calendar days in a
 * zone, each day's working spans as instants and the working time before each day, so "this much
 * working time after that instant" is two binary searches instead of a walk day by day. A recompute
 * asks it 400,000 times over the same few hundred days; each day is worked out with `Intl` once.
 */
import { isoDay, wallTime, zonedInstant } from './zonedTime.ts';

const DAY_MS = 86_400_000;
/** Days added around the first day asked for, and the least a window grows by. */
const MARGIN_DAYS = 62;

type Span = readonly [start: number, end: number];

export interface WorkWeek {
  timeZone: string;
  /** Per weekday, 0 = Sunday: spans as minutes of the day, in order, not overlapping; 1440 is the next midnight. */
  week: readonly (readonly (readonly [number, number])[])[];
  holidays: ReadonlySet<string>;
}

/** A calendar day as days since 1970-01-01 (the zone's date, counted as UTC dates are). */
const dayNumber = (instant: Date, timeZone: string) => {
  const wall = wallTime(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
};

export function createBusinessTime(work: WorkWeek) {
  const midnights = new Map<number, number>();
  const daySpans = new Map<number, readonly Span[]>();
  // The window: days first … first + spans.length - 1; starts has one more (the end of the last day).
  let first = 0;
  let starts: number[] = [];
  let spans: (readonly Span[])[] = [];
  /** Working ms before each day of the window, and after its last (length: days + 1). */
  let before: number[] = [];

  function midnight(day: number): number {
    let at = midnights.get(day);
    if (at === undefined) {
      const date = new Date(day * DAY_MS);
      at = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 0, work.timeZone).getTime();
      midnights.set(day, at);
    }
    return at;
  }

  function spansOf(day: number): readonly Span[] {
    let found = daySpans.get(day);
    if (found) return found;
    const date = new Date(day * DAY_MS);
    const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const hours = work.holidays.has(isoDay({ year, month, day: dayOfMonth })) ? [] : work.week[date.getUTCDay()] ?? [];
    found = hours
      .map(([start, end]) => [zonedInstant(year, month, dayOfMonth, start, work.timeZone).getTime(), zonedInstant(year, month, dayOfMonth, end, work.timeZone).getTime()] as const)
      // An hour the clocks skip (02:00–03:00 on the spring change) has no length.
      .filter(([start, end]) => end > start);
    daySpans.set(day, found);
    return found;
  }

  /** Makes the window hold days from … to (growing it at least by MARGIN_DAYS, so growing is rare). */
  function cover(from: number, to: number): void {
    const last = first + spans.length - 1;
    if (spans.length > 0 && from >= first && to <= last) return;
    const size = Math.max(spans.length, MARGIN_DAYS);
    const newFirst = spans.length === 0 ? from - MARGIN_DAYS : Math.min(first, from < first ? Math.min(from, first - size) : first);
    const newLast = spans.length === 0 ? to + MARGIN_DAYS : Math.max(last, to > last ? Math.max(to, last + size) : last);
    first = newFirst;
    starts = [];
    spans = [];
    before = [0];
    for (let day = newFirst; day <= newLast; day++) {
      starts.push(midnight(day));
      const today = spansOf(day);
      spans.push(today);
      before.push(before.at(-1)! + today.reduce((sum, [start, end]) => sum + (end - start), 0));
    }
    starts.push(midnight(newLast + 1));
  }

  /** The window's index of the day holding `at`. */
  function indexOf(at: number): number {
    if (spans.length === 0 || at < starts[0]! || at >= starts.at(-1)!) {
      const day = dayNumber(new Date(at), work.timeZone);
      cover(day, day);
    }
    let low = 0;
    let high = spans.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Working ms from the window's first day to `at`. */
  function elapsed(index: number, at: number): number {
    let total = before[index]!;
    for (const [start, end] of spans[index]!) total += Math.max(0, Math.min(end, at) - start);
    return total;
  }

  return {
    /** The instant `ms` of working time after `from` (with none: the next working moment), or NaN past `maxDays`. */
    add(from: number, ms: number, maxDays: number): number {
      const startDay = first + indexOf(from);
      const target = elapsed(indexOf(from), from) + Math.max(ms, 0);
      // Grow ahead until working time passes the target, or give up past maxDays.
      while (before.at(-1)! <= target) {
        const last = first + spans.length - 1;
        if (last - startDay >= maxDays) return NaN;
        cover(last + 1, Math.min(startDay + maxDays, last + 1));
      }
      // The first day whose working time passes the target; a target at the very end of a day's
      // last span is that span's end (due at 17:00, not at the next opening).
      let low = indexOf(from);
      let high = spans.length - 1;
      const reached = (index: number) => (ms > 0 ? before[index + 1]! >= target : before[index + 1]! > target);
      while (low < high) {
        const middle = (low + high) >> 1;
        if (reached(middle)) high = middle;
        else low = middle + 1;
      }
      let left = target - before[low]!;
      for (const [start, end] of spans[low]!) {
        if (ms > 0 ? left <= end - start : left < end - start) return Math.max(start + left, from);
        left -= end - start;
      }
      return NaN;
    },

    /** Working ms between two instants (0 when `to` is not after `from`). */
    between(from: number, to: number): number {
      if (to <= from) return 0;
      indexOf(to);
      const start = indexOf(from);
      return elapsed(indexOf(to), to) - elapsed(start, from);
    },
  };
}
