/** One HTTP request over a keep-alive agent, body drained and counted, no decompression. */
import http from 'node:http';

/**
 * @param {http.Agent} agent
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {{method?: string, path: string, headers?: Record<string, string>, body?: string}} target
 * @returns {Promise<{status: number, bytes: number, headers: http.IncomingHttpHeaders, body?: Buffer}>}
 */
export function request(agent, base, target, { keepBody = false } = {}) {
  return new Promise((resolve) => {
    const req = http.request(base + target.path, { agent, method: target.method ?? 'GET', headers: target.headers }, (res) => {
      let bytes = 0;
      const chunks = keepBody ? [] : undefined;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks?.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, headers: res.headers, body: chunks && Buffer.concat(chunks) }));
      res.on('error', () => resolve({ status: 0, bytes, headers: {} }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, headers: {} }));
    req.end(target.body);
  });
}
