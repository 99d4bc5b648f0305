/**
 * One load-generator process (forked by load.mjs): `connections` keep-alive connections, each
 * firing its next request as soon as the previous answer is read (closed loop). Targets rotate,
 * this process taking every `stride`-th one from `offset`, so processes never repeat each other.
 */
import http from 'node:http';
import { request } from './http-client.mjs';

let agent;
let cursor = 0;
/** Target lists by id: each is sent once, then named. */
const lists = new Map();

async function run({ base, listId, list, headers, connections, warmupMs, durationMs, offset, stride }) {
  if (list) lists.set(listId, list);
  const targets = lists.get(listId);
  agent ??= new http.Agent({ keepAlive: true, maxSockets: connections });
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let bytes = 0;
  const statuses = {};
  const begin = performance.now();
  const measureFrom = begin + warmupMs;
  const deadline = measureFrom + durationMs;
  const next = () => targets[(offset + stride * cursor++) % targets.length];

  const connection = async () => {
    for (;;) {
      const t0 = performance.now();
      if (t0 >= deadline) return;
      const target = next();
      const answer = await request(agent, base, typeof target === 'string' ? { path: target, headers } : { headers, ...target });
      const t1 = performance.now();
      if (t0 < measureFrom || t1 > deadline) continue;
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = t1 - t0;
      bytes += answer.bytes;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (!(answer.status >= 200 && answer.status < 300) && answer.status !== 304) errors++;
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return { latencies: latencies.slice(0, count), errors, bytes, statuses, seconds: durationMs / 1000 };
}

process.on('message', async (message) => {
  if (message.type === 'run') process.send({ type: 'result', result: await run(message) });
  if (message.type === 'close') {
    agent?.destroy();
    process.disconnect();
  }
});
process.send({ type: 'ready' });
