/**
 * A small MIME reader for the mail tests, written apart from the builder so that it checks the
 * builder instead of agreeing with it: headers (unfolded), RFC 2047 encoded-words (B and Q),
 * multipart boundaries, quoted-printable and base64 bodies.
 */

export interface MimePart {
  /** Header lines in order, unfolded, names as written. */
  headers: Array<{ name: string; value: string }>;
  /** The decoded body text (for a multipart, its preamble is dropped). */
  body: string;
  /** The parts of a multipart. */
  parts: MimePart[];
}

/** The decoded value of the first header of that name (any case), or undefined. */
export function header(part: MimePart, name: string): string | undefined {
  const found = part.headers.find((h) => h.name.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : decodeWords(found.value);
}

export function headerNames(part: MimePart): string[] {
  return part.headers.map((h) => h.name.toLowerCase());
}

export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const rawBody = split < 0 ? '' : raw.slice(split + 4);
  const headers = head
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`not a header line: ${JSON.stringify(line)}`);
      return { name: line.slice(0, colon), value: line.slice(colon + 1).trim() };
    });
  const part: MimePart = { headers, body: '', parts: [] };
  const type = header(part, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = rawBody.split(new RegExp(`(?:^|\\r\\n)--${escapeRegExp(boundary)}(--)?(?:\\r\\n|$)`));
    // split with one capture group: [preamble, undefined, part, undefined, part, '--', epilogue]
    for (let i = 2; i < sections.length; i += 2) {
      if (sections[i - 1] === '--') break;
      part.parts.push(parseMime(sections[i]!));
    }
    return part;
  }
  part.body = decodeBody(rawBody, header(part, 'content-transfer-encoding') ?? '7bit');
  return part;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export const decodeQuotedPrintable = (text: string): string => quotedPrintableBytes(text).toString('utf8');

function quotedPrintableBytes(text: string): Buffer {
  const joined = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: each `=?charset?B|Q?text?=` decoded; the white space between two of them dropped. */
export function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  const joined = value.replace(/(\?=)[ \t]+(?==\?)/g, '$1');
  return joined.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , kind, text] of run.matchAll(word)) {
      if (kind!.toUpperCase() === 'B') bytes.push(Buffer.from(text!, 'base64'));
      else bytes.push(quotedPrintableBytes(text!.replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
