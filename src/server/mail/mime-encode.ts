/**
 * The encodings a message needs to travel as 7-bit text with short lines: quoted-printable bodies
 * (RFC 2045 §6.7), RFC 2047 encoded-words for subjects and names, and header folding (RFC 5322
 * §2.2.3). Text from people (titles, names) passes through `headerText` first, so no CR, LF or
 * other control character of theirs can ever reach a header line.
 */

/** RFC 2045: an encoded body line is at most 76 characters. */
const QP_LINE_MAX = 76;
/** RFC 2047 §2 allows 75 characters; 64 leave room for `Subject: ` within the 78 of a header line. */
const ENCODED_WORD_MAX = 64;
const ENCODED_WORD_OVERHEAD = '=?UTF-8?B?'.length + '?='.length;
/** Bytes whose base64 fits the rest of an encoded-word (whole groups of 3). */
const ENCODED_WORD_BYTES = Math.floor((ENCODED_WORD_MAX - ENCODED_WORD_OVERHEAD) / 4) * 3;
/** RFC 5322 §2.1.1: header lines SHOULD stay within 78 characters. */
const HEADER_LINE_TARGET = 78;
/** C0, DEL, C1 and the Unicode line and paragraph separators: all read as line breaks by someone. */
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u2028\u2029]+/g;
/** A word that can stay as it is in a header: printable ASCII, short, and not mistakable for an encoded-word. */
const PLAIN_WORD = /^[!-~]{1,64}$/;

/** A person's text made fit for one header: control characters (CR and LF among them) become one space, runs of spaces one. */
export const headerText = (text: string): string => text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();

const isPlainWord = (word: string) => PLAIN_WORD.test(word) && !word.includes('=?');

/** `text` as UTF-8 base64 encoded-words, none over 75 characters, never splitting a character. */
export function encodedWords(text: string): string[] {
  const words: string[] = [];
  let bytes: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size > 0) words.push(`=?UTF-8?B?${Buffer.concat(bytes).toString('base64')}?=`);
    bytes = [];
    size = 0;
  };
  for (const char of text) {
    const encoded = Buffer.from(char, 'utf8');
    if (size + encoded.length > ENCODED_WORD_BYTES) flush();
    bytes.push(encoded);
    size += encoded.length;
  }
  flush();
  return words;
}

/**
 * Unstructured text (a subject) as header tokens: the leading plain words as they are, then the
 * rest, from the first word that needs it, as encoded-words (which readers join without spaces).
 */
export function unstructuredTokens(text: string): string[] {
  const words = headerText(text).split(' ').filter(Boolean);
  const firstEncoded = words.findIndex((word) => !isPlainWord(word));
  if (firstEncoded < 0) return words;
  return [...words.slice(0, firstEncoded), ...encodedWords(words.slice(firstEncoded).join(' '))];
}

/**
 * A display name as phrase tokens: a quoted string when it is plain ASCII, encoded-words
 * otherwise, and also when it holds `=?` (many mail clients decode encoded-words even inside
 * quotes, so a name could otherwise show as another).
 */
export function phraseTokens(name: string): string[] {
  const clean = headerText(name);
  if (!clean) return [];
  if (/^[ -~]*$/.test(clean) && clean.length <= ENCODED_WORD_MAX && !clean.includes('=?')) return [`"${clean.replace(/[\\"]/g, '\\$&')}"`];
  return encodedWords(clean);
}

/** `Name: token token…`, folded before a token wherever a line would pass 78 characters. */
export function foldHeader(name: string, tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = `${name}:`;
  for (const token of tokens) {
    if (line.length + 1 + token.length > HEADER_LINE_TARGET && line.includes(' ')) {
      lines.push(line);
      line = '';
    }
    line += ` ${token}`;
  }
  lines.push(line);
  return lines.join('\r\n');
}

/** `text` in quoted-printable, line breaks as CRLF: only printable ASCII stays as it is, no line over 76 characters. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => quotedPrintableLine(Buffer.from(line, 'utf8')))
    .join('\r\n');
}

function quotedPrintableLine(bytes: Buffer): string {
  const lines: string[] = [];
  let line = '';
  bytes.forEach((byte, index) => {
    const last = index === bytes.length - 1;
    const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
    const token = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    // Keep room for the `=` of a soft line break, unless this token ends the line.
    if (line.length + token.length > QP_LINE_MAX - (last ? 0 : 1)) {
      lines.push(`${line}=`);
      line = '';
    }
    line += token;
  });
  lines.push(line);
  return lines.join('\r\n');
}
