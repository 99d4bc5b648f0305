/** Notifications fixtures, and a fake /events stream driven by the test on top of fakeApi's fetch. */
import { vi } from 'vitest';
import type { AppNotification } from '../../../src/shared/notifications.ts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

export function notification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    ticket: { id, number: `TCK-00000${id}`, title: `Ticket ${id}` },
    reason: 'comment',
    text: `Sam commented on TCK-00000${id} "Ticket ${id}"`,
    actor: { id: 2, name: 'Sam' },
    created_at: minutesAgo(id * 5),
    read_at: null,
    ...overrides,
  };
}

/**
 * Answers GET /api/events with a stream the test writes to (`send`), and everything else with
 * the fetch installed before (fakeApi's). Install after fakeApi().
 */
export function fakeEventStream() {
  const inner = globalThis.fetch;
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/events') return inner(input, init);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        init?.signal?.addEventListener('abort', () => c.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    send(event: string, data: unknown) {
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}
