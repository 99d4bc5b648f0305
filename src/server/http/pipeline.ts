/**
 * One request, start to finish, as small steps in the spirit of polka's use(): guard (security
 * headers, request sanity), log, then the API (CORS, route, caller, body, handler, answer) or a
 * static file. Every failure goes through one error funnel: unknown errors become a logged 500,
 * nothing crashes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER } from '../../shared/index.ts';
import { authenticate, markSeen, type Caller } from '../auth/authenticate.ts';
import type { ServerContext } from '../context.ts';
import { DomainError } from '../errors.ts';
import { readBody } from './body.ts';
import { createCors } from './cors.ts';
import { asHttpError, bearerChallenge, ClientGone, HttpError } from './errors.ts';
import { Payload } from './payload.ts';
import { logRequest, noteUser } from './request-log.ts';
import { sendApi, setSecurityHeaders } from './respond.ts';
import { sendStream, type StreamLimits } from './stream.ts';
import type { Reply, Router } from './router.ts';
import { serveStatic } from './static.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Over HTTPS, browsers are told to never use plain HTTP for this host for a year. */
const HSTS = 'max-age=31536000';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The request's URL; an unparsable one is treated as '/'. */
function parseUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

/** Two Host headers mean two readings of one request (proxies and caches may pick either). */
const hasDuplicateHost = (req: IncomingMessage) =>
  req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'host').length > 1;

/**
 * No route for this method: a known path answers OPTIONS itself and refuses other methods with 405,
 * both naming the methods it takes in `Allow`; an unknown path is a 404.
 */
function noRoute(router: Router, method: string, path: string, res: ServerResponse): void {
  const methods = router.methodsFor(path);
  if (methods.length === 0) throw new HttpError(404, SERVER.routeNotFound);
  const allow = [...methods, 'OPTIONS'].join(', ');
  if (method !== 'OPTIONS') throw new HttpError(405, SERVER.methodNotAllowed, undefined, { Allow: allow });
  res.writeHead(204, { Allow: allow, 'Cache-Control': 'no-store' }).end();
}

/** A handler's reply, written out: streamed, or serialized with an ETag when it is a caller's read. */
export async function sendReply(req: IncomingMessage, res: ServerResponse, reply: Reply, readerId: number | undefined, limits: StreamLimits): Promise<void> {
  if (reply.raw) return reply.raw(res);
  if (reply.stream) return sendStream(req, res, reply.stream, limits, readerId);
  const payload = reply.payload ?? new Payload(reply.body ?? {});
  await sendApi(req, res, { status: reply.status ?? 200, payload, revalidate: readerId === undefined ? undefined : { callerId: readerId }, headers: reply.headers });
}

export function createRequestHandler(app: ServerContext, router: Router) {
  const { apiBase, distDir } = app.settings;
  const cors = createCors(app.settings.corsOrigins);
  const streamLimits = { idleSeconds: app.settings.sendIdleSeconds };

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (cors(req, res)) return;
    const method = req.method ?? 'GET';
    try {
      const path = url.pathname.slice(apiBase.length) || '/';
      const match = router.match(method, path);
      if (!match) return noRoute(router, method, path, res);
      let caller: Caller | undefined;
      if (match.route.signedIn) {
        caller = authenticate(app, req.headers.authorization);
        markSeen(app, caller.user);
        noteUser(req, caller.user.id);
      }
      const ctx = { req, params: match.params, query: url.searchParams, body: WRITE_METHODS.has(method) ? await readBody(req, { anonymous: !match.route.signedIn }) : {}, ip: req.socket.remoteAddress ?? '' };
      const reply = match.route.signedIn ? await match.route.handler({ ...ctx, ...caller! }) : await match.route.handler(ctx);
      await sendReply(req, res, reply, isRead(method) ? caller?.user.id : undefined, streamLimits);
    } catch (error) {
      await sendError(req, res, error);
    }
  }

  async function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): Promise<void> {
    if (error instanceof ClientGone) return void res.destroy();
    const known = error instanceof HttpError ? error : error instanceof DomainError ? asHttpError(error) : undefined;
    if (!known) app.logError(`Unhandled error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const failure = known ?? new HttpError(500, SERVER.serverError);
    const body = failure.errors ? { message: failure.message, errors: failure.errors } : { message: failure.message };
    if (res.headersSent) return void res.destroy();
    const headers = failure.status === 401 ? { ...failure.headers, 'WWW-Authenticate': bearerChallenge(req.headers.authorization) } : failure.headers;
    await sendApi(req, res, { status: failure.status, payload: new Payload(body), headers });
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    setSecurityHeaders(res);
    if (app.settings.tlsCertFile) res.setHeader('Strict-Transport-Security', HSTS);
    if (hasDuplicateHost(req)) return void sendError(req, res, new HttpError(400, SERVER.duplicateHost));
    const url = parseUrl(req);
    logRequest(req, res, url.pathname, app.settings.logFormat, app.requestLog);
    const isApi = url.pathname === apiBase || url.pathname.startsWith(apiBase + '/');
    const work = isApi ? handleApi(req, res, url) : serveStatic(req, res, distDir, url.pathname);
    work.catch((error: unknown) => {
      app.logError(`Could not answer ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(SERVER.serverError);
      else res.destroy();
    });
  };
}
