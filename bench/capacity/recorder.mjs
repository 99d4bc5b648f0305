/**
 * Latencies by kind, the fan-out's, and errors by kind, for one step of the capacity bench: kept as
 * counts per 0.1 ms (exact to that), so the load generator's processes merge theirs (mergeRecords).
 */

/** Latencies are counted per this many ms. */
const BUCKET_MS = 0.1;

/** The value at quantile q of a histogram ([[bucket, count]] sorted by bucket), as the q·n-th sorted sample. */
export function quantile(sorted, n, q) {
  if (n === 0) return NaN;
  const rank = Math.min(n - 1, Math.floor(q * n));
  let seen = 0;
  for (const [bucket, count] of sorted) {
    seen += count;
    if (seen > rank) return bucket * BUCKET_MS;
  }
  return NaN;
}

const add = (histogram, ms, count = 1) => {
  const bucket = Math.max(0, Math.round(ms / BUCKET_MS));
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
};

export function createRecorder() {
  const latencies = new Map();
  const fanOut = new Map();
  const errors = new Map();
  let recording = false;
  return {
    start() {
      recording = true;
    },
    stop() {
      recording = false;
    },
    time(kind, ms) {
      if (!recording) return;
      let histogram = latencies.get(kind);
      if (!histogram) latencies.set(kind, (histogram = new Map()));
      add(histogram, ms);
    },
    fanOut(ms) {
      if (recording) add(fanOut, ms);
    },
    error(kind) {
      // Refusals and resets count even outside the window: they are what the step is about.
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
    },
    /** What this process recorded, as plain data for another process (structured clone). */
    record: () => ({ latencies: Object.fromEntries([...latencies].map(([kind, h]) => [kind, [...h]])), fanOut: [...fanOut], errors: Object.fromEntries(errors) }),
  };
}

/** Several processes' records as one summary: {kinds: {kind: {n, perSecond, p50, p95, p99}}, actions, refetches, fanOut, errors}. */
export function mergeRecords(records, seconds) {
  const kinds = new Map();
  const fanOut = new Map();
  const errors = {};
  for (const record of records) {
    for (const [kind, pairs] of Object.entries(record.latencies)) {
      if (!kinds.has(kind)) kinds.set(kind, new Map());
      for (const [bucket, count] of pairs) add(kinds.get(kind), bucket * BUCKET_MS, count);
    }
    for (const [bucket, count] of record.fanOut) add(fanOut, bucket * BUCKET_MS, count);
    for (const [kind, n] of Object.entries(record.errors)) errors[kind] = (errors[kind] ?? 0) + n;
  }
  const sum = (histograms) => {
    const all = new Map();
    for (const h of histograms) for (const [bucket, count] of h) all.set(bucket, (all.get(bucket) ?? 0) + count);
    const sorted = [...all].sort(([a], [b]) => a - b);
    const n = sorted.reduce((total, [, count]) => total + count, 0);
    return { n, perSecond: n / seconds, p50: quantile(sorted, n, 0.5), p95: quantile(sorted, n, 0.95), p99: quantile(sorted, n, 0.99) };
  };
  const named = [...kinds].sort(([a], [b]) => a.localeCompare(b));
  return {
    kinds: Object.fromEntries(named.map(([kind, h]) => [kind, sum([h])])),
    actions: sum(named.filter(([kind]) => !kind.startsWith('refetch')).map(([, h]) => h)),
    refetches: sum(named.filter(([kind]) => kind.startsWith('refetch')).map(([, h]) => h)),
    fanOut: sum([fanOut]),
    errors,
  };
}
