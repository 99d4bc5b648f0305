/**
 * Request bodies: JSON or form data (url-encoded, or multipart as a browser's FormData sends it),
 * at most 1 MiB, always an object once parsed.
 */
import type { IncomingMessage } from 'node:http';
import { SERVER } from '../../shared/index.ts';
import { ClientGone, HttpError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Bytes all bodies being read may hold at once, counted as they arrive (never as declared: a
 * client trickling a body it declared big holds only what it sent). A chunk past this is
 * answered 503 at once, so a few big uploads can't take the memory that reads need.
 */
export const BODIES_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/**
 * What anonymous bodies (sign-ins: every other write is read only once its caller is known)
 * may hold together: whoever is not signed in can never take the budget of those who are.
 */
export const ANONYMOUS_BODIES_BYTES = BODIES_IN_FLIGHT_BYTES / 8;
const held = { all: 0, anonymous: 0 };
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

const tooLarge = () => new HttpError(413, SERVER.tooLarge);
const malformed = () => new HttpError(400, SERVER.malformed);
/** A body that is plainly the other kind than its Content-Type says: 415, naming the type it needs. */
const wrongType = (message: string) => new HttpError(415, message);
const busy = () => new HttpError(503, SERVER.busy, undefined, { 'Retry-After': '1' });

/** Bytes the bodies being read hold now, in all and from anonymous requests. */
export const bodyBytesHeld = () => ({ ...held });

export interface BodyOptions {
  /** Not signed in: counted in the anonymous share too. */
  anonymous?: boolean;
  limit?: number;
}

/** One body's part of the budget: taken chunk by chunk, given back whole. */
function budgetFor(anonymous: boolean) {
  let mine = 0;
  return {
    take(bytes: number): boolean {
      if (held.all + bytes > BODIES_IN_FLIGHT_BYTES) return false;
      if (anonymous && held.anonymous + bytes > ANONYMOUS_BODIES_BYTES) return false;
      mine += bytes;
      held.all += bytes;
      if (anonymous) held.anonymous += bytes;
      return true;
    },
    release(): void {
      held.all -= mine;
      if (anonymous) held.anonymous -= mine;
      mine = 0;
    },
  };
}

export async function readBody(req: IncomingMessage, { anonymous = false, limit = BODY_LIMIT_BYTES }: BodyOptions = {}): Promise<Record<string, unknown>> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const budget = budgetFor(anonymous);
  try {
    return await receive(req, limit, budget);
  } finally {
    budget.release();
  }
}

function receive(req: IncomingMessage, limit: number, budget: ReturnType<typeof budgetFor>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const refuse = (error: HttpError) => {
      refused = true;
      chunks.length = 0;
      budget.release();
      reject(error);
    };
    // After a refusal the rest is read and dropped, so the client still gets its 413 or 503 answer.
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) refuse(tooLarge());
      else if (!budget.take(chunk.length)) refuse(busy());
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      const raw = Buffer.concat(chunks);
      const contentType = (req.headers['content-type'] ?? '').toLowerCase();
      if (isForm(contentType) && looksLikeJson(raw)) return reject(wrongType(SERVER.jsonAsForm));
      if (contentType.startsWith(MULTIPART_TYPE)) {
        parseMultipart(raw, req.headers['content-type']!).then(resolve, () => reject(malformed()));
        return;
      }
      const text = raw.toString('utf8');
      try {
        resolve(parse(text, contentType));
      } catch {
        reject(looksLikeForm(text) ? wrongType(SERVER.formAsJson) : malformed());
      }
    });
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

const isForm = (contentType: string) => contentType.startsWith(FORM_TYPE) || contentType.startsWith(MULTIPART_TYPE);
/** `key=value&…`, as a url-encoded form starts; JSON never does. */
const FORM_START = /^[\w.%+\-[\]]+=/;
const looksLikeForm = (text: string) => FORM_START.test(text.trim());

/** A JSON object or array: read as a form it would be one nonsense field and every real field missing. */
function looksLikeJson(raw: Buffer): boolean {
  const text = raw.toString('utf8').trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  try {
    return typeof JSON.parse(text) === 'object';
  } catch {
    return false;
  }
}

/** node:sqlite cuts text at a NUL character, which would silently lose the rest: drop NULs. */
const clean = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\0', '') : value);

function parse(text: string, contentType: string): Record<string, unknown> {
  if (!text.trim()) return {};
  if (contentType.startsWith(FORM_TYPE)) {
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
