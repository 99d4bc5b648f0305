/** Writing answers: security headers everywhere, API caching rules, ETag/304, compression. */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches, Payload, preferredEncoding } from './payload.ts';

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export const JSON_TYPE = 'application/json; charset=utf-8';
export const REVALIDATE = 'private, no-cache';
export const NO_STORE = 'no-store';
const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' };
/** An event stream is quiet between heartbeats: TCP keep-alive stops idle connections being dropped meanwhile. */
const EVENT_STREAM_KEEP_ALIVE_MS = 60_000;

/** Adds to Vary (CORS may have set `Origin` already). */
export function addVary(res: ServerResponse, value: string): void {
  const earlier = res.getHeader('Vary');
  res.setHeader('Vary', earlier ? `${String(earlier)}, ${value}` : value);
}

/**
 * Stored bytes served as their own type (a ticket's image): never sniffed, shown inline,
 * revalidated by an ETag of `version`, the same for every caller since it does not depend on who asks.
 */
export function sendInline(req: IncomingMessage, res: ServerResponse, answer: { type: string; bytes: () => Buffer; version: string }): void {
  const etag = `"${crypto.createHash('sha1').update(answer.version).digest('base64url')}"`;
  res.setHeader('Cache-Control', REVALIDATE);
  addVary(res, 'Authorization');
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', 'inline');
  if (etagMatches(req.headers['if-none-match'], etag)) return void res.writeHead(304).end();
  const bytes = answer.bytes();
  res.writeHead(200, { 'Content-Type': answer.type, 'Content-Length': bytes.length }).end(bytes);
}

/**
 * An event stream's answer (GET /events): its headers, then `attach` holds the response open and
 * writes the events (events/live.ts). A HEAD gets the headers alone.
 */
export function sendEventStream(req: IncomingMessage, res: ServerResponse, attach: (res: ServerResponse) => void): void {
  addVary(res, 'Authorization');
  if (req.method === 'HEAD') return void res.writeHead(200, EVENT_STREAM_HEADERS).end();
  req.socket.setNoDelay(true);
  req.socket.setKeepAlive(true, EVENT_STREAM_KEEP_ALIVE_MS);
  res.writeHead(200, { ...EVENT_STREAM_HEADERS, 'X-Accel-Buffering': 'no' });
  attach(res);
}

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** Caller-specific: one user's cached answer can never be revalidated into another's. */
export function callerEtag(payloadHash: string, callerId: number): string {
  const tag = crypto.createHash('sha1').update(`${callerId}:${payloadHash}`).digest('base64url');
  return `W/"${tag}"`;
}

export interface ApiAnswer {
  status: number;
  payload: Payload;
  /** GET list and detail answers: ETag + revalidate; everything else is no-store. */
  revalidate?: { callerId: number };
  headers?: Record<string, string>;
}

export async function sendApi(req: IncomingMessage, res: ServerResponse, answer: ApiAnswer): Promise<void> {
  const { status, payload, revalidate } = answer;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  const vary = payload.compressible ? 'Authorization, Accept-Encoding' : 'Authorization';
  const earlier = res.getHeader('Vary');
  res.setHeader('Vary', earlier ? `${String(earlier)}, ${vary}` : vary);
  res.setHeader('Cache-Control', revalidate ? REVALIDATE : NO_STORE);
  if (revalidate) {
    const etag = callerEtag(payload.hash, revalidate.callerId);
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304).end();
      return;
    }
  }
  const encoding = payload.compressible ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  const body = encoding ? await payload.encode(encoding) : payload.body;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length }).end(body);
}
