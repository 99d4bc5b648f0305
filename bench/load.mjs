/** A tiny closed-loop load generator: N keep-alive connections, each firing requests back to back. */
import http from 'node:http';

/**
 * @param {object} options
 * @param {string} options.url
 * @param {Record<string, string>} [options.headers]
 * @param {number} [options.connections] @default 50
 * @param {number} [options.durationMs] @default 5000
 */
export async function load({ url, headers = {}, connections = 50, durationMs = 5000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();

  const once = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== 200 && res.statusCode !== 304) errors++;
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });

  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pick(0.5), p99: pick(0.99), errors };
}
