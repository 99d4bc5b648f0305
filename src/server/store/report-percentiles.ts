/**
 * The reports' percentiles and medians from migration 20's histograms (db/report-histograms.ts):
 * the bucket counts of the range's blocks of days say which bucket a rank falls in, and only that
 * bucket's values are read. The interpolation is SQLite's percentile_cont, step for step, over the
 * same values, so the answer is the full scan's to the last bit (tests/server/report-rollups.test.ts).
 */
import type { ReportGroup } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';
import { ASSIGN_COUNTED, HISTOGRAM_SPANS } from '../db/report-histograms.ts';

/** Each grouping's key column in report_closes. */
const CLOSE_KEY: Record<ReportGroup, string> = {
  app: 'app',
  category: 'category_id',
  service: 'service_id',
  priority: 'priority',
  developer: 'developer_key',
};
const DAY_MS = 86_400_000;
/** The Julian day number of 1970-01-01, as CAST(julianday(day) AS INTEGER) gives it. */
const JULIAN_EPOCH_DAY = 2_440_587;

type Bounds = { start: string; end: string };
/** Bucket → how many values, ascending by bucket. */
export type Histogram = Array<[bucket: number, n: number]>;

const julianDay = (date: string) => JULIAN_EPOCH_DAY + Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** The range [start, end) as the fewest whole blocks, as [span, first day] pairs (JSON for json_each). */
export function blocksOf(bounds: Bounds): string {
  const blocks: Array<[number, number]> = [];
  const end = julianDay(bounds.end);
  for (let day = julianDay(bounds.start); day < end; ) {
    const span = HISTOGRAM_SPANS.find((size) => day % size === 0 && day + size <= end)!;
    blocks.push([span, day]);
    day += span;
  }
  return JSON.stringify(blocks);
}

/** The value of rank `rank` (0 first), reading only the bucket it falls in. */
function valueAt(histogram: Histogram, rank: number, valuesOf: (bucket: number) => number[]): number {
  let before = 0;
  for (const [bucket, n] of histogram) {
    if (rank < before + n) return valuesOf(bucket)[rank - before]!;
    before += n;
  }
  throw new Error(`rank ${rank} past the histogram's ${before} values`);
}

/** SQLite's percentile_cont(value, fraction) over the histogram's values (percentCompute in its percentile.c). */
export function percentileOf(histogram: Histogram, fraction: number, valuesOf: (bucket: number) => number[]): number | null {
  const count = histogram.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return null;
  const ix = fraction * (count - 1);
  const i1 = Math.trunc(ix);
  const v1 = valueAt(histogram, i1, valuesOf);
  if (ix === i1 || i1 === count - 1) return v1;
  const v2 = valueAt(histogram, i1 + 1, valuesOf);
  return v1 + (v2 - v1) * (ix - i1);
}

/** Adds n to a bucket's count (sorted() puts the buckets in order). */
function add(counts: Map<number, number>, bucket: number, n: number) {
  counts.set(bucket, (counts.get(bucket) ?? 0) + n);
}
const sorted = (counts: Map<number, number>): Histogram => [...counts].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
const ascending = (values: number[]) => values.sort((a, b) => a - b);

