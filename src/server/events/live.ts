/**
 * Live updates (design.md#live-updates): every recorded ticket event (events/dispatch.ts) becomes one numbered
 * frame, kept in a ring buffer for Last-Event-ID resumes and written to every open GET /events stream; a
 * person's unread count goes to their own streams alone. Publishing only queues: the fan-out runs after the
 * request that caused it has been answered, at most once per FAN_OUT_EVERY_MS, and writes what each stream
 * gets in that tick (the shared frames, encoded once, and its own unread count) as one chunk.
 * A stream that stops taking data (write() answers false) is skipped until it drains, then told to reset;
 * one still stuck at the next heartbeat is cut off, so a slow reader never holds the others. A stream ends
 * when its session does: checked on each event and heartbeat, and at once when sessions are revoked.
 */
import type { ServerResponse } from 'node:http';
import { SERVER } from '../../shared/index.ts';
import type { LiveTicketEvent } from '../../shared/liveRules.ts';
import { busy, tooMany } from '../errors.ts';
import { DEFAULT_SETTINGS } from '../settings.ts';
import { createReplayBuffer } from './replay-buffer.ts';
import { eachInSlices, streamCapacity } from './stream-capacity.ts';
import { chunkFor, RESET_EVENT, send, type Frame, type Stream } from './stream-writer.ts';


export const MAX_STREAMS = DEFAULT_SETTINGS.eventsMaxStreams;
/** Sent first on every stream: how long an EventSource waits before it reconnects. */
export const RECONNECT_AFTER_MS = 3000;
const RETRY_FRAME = `retry: ${RECONNECT_AFTER_MS}\n\n`;
/** A stream refused for the caps above may be asked for again after this. */
const RETRY_STREAM_AFTER_SECONDS = 5;
/**
 * Fan-outs start at most this often: the first event after a quiet spell goes out at once, and
 * events of a burst that follows share one write per stream (an event arrives at most this late).
 */
export const FAN_OUT_EVERY_MS = 50;

export interface LiveOptions {
  heartbeatSeconds: number;
  /** The user behind a live session and when it may expire at the soonest (touching it: an open stream is use). */
  session: (tokenHash: string) => { userId: number; validUntil: number } | undefined;
  /** The clock, in ms (the session's). */
  now: () => number;
  /** @default EVENTS_MAX_STREAMS's default */
  maxStreams?: number;
  maxStreamsPerUser?: number;
  bufferSize?: number;
  /** Where the "streams near the limit" notice goes. @default console.log */
  log?: (line: string) => void;
}

const PING = ': ping\n\n';

export type Live = ReturnType<typeof createLive>;

