/**
 * The live-update stream (design.md#live-updates): `GET /events` read with fetch and a stream reader, because
 * EventSource cannot send the Authorization header and tokens never go in URLs. One stream per
 * tab; it reconnects with back-off (1 s doubling to 30 s) and resumes with Last-Event-ID.
 *
 * Nothing here grows with the number of events: the parser keeps only the unfinished line and
 * the event being read (both capped), and each event is handed on and forgotten.
 */
import { ApiError, requestStream } from './request.ts';

/** One Server-Sent Event as the stream spells it. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** A line or an event longer than this is garbage from a broken proxy: dropped, never kept. */
const MAX_PENDING = 64 * 1024;

/**
 * An incremental text/event-stream parser (the WHATWG rules we need): `id`, `event`, `data`
 * (several data lines join with '\n'), comment lines (':' ping) ignored, a blank line dispatches.
 */
export class EventParser {
  private pending = '';
  /** The last chunk ended in '\r': a '\n' opening the next one belongs to it. */
  private skipLF = false;
  private id: string | undefined;
  private event = '';
  private data: string[] = [];
  private dataSize = 0;
  /** The last id the stream named; survives events without one, as Last-Event-ID does. */
  lastEventId: string | undefined;

  /** Feeds a decoded chunk; answers the events it completed. */
  feed(chunk: string): StreamEvent[] {
    const out: StreamEvent[] = [];
    if (this.skipLF && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLF = false;
    let text = this.pending + chunk;
    let start = 0;
    for (;;) {
      const nl = text.slice(start).search(/\r\n|\r|\n/);
      if (nl < 0) break;
      const end = start + nl;
      // '\r' at the very end of a chunk may be the first half of '\r\n': skip a '\n' that opens the next.
      if (text[end] === '\r' && end + 1 === text.length) this.skipLF = true;
      const width = text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1;
      const dispatched = this.line(text.slice(start, end));
      if (dispatched) out.push(dispatched);
      start = end + width;
    }
    text = text.slice(start);
    // A line that never ends is dropped, not kept growing.
    this.pending = text.length > MAX_PENDING ? '' : text;
    return out;
  }

  private line(line: string): StreamEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'data') {
      this.dataSize += value.length;
      if (this.dataSize <= MAX_PENDING) this.data.push(value);
    }
    return undefined;
  }

  private dispatch(): StreamEvent | undefined {
    if (this.id !== undefined) this.lastEventId = this.id;
    const event: StreamEvent = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
    const empty = this.data.length === 0 && this.event === '';
    this.id = undefined;
    this.event = '';
    this.data = [];
    this.dataSize = 0;
    return empty ? undefined : event;
  }
}

export type StreamStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

export interface StreamOptions {
  /** Each complete event, in order. */
  onEvent(event: StreamEvent): void;
  /**
   * A connection opened; `again` after an earlier one dropped (events may have been missed while
   * away, e.g. across a server restart that cannot resume).
   */
  onOpen?(again: boolean): void;
  /** The connection's state, for the header's indicator. */
  onStatus?(status: StreamStatus): void;
  /** @default '/events' */
  path?: string;
  /** Nothing at all (not even a ping) for this long means a dead connection: reconnect. @default 60000 */
  silenceMs?: number;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** 1 s, 2 s, 4 s … 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);

/**
 * Opens the stream and keeps it open until the returned stop() is called: reconnects with
 * back-off after an error or an end, resumes with Last-Event-ID, waits the longest delay after a
 * 429 (too many streams), and gives up on a 401 (request.ts has signed the user out).
 */
export function openEventStream(options: StreamOptions): () => void {
  const { onEvent, onOpen, onStatus, path = '/events', silenceMs = 60_000 } = options;
  let opened = 0;
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let lastEventId: string | undefined;

  const status = (value: StreamStatus) => {
    if (!stopped) onStatus?.(value);
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });

  /** One connection; answers whether it got through (so the back-off starts again at 1 s). */
  async function connect(): Promise<'ok' | 'failed' | 'busy' | 'signedOut'> {
    controller = new AbortController();
    const { signal } = controller;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const feedWatchdog = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller?.abort(), silenceMs);
    };
    try {
      feedWatchdog();
      const headers: Record<string, string> = lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {};
      const response = await requestStream(path, 'text/event-stream', headers, signal);
      if (!response.body) return 'failed';
      status('live');
      onOpen?.(opened++ > 0);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = new EventParser();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || stopped) break;
          feedWatchdog();
          for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
            if (parser.lastEventId !== undefined) lastEventId = parser.lastEventId;
            try {
              onEvent(event);
            } catch {
              // A listener's mistake must not end the stream.
            }
          }
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      return 'ok';
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return 'signedOut';
      if (error instanceof ApiError && error.status === 429) return 'busy';
      return 'failed';
    } finally {
      clearTimeout(watchdog);
    }
  }

  // Offline, the socket may look open for a long while: drop it so the header says so at once;
  // back online, try again now rather than after the back-off.
  const goneOffline = () => controller?.abort();
  const backOnline = () => {
    attempt = 0;
    clearTimeout(timer);
    wake?.();
  };
  globalThis.addEventListener?.('offline', goneOffline);
  globalThis.addEventListener?.('online', backOnline);
  let attempt = 0;

  void (async () => {
    status('connecting');
    while (!stopped) {
      const outcome = await connect();
      if (stopped) break;
      if (outcome === 'signedOut') {
        status('off');
        return;
      }
      if (outcome === 'ok') attempt = 0;
      status('reconnecting');
      await sleep(outcome === 'busy' ? MAX_DELAY_MS : reconnectDelay(attempt));
      attempt += 1;
    }
  })();

  return () => {
    stopped = true;
    globalThis.removeEventListener?.('offline', goneOffline);
    globalThis.removeEventListener?.('online', backOnline);
    clearTimeout(timer);
    wake?.();
    controller?.abort();
    onStatus?.('off');
  };
}
