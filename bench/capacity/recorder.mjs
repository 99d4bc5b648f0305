/** Latencies by kind, the fan-out's, and errors by kind, for one step of the capacity bench. */

export const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

export function createRecorder() {
  const latencies = new Map();
  const fanOut = [];
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
      let list = latencies.get(kind);
      if (!list) latencies.set(kind, (list = []));
      list.push(ms);
    },
    fanOut(ms) {
      if (recording) fanOut.push(ms);
    },
    error(kind) {
      // Refusals and resets count even outside the window: they are what the step is about.
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
    },
    /** {kind: {n, p50, p95, p99}}, with 'all actions' (refetches apart) and 'all refetches'. */
    summary(seconds) {
      const sum = (list) => {
        const sorted = Float64Array.from(list).sort();
        return { n: sorted.length, perSecond: sorted.length / seconds, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) };
      };
      const kinds = Object.fromEntries([...latencies].sort(([a], [b]) => a.localeCompare(b)).map(([kind, list]) => [kind, sum(list)]));
      const actions = [...latencies].filter(([kind]) => !kind.startsWith('refetch')).flatMap(([, list]) => list);
      const refetches = [...latencies].filter(([kind]) => kind.startsWith('refetch')).flatMap(([, list]) => list);
      return { kinds, actions: sum(actions), refetches: sum(refetches), fanOut: sum(fanOut), errors: Object.fromEntries(errors) };
    },
  };
}
