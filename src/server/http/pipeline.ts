/**
 * One request, start to finish: security headers, CORS, route, sign-in check, body, handler,
 * answer, and the one error funnel (unknown errors become a logged 500; nothing crashes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER } from '../../shared/index.ts';
import { hashToken } from '../auth/sessions.ts';
import type { ServerContext } from '../context.ts';
import { readBody } from './body.ts';
import { ClientGone, HttpError, unauthenticated } from './errors.ts';
import { Payload } from './payload.ts';
import { sendApi, sendStream, setSecurityHeaders } from './respond.ts';
import type { Router, SignedInContext } from './router.ts';
import { logRequest, noteUser } from './request-log.ts';
import { serveStatic } from './static.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LAST_SEEN_EVERY_MS = 60_000;
const CORS_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
/** SPEC §7: the client sends a header that skips a tunnel's browser warning. */
const CORS_HEADERS = 'Authorization, Content-Type, Accept, If-None-Match, ngrok-skip-browser-warning';
const CORS_MAX_AGE_SECONDS = '600';
/** Over HTTPS, browsers are told to never use plain HTTP for this host for a year. */
const HSTS = 'max-age=31536000';

export function createRequestHandler(app: ServerContext, router: Router) {
  const { apiBase, corsOrigins, distDir } = app.settings;

  function authenticate(req: IncomingMessage): Pick<SignedInContext, 'user' | 'tokenHash'> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) throw unauthenticated();
    const tokenHash = hashToken(match[1]!);
    const userId = app.sessions.resolve(tokenHash);
    const user = userId === undefined ? undefined : app.users.find(userId);
    if (!user) throw unauthenticated();
    const now = app.now();
    if (!user.last_seen || now - Date.parse(user.last_seen) >= LAST_SEEN_EVERY_MS) {
      user.last_seen = new Date(now).toISOString();
      app.users.markSeen(user.id, user.last_seen);
    }
    return { user, tokenHash };
  }

  /** Adds CORS headers for allowed origins; true when this was a preflight, now answered. */
  function cors(req: IncomingMessage, res: ServerResponse): boolean {
    if (corsOrigins.length === 0) return false;
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !corsOrigins.includes(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After');
    if (req.method !== 'OPTIONS') return false;
    res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
    res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
    res.setHeader('Access-Control-Max-Age', CORS_MAX_AGE_SECONDS);
    res.writeHead(204).end();
    return true;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    if (cors(req, res)) return;
    const method = req.method ?? 'GET';
    try {
      const match = router.match(method, path);
      if (!match) throw new HttpError(404, SERVER.routeNotFound);
      const ctx = { req, params: match.params, query, body: {}, ip: req.socket.remoteAddress ?? '' };
      const signedIn = match.route.signedIn ? authenticate(req) : undefined;
      if (signedIn) noteUser(req, signedIn.user.id);
      if (WRITE_METHODS.has(method)) ctx.body = await readBody(req);
      const reply = match.route.signedIn ? await match.route.handler({ ...ctx, ...signedIn! }) : await match.route.handler(ctx);
      const status = reply.status ?? 200;
      if (reply.stream) return await sendStream(req, res, reply.stream, method === 'GET' || method === 'HEAD' ? signedIn?.user.id : undefined);
      const revalidate = signedIn && (method === 'GET' || method === 'HEAD') ? { callerId: signedIn.user.id } : undefined;
      await sendApi(req, res, { status, payload: reply.payload ?? new Payload(reply.body ?? {}), revalidate, headers: reply.headers });
    } catch (error) {
      await sendError(req, res, error);
    }
  }

  async function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): Promise<void> {
    if (error instanceof ClientGone) return void res.destroy();
    const known = error instanceof HttpError ? error : undefined;
    if (!known) app.logError(`Unhandled error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const failure = known ?? new HttpError(500, SERVER.serverError);
    const body = failure.errors ? { message: failure.message, errors: failure.errors } : { message: failure.message };
    if (res.headersSent) return void res.destroy();
    await sendApi(req, res, { status: failure.status, payload: new Payload(body), headers: failure.headers });
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    setSecurityHeaders(res);
    if (app.settings.tlsCertFile) res.setHeader('Strict-Transport-Security', HSTS);
    // Two Host headers mean two readings of one request (proxies and caches may pick either).
    if (req.rawHeaders.filter((_, i) => i % 2 === 0).filter((name) => name.toLowerCase() === 'host').length > 1) {
      void sendError(req, res, new HttpError(400, SERVER.duplicateHost));
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      url = new URL('http://localhost/');
    }
    const pathname = url.pathname;
    logRequest(req, res, pathname, app.settings.logFormat, app.log);
    const isApi = pathname === apiBase || pathname.startsWith(apiBase + '/');
    const work = isApi ? handleApi(req, res, pathname.slice(apiBase.length) || '/', url.searchParams) : serveStatic(req, res, distDir, pathname);
    work.catch((error: unknown) => {
      app.logError(`Could not answer ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(SERVER.serverError);
      else res.destroy();
    });
  };
}
