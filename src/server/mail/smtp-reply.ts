/**
 * Reads the relay's replies out of the bytes as they come (RFC 5321 §4.2): a reply may be split
 * across TCP chunks, several may share one, and a multi-line reply is `250-…` lines ended by a
 * `250 …` line. Bounded, so a relay that talks without end cannot fill the memory.
 */
import { SmtpError, type SmtpStage } from './smtp-error.ts';

/** RFC 5321 allows 512 octets per reply line; real relays stay well under this. */
const LINE_MAX_BYTES = 4096;
/** EHLO answers run to a couple of dozen lines. */
const REPLY_MAX_LINES = 256;
const REPLY_LINE = /^([2-5]\d\d)([ -])(.*)$/s;

export interface SmtpReply {
  code: number;
  /** The text of each line, without the code and separator. */
  lines: string[];
}

/** `250 2.0.0 Ok: queued as 4A1B2` (the lines of a multi-line reply joined by a space). */
export const formatReply = (reply: SmtpReply): string => `${reply.code} ${reply.lines.join(' ')}`.trimEnd();

export interface ReplyParser {
  /** Feeds bytes; returns the replies they completed, in order. Throws a `protocol` SmtpError. */
  push(chunk: Buffer, stage: SmtpStage): SmtpReply[];
  /** True while a partial line or a partial multi-line reply is held. */
  readonly pending: boolean;
}

export function createReplyParser(): ReplyParser {
  let buffered: Buffer = Buffer.alloc(0);
  let lines: string[] = [];
  let code = 0;

  function line(text: string, stage: SmtpStage): SmtpReply | null {
    const match = REPLY_LINE.exec(text);
    if (!match) throw protocolError(`the relay sent a line that is not an SMTP reply: ${JSON.stringify(text.slice(0, 80))}`, stage);
    const lineCode = Number(match[1]);
    if (lines.length > 0 && lineCode !== code) throw protocolError(`a multi-line reply changed its code from ${code} to ${lineCode}`, stage);
    code = lineCode;
    lines.push(match[3]!);
    if (lines.length > REPLY_MAX_LINES) throw protocolError(`a reply ran past ${REPLY_MAX_LINES} lines`, stage);
    if (match[2] === '-') return null;
    const reply = { code, lines };
    lines = [];
    return reply;
  }

  return {
    push(chunk, stage) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const replies: SmtpReply[] = [];
      let start = 0;
      for (let end = buffered.indexOf(0x0a); end >= 0; end = buffered.indexOf(0x0a, start)) {
        const stop = end > start && buffered[end - 1] === 0x0d ? end - 1 : end;
        if (stop - start > LINE_MAX_BYTES) throw protocolError(`a reply line ran past ${LINE_MAX_BYTES} bytes`, stage);
        const reply = line(buffered.toString('utf8', start, stop), stage);
        if (reply) replies.push(reply);
        start = end + 1;
      }
      buffered = buffered.subarray(start);
      if (buffered.length > LINE_MAX_BYTES) throw protocolError(`a reply line ran past ${LINE_MAX_BYTES} bytes without an end`, stage);
      return replies;
    },
    get pending() {
      return buffered.length > 0 || lines.length > 0;
    },
  };
}

const protocolError = (message: string, stage: SmtpStage) => new SmtpError(message, { kind: 'protocol', stage, permanent: false });
