/** A serialized JSON body with its hash and lazily made, remembered compressed forms. */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Below this, compression costs more than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's default (11) is far too slow for a long list compressed while the client waits; 5 runs
 * near gzip's speed and still compresses smaller (figures: bench/README.md).
 */
const BROTLI_QUALITY = 5;

/**
 * Brotli's default window is 4 MiB, allocated per compression on the thread pool: a window no
 * larger than the body gives the same bytes, and a few hundred such allocations a second no
 * longer leave the thread pool's memory arenas holding a hundred megabytes.
 */
const windowBitsFor = (bytes: number) => Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/**
 * A small Buffer is a slice of a shared 8 KiB slab, and keeping it keeps the whole slab: a cache
 * of thousands of small answers would hold gigabytes. Kept answers get memory of their own.
 */
function unpooled(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}

export class Payload {
  readonly body: Buffer;
  readonly hash: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(value: unknown) {
    this.body = unpooled(Buffer.from(JSON.stringify(value)));
    this.hash = crypto.createHash('sha1').update(this.body).digest('base64url');
  }

  get compressible(): boolean {
    return this.body.length >= COMPRESS_MIN_BYTES;
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let result = this.encoded.get(encoding);
    if (!result) {
      result =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
                [zlib.constants.BROTLI_PARAM_LGWIN]: windowBitsFor(this.body.length),
              },
            })
          : gzip(this.body);
      result = result.then(unpooled);
      this.encoded.set(encoding, result);
    }
    return result;
  }
}

/** The best encoding the client accepts (brotli over gzip), honouring `;q=0`. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Weak comparison per RFC 9110: W/ prefixes are ignored; `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
