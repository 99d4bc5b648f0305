/**
 * Live updates (design.md#live-updates): every recorded ticket event (events/dispatch.ts) becomes one numbered
 * frame, kept in a ring buffer for Last-Event-ID resumes and written to every open GET /events stream; a
 * person's unread count goes to their own streams alone. Publishing only queues: the fan-out runs after the request that caused it has been
 * answered, and each stream is written without waiting for it (a stream that falls too far
 * behind is cut off). A stream ends when its session does: checked on each event and heartbeat,
 * and at once when sessions are revoked (sign-out, password change, account deletion).
 */
import type { ServerResponse } from 'node:http';
import { SERVER, type TicketEvent } from '../../shared/index.ts';
import { busy, tooMany } from '../errors.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';

/** Events kept for resumes; a Last-Event-ID older than these gets `event: reset`. */
export const EVENT_BUFFER_SIZE = 1_000;
export const MAX_STREAMS = 1_000;
/** Sent first on every stream: how long an EventSource waits before it reconnects. */
export const RECONNECT_AFTER_MS = 3000;
const RETRY_FRAME = `retry: ${RECONNECT_AFTER_MS}\n\n`;
/** A stream refused for the caps above may be asked for again after this. */
const RETRY_STREAM_AFTER_SECONDS = 5;
/** A stream whose client has not taken this much is cut off rather than buffered for ever. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** Streams written per turn of the event loop during a fan-out. */
const FAN_OUT_SLICE = 50;
/**
 * Fan-outs start at most this often: the first event after a quiet spell goes out at once, and
 * events of a burst that follows share one write per stream (an event arrives at most this late).
 */
const FAN_OUT_EVERY_MS = 50;

export interface LiveOptions {
  heartbeatSeconds: number;
  /** The user behind a live session and when it may expire at the soonest (touching it: an open stream is use). */
  session: (tokenHash: string) => { userId: number; validUntil: number } | undefined;
  /** The clock, in ms (the session's). */
  now: () => number;
  maxStreams?: number;
  maxStreamsPerUser?: number;
  bufferSize?: number;
}

interface Stream {
  res: ServerResponse;
  userId: number;
  tokenHash: string;
  /** Until then the session holds unless revoked (revocations are checked at once, see sessionsChanged). */
  validUntil: number;
  /** The id of the last event written to it. */
  lastSent: number;
}

export const RESET_EVENT = 'event: reset\ndata: {}\n\n';
const PING = ': ping\n\n';

export type Live = ReturnType<typeof createLive>;

