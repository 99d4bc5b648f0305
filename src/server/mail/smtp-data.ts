/**
 * A message as it goes after DATA (RFC 5321 §4.5.2, §4.5.3.1.6): CRLF line endings whatever the
 * input used, a line that starts with `.` doubled so it cannot end the message early, no line
 * over 998 octets, and the ending `.` line.
 */

/** RFC 5322 §2.1.1: a line is at most 998 octets without its CRLF. */
export const LINE_MAX_OCTETS = 998;
const NON_ASCII = /[^\x00-\x7f]/;

export interface DataBlock {
  /** The bytes to write after the relay's 354, ending `\r\n.\r\n`. */
  text: string;
  /** Some byte past ASCII: the relay must offer 8BITMIME. */
  eightBit: boolean;
  /** A header past ASCII: the relay must offer SMTPUTF8 (RFC 6532). */
  utf8Headers: boolean;
}

/** Prepares `message`; returns the number of the first line that is too long instead, counted from 1. */
export function dataBlock(message: string): DataBlock | { tooLongLine: number } {
  const lines = message.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  const stuffed: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.length > LINE_MAX_OCTETS / 3 && Buffer.byteLength(line) > LINE_MAX_OCTETS) return { tooLongLine: index + 1 };
    stuffed.push(line.startsWith('.') ? `.${line}` : line);
  }
  const headerEnd = lines.indexOf('');
  const headers = (headerEnd < 0 ? lines : lines.slice(0, headerEnd)).join('\n');
  return { text: `${stuffed.join('\r\n')}\r\n.\r\n`, eightBit: NON_ASCII.test(message), utf8Headers: NON_ASCII.test(headers) };
}
