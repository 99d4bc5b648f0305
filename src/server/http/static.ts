/**
 * The built client (docs/client-architecture.md, "Build output"): hashed files under /assets are
 * immutable and served precompressed; `/robots.txt` turns every crawler away; every other GET is the
 * single-page app's index.html.
 */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { SERVER } from '../../shared/index.ts';
import { etagMatches, preferredEncoding } from './payload.ts';

const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ENCODING_SUFFIX = { br: '.br', gzip: '.gz' } as const;
const STATIC_METHODS = 'GET, HEAD';
/** An internal tool: no crawler is welcome anywhere, whatever the client build holds. */
const ROBOTS_PATH = '/robots.txt';
const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
const ROBOTS_CACHE = 'public, max-age=86400';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Helpdesk</title>' +
  '<h1>The client is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload.</p>';

function plain(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8', headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers }).end(text);
}

/** The file inside root that a URL path names, or undefined when it would step outside root. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file.startsWith(root + path.sep) ? file : undefined;
}

async function fileStat(file: string) {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): Promise<boolean> {
  const stat = await fileStat(file);
  if (!stat) return false;
  const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  res.setHeader('Content-Type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return true;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const sibling = encoding ? file + ENCODING_SUFFIX[encoding] : undefined;
  const body = (sibling && (await fileStat(sibling)) && (await fs.readFile(sibling))) || undefined;
  if (body && encoding) res.setHeader('Content-Encoding', encoding);
  const content = body ?? (await fs.readFile(file));
  res.writeHead(200, { 'Content-Length': content.length }).end(content);
  return true;
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, distDir: string, urlPath: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, SERVER.methodNotAllowed, undefined, { Allow: STATIC_METHODS });
  if (urlPath === ROBOTS_PATH) return plain(res, 200, ROBOTS_TXT, undefined, { 'Cache-Control': ROBOTS_CACHE });
  const root = path.resolve(distDir);
  const file = resolveInside(root, urlPath);
  if (urlPath.startsWith(ASSETS_PREFIX)) {
    if (!file || !(await sendFile(req, res, file, IMMUTABLE))) plain(res, 404, SERVER.notFound);
    return;
  }
  if (file && !file.endsWith('.br') && !file.endsWith('.gz') && (await sendFile(req, res, file, REVALIDATE))) return;
  if (!(await sendFile(req, res, path.join(root, 'index.html'), REVALIDATE))) plain(res, 503, NOT_BUILT_PAGE, 'text/html; charset=utf-8');
}
