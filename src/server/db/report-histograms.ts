/**
 * Migration 20: histograms of the hours behind the reports' percentiles and medians
 * (docs/design.md#report-rollups), kept by triggers on migration 18's report_closes and
 * report_assigns, so every path that moves those rows moves the counts too.
 *
 * Each row counts the values of one hour bucket over a block of days: blocks of 1, 4, 16 and 64
 * days (aligned on the Julian day number), so a 90-day range sums 6 to 15 blocks instead of 90
 * days (the larger blocks hold at most a row per key and bucket). Each close writes a row per
 * grouping and block size (20): the binary sizes 1, 2 … 64 read no faster at 1,000,000 tickets
 * and made the demo fill 60 % slower, these 26 %. A percentile then reads the bucket counts, finds the bucket its rank falls in and reads
 * only that bucket's values (store/report-percentiles.ts): the same values, so the same answer.
 *
 * A first assignment is counted under its ticket's creation day; the report also asks that the
 * assignment be on or after the range's first day, which holds for every assignment on or after
 * its ticket's creation day. The others (a creation date moved past them) are not counted here:
 * the report reads them one by one, through a partial index.
 */

/** Blocks of days counted together: a range is cut into the fewest whole blocks. */
export const HISTOGRAM_SPANS = [64, 16, 4, 1] as const;

/**
 * The bucket of a number of hours: never smaller for more hours (a percentile's rank walks the
 * buckets in order). Quarter hours to 2 days, hours to 2 weeks, days to a year, then weeks; all
 * negative hours (a creation date moved after the event) share one bucket.
 */
const BUCKET = (hours: string) => `CASE WHEN ${hours} < 0 THEN -1
    WHEN ${hours} < 48 THEN CAST(${hours} * 4 AS INTEGER)
    WHEN ${hours} < 336 THEN 192 + CAST(${hours} - 48 AS INTEGER)
    WHEN ${hours} < 8760 THEN 480 + CAST((${hours} - 336) / 24 AS INTEGER)
    ELSE 831 + CAST((${hours} - 8760) / 168 AS INTEGER) END`;
/** The Julian day number of a timestamp's UTC day (0 for a malformed one: a write never fails on it). */
const JULIAN_DAY = (timestamp: string) => `coalesce(CAST(julianday(substr(${timestamp}, 1, 10)) AS INTEGER), 0)`;
/** A first assignment the histogram counts (see above). */
export const ASSIGN_COUNTED = (row: string) => `substr(${row}first_at, 1, 10) >= substr(${row}created_at, 1, 10)`;

// Named columns of UNION ALL, not VALUES: a trigger's VALUES rows cannot name new.* (no such column: g.key).
const SPANS = `(${HISTOGRAM_SPANS.map((span) => `SELECT ${span} AS span`).join(' UNION ALL ')}) s`;
/** Each grouping of the report and its key column in report_closes. */
const GROUP_COLUMNS = { app: 'app', category: 'category_id', service: 'service_id', priority: 'priority', developer: 'developer_key' };
const GROUP_KEYS = (row: string) => `(${Object.entries(GROUP_COLUMNS).map(([group, column]) => `SELECT '${group}' AS grp, ${row}.${column} AS key`).join(' UNION ALL ')}) g`;
const BLOCK = (day: string) => `${day} / s.span * s.span`;

const closeRows = (row: 'new' | 'old') =>
  `SELECT g.grp, s.span, ${BLOCK(JULIAN_DAY(`${row}.closed_at`))}, g.key, ${row}.bucket FROM ${GROUP_KEYS(row)} CROSS JOIN ${SPANS}`;
const addClose = (row: 'new' | 'old') =>
  `INSERT INTO report_close_hours SELECT *, 1 FROM (${closeRows(row)}) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;`;
const takeClose = (row: 'new' | 'old') => `UPDATE report_close_hours SET n = n - 1 WHERE (grp, span, block, key, bucket) IN (${closeRows(row)});`;

