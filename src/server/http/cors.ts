/** CORS (design.md#cors): off unless origins are configured; then only those origins, preflights answered here. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const CORS_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
/** The client sends a header that skips a tunnel's browser warning (docs/product.md). */
const CORS_HEADERS = 'Authorization, Content-Type, Accept, If-None-Match, Last-Event-ID, ngrok-skip-browser-warning';
const CORS_MAX_AGE_SECONDS = '600';

/** A step that adds CORS headers for allowed origins; it returns true when it answered a preflight. */
export function createCors(origins: readonly string[]) {
  return function cors(req: IncomingMessage, res: ServerResponse): boolean {
    if (origins.length === 0) return false;
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !origins.includes(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After');
    if (req.method !== 'OPTIONS') return false;
    res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
    res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
    res.setHeader('Access-Control-Max-Age', CORS_MAX_AGE_SECONDS);
    res.writeHead(204).end();
    return true;
  };
}