export function createReportPercentiles(db: Db) {
  const arrays = (sql: string) => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  const closeCounts = arrays(`SELECT h.key, h.bucket, sum(h.n) FROM json_each($blocks) j CROSS JOIN report_close_hours h
    WHERE h.grp = $group AND h.span = j.value ->> 0 AND h.block = j.value ->> 1 GROUP BY h.key, h.bucket`);
  const closeValues = Object.fromEntries(
    Object.entries(CLOSE_KEY).map(([group, column]) => [
      group,
      arrays(`SELECT hours FROM report_closes INDEXED BY report_closes_${group}_bucket
        WHERE bucket = $bucket AND ${column} = $key AND closed_at >= $start AND closed_at < $end`),
    ]),
  ) as Record<ReportGroup, ReturnType<Db['prepare']>>;
  const assignCounts = arrays(`SELECT h.bucket, sum(h.n) FROM json_each($blocks) j CROSS JOIN report_assign_hours h
    WHERE h.span = j.value ->> 0 AND h.block = j.value ->> 1 GROUP BY h.bucket`);
  const assignValues = arrays(`SELECT hours FROM report_assigns INDEXED BY report_assigns_bucket
    WHERE bucket = $bucket AND created_at >= $start AND created_at < $end AND ${ASSIGN_COUNTED('')}`);
  // Not in the histogram: usually none.
  const assignUncounted = arrays(`SELECT bucket, hours FROM report_assigns INDEXED BY report_assigns_uncounted
    WHERE NOT (${ASSIGN_COUNTED('')}) AND created_at >= $start AND created_at < $end AND first_at >= $start`);

  return {
    /** p50 and p90 of the hours from creation to first assignment, of the tickets created in the range. */
    timeToAssign(bounds: Bounds): [number | null, number | null] {
      const counts = new Map<number, number>();
      for (const [bucket, n] of assignCounts.all({ blocks: blocksOf(bounds) }) as unknown as Array<[number, number]>) add(counts, bucket, n);
      const uncounted = assignUncounted.all(bounds) as unknown as Array<[number, number]>;
      for (const [bucket] of uncounted) add(counts, bucket, 1);
      const histogram = sorted(counts);
      const cache = new Map<number, number[]>();
      const valuesOf = (bucket: number) => {
        let values = cache.get(bucket);
        if (!values) {
          values = (assignValues.all({ bucket, ...bounds }) as unknown as Array<[number]>).map(([hours]) => hours);
          for (const [other, hours] of uncounted) if (other === bucket) values.push(hours);
          cache.set(bucket, ascending(values));
        }
        return values;
      };
      return [percentileOf(histogram, 0.5, valuesOf), percentileOf(histogram, 0.9, valuesOf)];
    },

    /** Closes in the range: how many and the median hours per key, and p50 and p90 of them all. */
    timeToClose(group: ReportGroup, bounds: Bounds) {
      const perKey = new Map<string, { key: unknown; counts: Map<number, number> }>();
      const all = new Map<number, number>();
      for (const [key, bucket, n] of closeCounts.all({ blocks: blocksOf(bounds), group }) as unknown as Array<[unknown, number, number]>) {
        const name = String(key);
        if (!perKey.has(name)) perKey.set(name, { key, counts: new Map() });
        add(perKey.get(name)!.counts, bucket, n);
        add(all, bucket, n);
      }
      // Sorted values by key and bucket: a key's median and the overall percentiles may share a bucket.
      const read = new Map<string, number[]>();
      const keyValues = (key: unknown, bucket: number) => {
        const id = `${bucket} ${String(key)}`;
        if (!read.has(id)) read.set(id, ascending((closeValues[group].all({ bucket, key: key as string, ...bounds }) as unknown as Array<[number]>).map(([hours]) => hours)));
        return read.get(id)!;
      };
      const keys = [...perKey.values()].flatMap(({ key, counts }) => {
        const histogram = sorted(counts);
        const closed = histogram.reduce((sum, [, n]) => sum + n, 0);
        return closed === 0 ? [] : [{ key, closed, median: percentileOf(histogram, 0.5, (bucket) => keyValues(key, bucket)) }];
      });
      const overall = sorted(all);
      const values = new Map<number, number[]>();
      const valuesOf = (bucket: number) => {
        if (!values.has(bucket)) values.set(bucket, ascending([...perKey.values()].flatMap(({ key, counts }) => (counts.get(bucket) ? keyValues(key, bucket) : []))));
        return values.get(bucket)!;
      };
      return { keys, p50: percentileOf(overall, 0.5, valuesOf), p90: percentileOf(overall, 0.9, valuesOf) };
    },
  };
}