const assignRows = (row: 'new' | 'old') => `SELECT s.span, ${BLOCK(JULIAN_DAY(`${row}.created_at`))}, ${row}.bucket FROM ${SPANS} WHERE ${ASSIGN_COUNTED(`${row}.`)}`;
const addAssign = (row: 'new' | 'old') => `INSERT INTO report_assign_hours SELECT *, 1 FROM (${assignRows(row)}) WHERE true ON CONFLICT DO UPDATE SET n = n + 1;`;
const takeAssign = (row: 'new' | 'old') => `UPDATE report_assign_hours SET n = n - 1 WHERE (span, block, bucket) IN (${assignRows(row)});`;

const CLOSE_COLUMNS = ['hours', 'app', 'category_id', 'service_id', 'priority', 'developer_key', 'closed_at'];

export const REPORT_HISTOGRAMS_MIGRATION = `
  ALTER TABLE report_closes ADD COLUMN bucket INTEGER GENERATED ALWAYS AS (${BUCKET('hours')}) VIRTUAL;
  ALTER TABLE report_assigns ADD COLUMN bucket INTEGER GENERATED ALWAYS AS (${BUCKET('hours')}) VIRTUAL;
  ${Object.entries(GROUP_COLUMNS)
    .map(([group, column]) => `CREATE INDEX report_closes_${group}_bucket ON report_closes (bucket, ${column}, closed_at, hours);`)
    .join('\n  ')}
  CREATE INDEX report_assigns_bucket ON report_assigns (bucket, created_at, first_at, hours);
  CREATE INDEX report_assigns_uncounted ON report_assigns (created_at, first_at, hours, bucket) WHERE NOT (${ASSIGN_COUNTED('')});

  CREATE TABLE report_close_hours (
    grp    TEXT NOT NULL,
    span   INTEGER NOT NULL,
    block  INTEGER NOT NULL,
    key    ANY NOT NULL,
    bucket INTEGER NOT NULL,
    n      INTEGER NOT NULL,
    PRIMARY KEY (grp, span, block, key, bucket)
  ) WITHOUT ROWID;
  CREATE TABLE report_assign_hours (
    span   INTEGER NOT NULL,
    block  INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    n      INTEGER NOT NULL,
    PRIMARY KEY (span, block, bucket)
  ) WITHOUT ROWID;

  ${Object.entries(GROUP_COLUMNS)
    .map(([group, column]) => `INSERT INTO report_close_hours SELECT '${group}', s.span, ${BLOCK(JULIAN_DAY('c.closed_at'))}, c.${column}, c.bucket, count(*)
    FROM report_closes c CROSS JOIN ${SPANS} GROUP BY 2, 3, 4, 5;`)
    .join('\n  ')}
  INSERT INTO report_assign_hours SELECT s.span, ${BLOCK(JULIAN_DAY('a.created_at'))}, a.bucket, count(*)
    FROM report_assigns a CROSS JOIN ${SPANS} WHERE ${ASSIGN_COUNTED('a.')} GROUP BY 1, 2, 3;

  CREATE TRIGGER report_close_hours_ai AFTER INSERT ON report_closes BEGIN
    ${addClose('new')}
  END;
  CREATE TRIGGER report_close_hours_ad AFTER DELETE ON report_closes BEGIN
    ${takeClose('old')}
  END;
  CREATE TRIGGER report_close_hours_au AFTER UPDATE OF ${CLOSE_COLUMNS.join(', ')} ON report_closes BEGIN
    ${takeClose('old')}
    ${addClose('new')}
  END;
  CREATE TRIGGER report_assign_hours_ai AFTER INSERT ON report_assigns BEGIN
    ${addAssign('new')}
  END;
  CREATE TRIGGER report_assign_hours_ad AFTER DELETE ON report_assigns BEGIN
    ${takeAssign('old')}
  END;
  CREATE TRIGGER report_assign_hours_au AFTER UPDATE OF created_at, first_at, hours ON report_assigns BEGIN
    ${takeAssign('old')}
    ${addAssign('new')}
  END;
`;
