/**
 * The numbered frames kept for Last-Event-ID resumes (design.md#live-updates): the newest
 * EVENT_BUFFER_SIZE, oldest first, as written on the wire.
 */
import { RESET_EVENT, type Frame } from './stream-writer.ts';

/** Events kept for resumes; a Last-Event-ID older than these gets `event: reset`. */
export const EVENT_BUFFER_SIZE = 1_000;

export function createReplayBuffer(size = EVENT_BUFFER_SIZE) {
  // Ids start from the clock, so a new process's ids are above an old one's: a client resuming
  // across a restart is told to reset instead of being replayed the wrong events.
  let lastId = Date.now() * 1000;
  const buffer: Frame[] = [];

  return {
    /** The next id's frame, kept. */
    add(frameFor: (id: number) => string): Frame {
      const id = ++lastId;
      const frame = { id, frame: frameFor(id) };
      buffer.push(frame);
      if (buffer.length > size) buffer.shift();
      return frame;
    },
    lastId: () => lastId,
    /** The frames after `lastEventId`, or a reset when those are no longer all kept. */
    replay(header: string | string[] | undefined): string {
      const raw = Array.isArray(header) ? header[0] : header;
      if (raw === undefined || raw.trim() === '') return '';
      const after = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      const oldestKept = buffer.length > 0 ? buffer[0]!.id : lastId + 1;
      if (!(after >= oldestKept - 1 && after <= lastId)) return RESET_EVENT;
      return buffer.filter((event) => event.id > after).map((event) => event.frame).join('');
    },
  };
}
