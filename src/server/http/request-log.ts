/**
 * One line per request (DESIGN §9.4): method, path, status, milliseconds, user id, request id.
 * Only the path is logged, never the query, headers or body: no token, password or image can
 * reach the log. `LOG_FORMAT=json` prints the same fields as JSON; `off` prints nothing.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type LogFormat = 'text' | 'json' | 'off';

/** The signed-in user of each request, once known, for its log line. */
const users = new WeakMap<IncomingMessage, number>();

/**
 * Lines for a stream, written in batches: one write per turn of the event loop instead of one
 * per request (a synchronous write per request cost a tenth of the throughput under load).
 */
export function batchedLines(write: (chunk: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join('\n') + '\n';
    pending = [];
    write(chunk);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

export const noteUser = (req: IncomingMessage, userId: number) => void users.set(req, userId);

export function logRequest(req: IncomingMessage, res: ServerResponse, pathname: string, format: LogFormat, log: (line: string) => void): void {
  const id = crypto.randomBytes(6).toString('base64url');
  res.setHeader('X-Request-Id', id);
  if (format === 'off') return;
  const started = performance.now();
  res.once('close', () => {
    const entry = {
      method: req.method ?? '',
      path: pathname,
      // A client that left before the answer was sent gets no status: 499, as nginx names it.
      status: res.writableFinished ? res.statusCode : 499,
      ms: Math.round((performance.now() - started) * 10) / 10,
      user: users.get(req) ?? null,
      id,
    };
    log(format === 'json' ? JSON.stringify(entry) : `${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms user=${entry.user ?? '-'} id=${id}`);
  });
}
