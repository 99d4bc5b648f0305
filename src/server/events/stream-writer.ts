/**
 * One open GET /events stream and how it is written to (design.md#live-updates): without waiting, and
 * a stream that pushes back (write() answers false) gets nothing more until it drains, then a reset.
 */
import type { ServerResponse } from 'node:http';

export const RESET_EVENT = 'event: reset\ndata: {}\n\n';
export const unreadFrame = (unread: number) => `event: notification\ndata: ${JSON.stringify({ unread })}\n\n`;

/** One numbered event as written on the wire. */
export interface Frame {
  id: number;
  frame: string;
}

export interface Stream {
  res: ServerResponse;
  userId: number;
  tokenHash: string;
  /** Until then the session holds unless revoked (revocations are checked at once, see sessionsChanged). */
  validUntil: number;
  /** The id of the last event written to it. */
  lastSent: number;
  /** write() answered false: nothing more is written until it drains, then a reset. */
  congested: boolean;
  /** Still congested at a heartbeat: cut off if it still is at the next. */
  stuck: boolean;
}

export function send(stream: Stream, chunk: string | Buffer): void {
  const { res } = stream;
  if (stream.congested || res.destroyed || res.writableEnded) return;
  if (res.write(chunk)) return;
  stream.congested = true;
  res.once('drain', () => {
    stream.congested = false;
    stream.stuck = false;
    // What it missed meanwhile is not replayed: the client reloads what it shows.
    if (!res.destroyed && !res.writableEnded) res.write(RESET_EVENT);
  });
}

/** What one stream gets this tick: the shared chunk (one Buffer for all), or its own part of it. */
export function chunkFor(stream: Stream, frames: Frame[], shared: Buffer | undefined, own: number | undefined): string | Buffer | undefined {
  let chunk: string | Buffer | undefined = shared;
  // A stream opened with Last-Event-ID may have been replayed some of these already.
  if (shared && stream.lastSent >= frames[0]!.id) {
    const left = frames.filter((f) => f.id > stream.lastSent).map((f) => f.frame).join('');
    chunk = left === '' ? undefined : left;
  }
  if (own === undefined) return chunk;
  return chunk === undefined ? unreadFrame(own) : Buffer.concat([Buffer.from(chunk), Buffer.from(unreadFrame(own))]);
}
