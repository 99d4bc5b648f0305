/**
 * Streamed answers (the whole list, the CSV): written batch by batch as they are read, giving the
 * event loop a turn between batches, from a pool of slots of which one person holds a fair share
 * (docs/design.md#no-stalls).
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';
import { SERVER } from '../../shared/index.ts';
import { HttpError } from './errors.ts';
import { etagMatches, preferredEncoding } from './payload.ts';
import { callerEtag, NO_STORE, REVALIDATE } from './respond.ts';
import type { StreamedAnswer } from './router.ts';

/**
 * Streams are long and made once: a middling quality keeps the CPU for other requests, and a
 * 256 KiB window (not 4 MiB) keeps each open stream's memory small.
 */
const STREAM_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };
/** Streams being written at once; each holds a compressor and a batch of rows. More wait for 503's Retry-After. */
export const MAX_STREAMS = 16;
/** One person's part of the slots: four slow exports of one account leave twelve for everyone else. */
export const STREAMS_PER_USER = 4;
const RETRY_BUSY_SECONDS = 1;
/** A person at their share waits for one of their own downloads, which takes a while. */
const RETRY_OWN_SHARE_SECONDS = 5;

export interface StreamLimits {
  /** A stream whose client takes nothing for this long is cut off. */
  idleSeconds: number;
}

let openStreams = 0;
const openByUser = new Map<number, number>();

/** Takes a slot for this caller, or refuses: 429 past their share, 503 when the pool is full. */
function takeSlot(userId: number | undefined): () => void {
  const own = userId === undefined ? 0 : (openByUser.get(userId) ?? 0);
  if (userId !== undefined && own >= STREAMS_PER_USER) throw new HttpError(429, SERVER.tooManyDownloads, undefined, { 'Retry-After': String(RETRY_OWN_SHARE_SECONDS) });
  if (openStreams >= MAX_STREAMS) throw new HttpError(503, SERVER.busy, undefined, { 'Retry-After': String(RETRY_BUSY_SECONDS) });
  openStreams++;
  if (userId !== undefined) openByUser.set(userId, own + 1);
  return () => {
    openStreams--;
    if (userId === undefined) return;
    const left = (openByUser.get(userId) ?? 1) - 1;
    if (left > 0) openByUser.set(userId, left);
    else openByUser.delete(userId);
  };
}

/**
 * The chunks, each made (read and serialized) on its own turn of the event loop. Without the
 * turn, a client that keeps up with a fast socket gets every batch in one run of callbacks and
 * promises, and no other request is heard until the last row is written.
 */
async function* turnByTurn(chunks: Iterable<string>): AsyncGenerator<string> {
  for (const chunk of chunks) {
    yield chunk;
    await nextTurn();
  }
}

/**
 * A large answer, written as it is read: the stream's back-pressure paces the reads, so memory
 * stays flat at any size. A client that hangs up just ends it.
 */
export async function sendStream(req: IncomingMessage, res: ServerResponse, answer: StreamedAnswer, limits: StreamLimits, callerId?: number): Promise<void> {
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Vary', 'Authorization, Accept-Encoding');
  const revalidate = answer.version !== undefined && callerId !== undefined;
  res.setHeader('Cache-Control', revalidate ? REVALIDATE : NO_STORE);
  if (revalidate) {
    const etag = callerEtag(crypto.createHash('sha1').update(answer.version!).digest('base64url'), callerId);
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) return void res.writeHead(304).end();
  }
  let release: () => void;
  try {
    release = takeSlot(callerId);
  } catch (refusal) {
    // The refusal is answered as an error: nothing of the answer it is not (a file name, an ETag) goes with it.
    for (const name of [...Object.keys(answer.headers ?? {}), 'ETag']) res.removeHeader(name);
    throw refusal;
  }
  try {
    res.setHeader('Content-Type', answer.contentType);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.writeHead(200);
    const source = Readable.from(turnByTurn(answer.chunks), { objectMode: false });
    const compress = encoding === 'br' ? zlib.createBrotliCompress(STREAM_BROTLI) : encoding === 'gzip' ? zlib.createGzip() : undefined;
    // A client that stops reading would hold the stream, and its memory, for ever.
    res.setTimeout(limits.idleSeconds * 1000, () => res.destroy());
    await (compress ? pipeline(source, compress, res) : pipeline(source, res));
  } catch (error) {
    // A client that hangs up (or is cut off) mid-download is not an error; anything else reaches the funnel.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  } finally {
    release();
    res.setTimeout(0);
  }
}

/** Streams open now, in all or one person's: for tests and the bench. */
export const openStreamCount = (userId?: number) => (userId === undefined ? openStreams : (openByUser.get(userId) ?? 0));