export function createLive(options: LiveOptions) {
  const { heartbeatSeconds, session, now } = options;
  const maxStreams = options.maxStreams ?? MAX_STREAMS;
  const maxPerUser = options.maxStreamsPerUser ?? DEFAULT_SETTINGS.eventsStreamsPerUser;
  const bufferSize = options.bufferSize ?? EVENT_BUFFER_SIZE;

  // Ids start from the clock, so a new process's ids are above an old one's: a client resuming
  // across a restart is told to reset instead of being replayed the wrong events.
  const firstId = Date.now() * 1000;
  let lastId = firstId;
  /** The newest events, oldest first, as written on the wire. */
  const buffer: Array<{ id: number; frame: string }> = [];
  const streams = new Set<Stream>();
  const perUser = new Map<number, number>();
  /** Frames published and not yet fanned out; drained once per turn of the event loop. */
  let queued: Array<{ id: number; frame: string }> = [];
  let drainScheduled = false;
  let lastDrainAt = -Infinity;
  let sessionsCheckScheduled = false;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Writes without waiting; a client far behind is cut off. False when the stream was ended. */
  function write(stream: Stream, text: string): boolean {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return false;
    if (res.writableLength > MAX_UNSENT_BYTES) {
      res.destroy();
      return false;
    }
    res.write(text);
    return true;
  }

  /**
   * Ends the stream when its session no longer holds; true while it does. The database is asked
   * when the session's soonest expiry has passed, or when `ask` (heartbeats, revocations).
   */
  function stillSignedIn(stream: Stream, ask = false): boolean {
    if (!ask && now() < stream.validUntil) return true;
    const found = session(stream.tokenHash);
    if (found && found.userId === stream.userId) {
      stream.validUntil = found.validUntil;
      return true;
    }
    stream.res.end();
    return false;
  }

  /**
   * Writes the queued frames to every stream, a slice per turn of the event loop, so requests
   * that arrive meanwhile are served between slices instead of after the whole fan-out.
   */
  function drain(): void {
    const frames = queued;
    queued = [];
    const text = frames.map((f) => f.frame).join('');
    const firstId = frames[0]!.id;
    const lastSent = frames.at(-1)!.id;
    const targets = [...streams];
    let next = 0;
    const slice = () => {
      const end = Math.min(next + FAN_OUT_SLICE, targets.length);
      for (; next < end; next++) {
        const stream = targets[next]!;
        if (!streams.has(stream) || !stillSignedIn(stream)) continue;
        // A stream opened with Last-Event-ID may have been replayed some of these already.
        const own = stream.lastSent < firstId ? text : frames.filter((f) => f.id > stream.lastSent).map((f) => f.frame).join('');
        if (own) write(stream, own);
        stream.lastSent = lastSent;
      }
      if (next < targets.length) setImmediate(slice);
      else {
        drainScheduled = false;
        if (queued.length > 0) scheduleDrain();
      }
    };
    lastDrainAt = performance.now();
    slice();
  }

  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    const wait = lastDrainAt + FAN_OUT_EVERY_MS - performance.now();
    if (wait <= 0) setImmediate(drain);
    else setTimeout(drain, wait);
  }

  function beat(): void {
    for (const stream of streams) if (stillSignedIn(stream, true)) write(stream, PING);
  }

  function remove(stream: Stream): void {
    if (!streams.delete(stream)) return;
    const left = (perUser.get(stream.userId) ?? 1) - 1;
    if (left > 0) perUser.set(stream.userId, left);
    else perUser.delete(stream.userId);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  /** The frames after `lastEventId`, or a reset when those are no longer all kept. */
  function replay(header: string | string[] | undefined): string {
    const raw = Array.isArray(header) ? header[0] : header;
    if (raw === undefined || raw.trim() === '') return '';
    const after = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    const oldestKept = buffer.length > 0 ? buffer[0]!.id : lastId + 1;
    if (!(after >= oldestKept - 1 && after <= lastId)) return RESET_EVENT;
    return buffer.filter((event) => event.id > after).map((event) => event.frame).join('');
  }

  return {
    /** A recorded ticket event, for every stream after this turn of the event loop. */
    publish(data: TicketEvent): void {
      const id = ++lastId;
      const frame = `id: ${id}\nevent: ticket\ndata: ${JSON.stringify(data)}\n\n`;
      buffer.push({ id, frame });
      if (buffer.length > bufferSize) buffer.shift();
      if (streams.size > 0) {
        queued.push({ id, frame });
        scheduleDrain();
      }
    },

    /** A person's unread count, to their own streams only; not numbered, so never replayed (the count is asked afresh). */
    notify(userId: number, unread: number): void {
      if (!perUser.has(userId)) return;
      const frame = `event: notification\ndata: ${JSON.stringify({ unread })}\n\n`;
      for (const stream of streams) if (stream.userId === userId && stillSignedIn(stream)) write(stream, frame);
    },

    /**
     * GET /events: checks the caps and what a Last-Event-ID resumes; the answer, once its headers
     * are written (http/respond.ts, sendEventStream), is held open as an event stream by `attach`.
     */
    open(userId: number, tokenHash: string, lastEventId: string | string[] | undefined): (res: ServerResponse) => void {
      if ((perUser.get(userId) ?? 0) >= maxPerUser) throw tooMany(SERVER.tooManyStreams, RETRY_STREAM_AFTER_SECONDS);
      if (streams.size >= maxStreams) throw busy(RETRY_STREAM_AFTER_SECONDS);
      const resume = replay(lastEventId);
      // Resumed: every frame so far is replayed or was seen, so a fan-out under way skips them.
      const resumedTo = String(lastEventId ?? '').trim() !== '' && resume !== RESET_EVENT ? lastId : 0;
      return function attach(res) {
        const stream: Stream = { res, userId, tokenHash, validUntil: 0, lastSent: resumedTo };
        streams.add(stream);
        perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
        res.once('close', () => remove(stream));
        res.write(RETRY_FRAME + resume);
        heartbeat ??= setInterval(beat, heartbeatSeconds * 1000).unref();
      };
    },

    /** Sessions were revoked: end the streams whose session is gone (once, after this request). */
    sessionsChanged(): void {
      if (sessionsCheckScheduled || streams.size === 0) return;
      sessionsCheckScheduled = true;
      setImmediate(() => {
        sessionsCheckScheduled = false;
        for (const stream of streams) stillSignedIn(stream, true);
      });
    },

    /** Open streams, of one user or of everyone. */
    openStreams: (userId?: number) => (userId === undefined ? streams.size : (perUser.get(userId) ?? 0)),
    lastEventId: () => lastId,

    close(): void {
      for (const stream of streams) stream.res.end();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
