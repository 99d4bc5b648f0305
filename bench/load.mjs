/**
 * The load generator: closed-loop keep-alive connections spread over several processes
 * (load-worker.mjs), so the generator is not the bottleneck of one event loop. Throughput is
 * summed and latency samples merged across processes. Each measurement warms up, then repeats
 * and reports the median run (design.md#benchmarks).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const LOAD_PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
export const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
export const RUN_MS = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
export const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;

const WORKER = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

export const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The q-quantile of sorted samples. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

export function summarize(latencies, seconds, extra = {}) {
  const sorted = Float64Array.from(latencies).sort();
  return { requests: sorted.length, rps: sorted.length / seconds, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0, ...extra };
}

export class LoadGenerator {
  /** @param {number} [processes] */
  constructor(processes = LOAD_PROCESSES) {
    this.size = processes;
    this.workers = [];
    this.listIds = new WeakMap();
  }

  async start() {
    this.workers = await Promise.all(
      Array.from({ length: this.size }, () => new Promise((resolve, reject) => {
        const child = fork(WORKER, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        child.once('message', () => resolve(child));
        child.once('error', reject);
      })),
    );
    return this;
  }

  /**
   * One timed run; warmupMs first (not recorded) on the same connections. `targets` are paths,
   * or {method, path, body, headers}; `headers` go with every request.
   */
  async once({ base, targets, headers = {}, connections, durationMs = RUN_MS, warmupMs = 0 }) {
    let listId = this.listIds.get(targets);
    const fresh = listId === undefined;
    if (fresh) this.listIds.set(targets, (listId = this.listIds.size + 1));
    const used = this.workers.slice(0, Math.min(this.workers.length, connections));
    const share = (i) => Math.floor(connections / used.length) + (i < connections % used.length ? 1 : 0);
    const results = await Promise.all(
      used.map((child, i) => new Promise((resolve) => {
        child.once('message', (message) => resolve(message.result));
        child.send({ type: 'run', base, listId, list: fresh || !child.lists?.has(listId) ? targets : undefined, headers, connections: share(i), warmupMs, durationMs, offset: i, stride: used.length });
        (child.lists ??= new Set()).add(listId);
      })),
    );
    const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
    let at = 0;
    for (const r of results) {
      latencies.set(r.latencies, at);
      at += r.latencies.length;
    }
    const statuses = {};
    for (const r of results) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    return summarize(latencies, durationMs / 1000, {
      errors: results.reduce((n, r) => n + r.errors, 0),
      bytesPerAnswer: Math.round(results.reduce((n, r) => n + r.bytes, 0) / Math.max(1, latencies.length)),
      statuses,
    });
  }

  /**
   * Warm up, then `runs` runs; the figure is the median of each measure over the runs.
   * @param {{base: string, targets: Array<string | {path: string, method?: string, body?: string}>, headers?: object, connections: number, runs?: number, durationMs?: number, warmupMs?: number}} options
   */
  async measure({ runs = RUNS, warmupMs = WARMUP_MS, ...options }) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await this.once({ ...options, warmupMs: i === 0 ? warmupMs : 0 }));
    return aggregate(all);
  }

  /**
   * `options` beside `baseline`, alternated run by run (baseline, then options, `runs` times,
   * after warming both), so drift on a shared machine hits both alike; the ratio is the median
   * of the runs' ratios.
   */
  async compare(options, baseline, { runs = RUNS, warmupMs = WARMUP_MS } = {}) {
    await this.once({ ...baseline, durationMs: warmupMs });
    await this.once({ ...options, durationMs: warmupMs });
    const mine = [];
    const theirs = [];
    for (let i = 0; i < runs; i++) {
      theirs.push(await this.once(baseline));
      mine.push(await this.once(options));
    }
    return { ...aggregate(mine), baseline: aggregate(theirs), ratio: median(mine.map((r, i) => r.rps / theirs[i].rps)) };
  }

  async close() {
    for (const child of this.workers) child.send({ type: 'close' });
    this.workers = [];
  }
}

const round = (x) => Math.round(x * 100) / 100;

/** The median of each figure over runs. */
export function aggregate(all) {
  const pick = (key) => median(all.map((r) => r[key]));
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: all.reduce((n, r) => n + r.errors, 0),
    bytesPerAnswer: pick('bytesPerAnswer'),
    runs: all.map(({ rps, p50, p99, errors }) => ({ rps: Math.round(rps), p50: round(p50), p99: round(p99), errors })),
  };
}

/** Back-compat helper: one warmed-up median measurement with a throwaway generator. */
export async function load({ url, headers = {}, connections = 50, durationMs = RUN_MS }) {
  const u = new URL(url);
  const generator = await new LoadGenerator().start();
  try {
    return await generator.measure({ base: u.origin, targets: [u.pathname + u.search], headers, connections, durationMs });
  } finally {
    await generator.close();
  }
}
