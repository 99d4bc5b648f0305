/**
 * Request bodies: JSON or form data (url-encoded, or multipart as a browser's FormData sends it),
 * at most 1 MiB, always an object once parsed.
 */
import type { IncomingMessage } from 'node:http';
import { SERVER } from '../../shared/index.ts';
import { ClientGone, HttpError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Bytes all bodies being read may hold at once. Each request reserves what it declares (or the
 * limit, when chunked) before reading; past this, it is answered 503 at once, so a few big
 * uploads can't take the memory that reads need.
 */
export const BODIES_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
let reservedBytes = 0;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

const tooLarge = () => new HttpError(413, SERVER.tooLarge);
const malformed = () => new HttpError(400, SERVER.malformed);

export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const declared = Number(req.headers['content-length'] ?? limit);
  if (declared > limit) throw tooLarge();
  const reserve = Number.isFinite(declared) ? declared : limit;
  if (reservedBytes + reserve > BODIES_IN_FLIGHT_BYTES) throw new HttpError(503, SERVER.busy, undefined, { 'Retry-After': '1' });
  reservedBytes += reserve;
  try {
    return await receive(req, limit);
  } finally {
    reservedBytes -= reserve;
  }
}

function receive(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    // After a refusal the rest is read and dropped, so the client still gets its 413 answer.
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      const raw = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      if (contentType.toLowerCase().startsWith(MULTIPART_TYPE)) {
        parseMultipart(raw, contentType).then(resolve, () => reject(malformed()));
        return;
      }
      try {
        resolve(parse(raw.toString('utf8'), contentType));
      } catch {
        reject(malformed());
      }
    });
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

/** node:sqlite cuts text at a NUL character, which would silently lose the rest: drop NULs. */
const clean = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\0', '') : value);

function parse(text: string, contentType = ''): Record<string, unknown> {
  if (!text.trim()) return {};
  if (contentType.toLowerCase().startsWith(FORM_TYPE)) {
    return Object.fromEntries([...new URLSearchParams(text)].map(([key, value]) => [key, clean(key, value)]));
  }
  const value: unknown = JSON.parse(text, clean);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/** Text fields of a multipart body, parsed by the runtime's own FormData; file parts are ignored. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  if (raw.length === 0) return {};
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] = clean(key, value);
  return fields;
}
