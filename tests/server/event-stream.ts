/** GET /events, read as the client reads it (fetch and a stream reader), frame by frame. */
import type { TestServer } from './helpers.ts';

export const ARRIVES_WITHIN_MS = 1000;

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** An open event stream: frames as they arrive, and whether the server has ended it. */
export interface EventStream {
  status: number;
  headers: Headers;
  frames: Frame[];
  ended: Promise<void>;
  /** Resolves with the first frame (from `from` on) that matches, or rejects after the timeout. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number, from?: number): Promise<Frame>;
  close(): void;
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else {
      const at = line.indexOf(':');
      (frame as Record<string, string>)[line.slice(0, at)] = line.slice(at + 1).trimStart();
    }
  }
  return frame;
}

export async function openStream(t: TestServer, token: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/api/events`, { headers: { Authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let ended = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let pending = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          pending += value;
          for (let end; (end = pending.indexOf('\n\n')) >= 0; pending = pending.slice(end + 2)) {
            frames.push(parseFrame(pending.slice(0, end)));
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  } else await res.text();
  return {
    status: res.status,
    headers: res.headers,
    frames,
    ended,
    next(match, timeoutMs = ARRIVES_WITHIN_MS, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.slice(from).find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** The parsed data of the stream's `event: {event}` frames so far, in order. */
export const dataOf = (stream: EventStream, event: string): any[] =>
  stream.frames.filter((f) => f.event === event && f.data !== undefined).map((f) => JSON.parse(f.data!));