export function createLive(options: LiveOptions) {
  const { heartbeatSeconds, session, now, log = console.log } = options;
  const capacity = streamCapacity(options.maxStreams ?? MAX_STREAMS, log);
  const maxPerUser = options.maxStreamsPerUser ?? DEFAULT_SETTINGS.eventsStreamsPerUser;
  const kept = createReplayBuffer(options.bufferSize);
  const streams = new Set<Stream>();
  const byUser = new Map<number, Set<Stream>>();
  /** Frames published and not yet fanned out, and unread counts not yet sent (the newest per person). */
  let queued: Frame[] = [];
  let unread = new Map<number, number>();
  let drainScheduled = false;
  let lastDrainAt = -Infinity;
  let sessionsCheckScheduled = false;
  let heartbeat: NodeJS.Timeout | undefined;

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
   * Writes what was queued to the streams, a slice per turn of the event loop, so requests that
   * arrive meanwhile are served between slices instead of after the whole fan-out.
   */
  function drain(): void {
    const frames = queued;
    const counts = unread;
    queued = [];
    unread = new Map();
    lastDrainAt = performance.now();
    const shared = frames.length > 0 ? Buffer.from(frames.map((f) => f.frame).join('')) : undefined;
    const lastSent = frames.at(-1)?.id;
    const targets = shared ? [...streams] : [...counts.keys()].flatMap((userId) => [...(byUser.get(userId) ?? [])]);
    eachInSlices(targets, (stream) => {
      if (!streams.has(stream) || !stillSignedIn(stream)) return;
      const chunk = chunkFor(stream, frames, shared, counts.get(stream.userId));
      if (chunk !== undefined) send(stream, chunk);
      if (lastSent !== undefined) stream.lastSent = Math.max(stream.lastSent, lastSent);
    }, () => {
      drainScheduled = false;
      if (queued.length > 0 || unread.size > 0) scheduleDrain();
    });
  }

  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    const wait = lastDrainAt + FAN_OUT_EVERY_MS - performance.now();
    if (wait <= 0) setImmediate(drain);
    else setTimeout(drain, wait);
  }

  function beat(): void {
    eachInSlices([...streams], (stream) => {
      if (!streams.has(stream) || !stillSignedIn(stream, true)) return;
      if (!stream.congested) return send(stream, PING);
      if (stream.stuck) stream.res.destroy();
      stream.stuck = true;
    });
  }

  function remove(stream: Stream): void {
    if (!streams.delete(stream)) return;
    const own = byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) byUser.delete(stream.userId);
    capacity.changed(streams.size);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  return {
    /** A recorded ticket event, for every stream after this turn of the event loop. */
    publish(data: LiveTicketEvent): void {
      const frame = kept.add((id) => `id: ${id}\nevent: ticket\ndata: ${JSON.stringify(data)}\n\n`);
      if (streams.size > 0) {
        queued.push(frame);
        scheduleDrain();
      }
    },

    /** A person's unread count, to their own streams only, in the next fan-out; not numbered, so never replayed (the count is asked afresh). */
    notify(userId: number, count: number): void {
      if (!byUser.has(userId)) return;
      unread.set(userId, count);
      scheduleDrain();
    },

    /**
     * GET /events: checks the caps and what a Last-Event-ID resumes; the answer, once its headers
     * are written (http/respond.ts, sendEventStream), is held open as an event stream by `attach`.
     */
    open(userId: number, tokenHash: string, lastEventId: string | string[] | undefined): (res: ServerResponse) => void {
      if ((byUser.get(userId)?.size ?? 0) >= maxPerUser) throw tooMany(SERVER.tooManyStreams, RETRY_STREAM_AFTER_SECONDS);
      if (capacity.full(streams.size)) throw busy(RETRY_STREAM_AFTER_SECONDS);
      const resume = kept.replay(lastEventId);
      // Resumed: every frame so far is replayed or was seen, so a fan-out under way skips them.
      const resumedTo = String(lastEventId ?? '').trim() !== '' && resume !== RESET_EVENT ? kept.lastId() : 0;
      return function attach(res) {
        const stream: Stream = { res, userId, tokenHash, validUntil: 0, lastSent: resumedTo, congested: false, stuck: false };
        streams.add(stream);
        let own = byUser.get(userId);
        if (!own) byUser.set(userId, (own = new Set()));
        own.add(stream);
        capacity.changed(streams.size);
        res.once('close', () => remove(stream));
        send(stream, RETRY_FRAME + resume);
        heartbeat ??= setInterval(beat, heartbeatSeconds * 1000).unref();
      };
    },

    /** Sessions were revoked: end the streams whose session is gone (once, after this request, a slice at a time). */
    sessionsChanged(): void {
      if (sessionsCheckScheduled || streams.size === 0) return;
      sessionsCheckScheduled = true;
      setImmediate(() => {
        sessionsCheckScheduled = false;
        eachInSlices([...streams], (stream) => void (streams.has(stream) && stillSignedIn(stream, true)));
      });
    },

    /** Open streams, of one user or of everyone. */
    openStreams: (userId?: number) => (userId === undefined ? streams.size : (byUser.get(userId)?.size ?? 0)),
    /** `{open, max}` once the open streams reach STREAMS_NEAR_SHARE of the limit (GET /api/health), else undefined. */
    nearLimit: () => capacity.near(streams.size),
    lastEventId: kept.lastId,

    close(): void {
      for (const stream of streams) stream.res.end();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
