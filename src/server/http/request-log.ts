/**
 * One line per request (design.md#request-log): method, path, status, milliseconds, user id, request id.
 * Only the path is logged, never the query, headers or body: no token, password or image can
 * reach the log. `LOG_FORMAT=json` prints the same fields as JSON; `off` prints nothing.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type LogFormat = 'text' | 'json' | 'off';

const ID_BYTES = 6;
/** Request ids are cut from a pool of random bytes: one call for randomness per 4,096 requests, not one per request. */
const IDS_PER_POOL = 4096;
let idPool = Buffer.alloc(0);
let idAt = 0;

function requestId(): string {
  if (idAt >= idPool.length) [idPool, idAt] = [crypto.randomBytes(ID_BYTES * IDS_PER_POOL), 0];
  idAt += ID_BYTES;
  return idPool.toString('base64url', idAt - ID_BYTES, idAt);
}

/** The signed-in user of each request, once known, for its log line. */
const users = new WeakMap<IncomingMessage, number>();

/**
 * Lines for a stream, written in batches: one write per turn of the event loop instead of one
 * per request (a synchronous write per request cost a visible share of the throughput under
 * load; figure: bench/README.md).
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
  const id = requestId();
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
