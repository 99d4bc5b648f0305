/**
 * The server's calls to the directory: JSON over HTTPS (the system's CAs plus NODE_EXTRA_CA_CERTS, which
 * Node reads itself), each with a timeout and a size limit, never following a redirect. A directory
 * that does not answer, or answers with a server error, is `DirectoryDown`.
 */

/** Every call to the directory gives up after this long: a sign-in page must not hang. */
export const DIRECTORY_TIMEOUT_MS = 10_000;
/** Discovery documents, key sets and token answers are a few KiB; anything this big is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The directory could not be reached, timed out, or failed (5xx, not JSON). */
export class DirectoryDown extends Error {}

export interface JsonAnswer {
  status: number;
  json: Record<string, unknown>;
}

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw new DirectoryDown(`answer over ${MAX_ANSWER_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Calls the directory; a 4xx comes back as an answer (the caller decides), anything unusable throws DirectoryDown. */
export async function fetchJson(url: string, init: RequestInit = {}, timeoutMs = DIRECTORY_TIMEOUT_MS): Promise<JsonAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json', ...init.headers } });
    text = await readCapped(res);
  } catch (error) {
    throw new DirectoryDown(`${new URL(url).origin}${new URL(url).pathname}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
  }
  if (res.status >= 500) throw new DirectoryDown(`${url}: HTTP ${res.status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DirectoryDown(`${url}: HTTP ${res.status}, not JSON`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new DirectoryDown(`${url}: HTTP ${res.status}, not a JSON object`);
  return { status: res.status, json: json as Record<string, unknown> };
}
