/** One HTTP call over an agent's keep-alive sockets: {status, body?} or {error: code}. Never retried, like a browser's POST. */
import http from 'node:http';

const TIMEOUT_MS = 30_000;

export function call(agent, base, { method = 'GET', path, token, json, keepBody = false }) {
  return new Promise((resolve) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', ...(body && { 'content-type': 'application/json' }) };
    const req = http.request(base + path, { agent, method, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks = keepBody ? [] : undefined;
      res.on('data', (chunk) => chunks?.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks && Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ error: error.code ?? 'response error' }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout (30 s)' })));
    // Whether the socket was a kept-alive one says whose close it ran into (a reset on a new connection is the accept side's).
    req.on('error', (error) => resolve({ error: `${error.code ?? error.message}${req.reusedSocket ? ' (kept-alive socket)' : ' (new connection)'}` }));
    req.end(body);
  });
}
