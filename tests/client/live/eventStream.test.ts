/** The live-update stream (design.md#live-updates): parsing, reconnecting with Last-Event-ID, and what each event refreshes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventParser, openEventStream, reconnectDelay, type StreamEvent, type StreamStatus } from '../../../src/client/lib/eventStream.ts';
import { keysForEvent } from '../../../src/client/lib/liveUpdates.ts';
import { useAuth } from '../../../src/client/lib/auth.ts';

/** Turns of the promise queue `until` allows before it gives up. */
const MAX_TURNS = 200;

describe('EventParser', () => {
  it('reads ids, event names and data; pings and comments are skipped', () => {
    const parser = new EventParser();
    const events = parser.feed(': ping\n\nid: 7\nevent: ticket\ndata: {"id":1,"number":"TCK-000001","change":"created"}\n\n: ping\n\n');
    expect(events).toEqual([{ id: '7', event: 'ticket', data: '{"id":1,"number":"TCK-000001","change":"created"}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('joins events split anywhere across chunks, CRLF and CR line ends included', () => {
    const parser = new EventParser();
    const text = 'id: 1\r\nevent: ticket\r\ndata: a\r\ndata: b\r\n\r\nid: 2\revent: reset\rdata:\r\r';
    const got: StreamEvent[] = [];
    for (const ch of text) got.push(...parser.feed(ch));
    expect(got).toEqual([
      { id: '1', event: 'ticket', data: 'a\nb' },
      { id: '2', event: 'reset', data: '' },
    ]);
    expect(parser.lastEventId).toBe('2');
  });

  it('keeps nothing between events and drops a line that never ends', () => {
    const parser = new EventParser();
    for (let i = 0; i < 1000; i++) parser.feed(`id: ${i}\nevent: ticket\ndata: {}\n\n`);
    expect(parser.lastEventId).toBe('999');
    expect(parser.feed('data: ' + 'x'.repeat(70_000))).toEqual([]);
    expect((parser as unknown as { pending: string }).pending).toBe('');
  });
});

describe('what an event refreshes', () => {
  const ticket = (change: string) => ({ id: '1', event: 'ticket', data: JSON.stringify({ id: 5, number: 'TCK-000005', change }) });

  it('lists and counts for every change; the detail and log for edits and transitions; the comments for a comment', () => {
    expect(keysForEvent(ticket('created'))).toEqual([['tickets'], ['mytickets']]);
    expect(keysForEvent(ticket('updated'))).toEqual([
      ['tickets'],
      ['mytickets'],
      ['singletickets', 'TCK-000005'],
      ['ticketlogs', 'TCK-000005'],
      ['singletickets', '5'],
      ['ticketlogs', '5'],
    ]);
    expect(keysForEvent(ticket('status'))).toContainEqual(['ticketlogs', 'TCK-000005']);
    expect(keysForEvent(ticket('comment'))).toEqual([['tickets'], ['mytickets'], ['comments', 'TCK-000005'], ['comments', '5']]);
  });

  it('a ticket that time alone made due soon or breached (change "sla"): lists, counts and its detail', () => {
    expect(keysForEvent(ticket('sla'))).toEqual([['tickets'], ['mytickets'], ['singletickets', 'TCK-000005'], ['singletickets', '5']]);
  });

  it('a notification refreshes the bell and its panel, nothing else', () => {
    expect(keysForEvent({ id: '9', event: 'notification', data: '{"unread":3}' })).toEqual([['notifications']]);
  });

  it('reset refreshes everything; a reconnect every ticket read; other events and broken data nothing', () => {
    expect(keysForEvent({ id: undefined, event: 'reset', data: '' })).toBeUndefined();
    expect(keysForEvent({ id: undefined, event: 'resync', data: '' })).toEqual([['tickets'], ['mytickets'], ['singletickets'], ['ticketlogs'], ['comments'], ['notifications']]);
    expect(keysForEvent({ id: undefined, event: 'message', data: '{}' })).toBeNull();
    expect(keysForEvent({ id: undefined, event: 'ticket', data: '{not json' })).toBeNull();
  });
});

/** A fake /events: each call answers the next script (a list of chunks, then the stream ends), or a status. */
function fakeEvents(scripts: ((string | null)[] | number)[]) {
  const calls: { headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
    calls.push({ headers });
    const script = scripts[calls.length - 1];
    if (script === undefined) return new Promise<Response>(() => undefined); // hangs: stay connected
    if (typeof script === 'number') return new Response(JSON.stringify({ message: 'no' }), { status: script });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // A null ends the script but not the stream: the connection stays open.
        for (const chunk of script) if (chunk !== null) controller.enqueue(encoder.encode(chunk));
        if (script.at(-1) !== null) controller.close();
        // As a real fetch does: aborting errors the body being read.
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return calls;
}

/**
 * Under fake timers (Testing Library's waitFor settles with a setTimeout, which they would
 * freeze): lets pending promises run, the clock standing still, until `check` passes.
 */
async function until(check: () => void): Promise<void> {
  for (let turn = 0; ; turn++) {
    try {
      check();
      return;
    } catch (error) {
      if (turn >= MAX_TURNS) throw error;
    }
    await vi.advanceTimersByTimeAsync(0);
  }
}
describe('openEventStream', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('sends the token, hands on each event, and reconnects after an end with Last-Event-ID', async () => {
    useAuth.getState().login('token-1', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.c', role: 'super', last_seen: null });
    const calls = fakeEvents([['id: 41\nevent: ticket\ndata: {"id":1,"number":"TCK-000001","change":"created"}\n\n', ': ping\n\nid: 42\nevent: ticket\ndata: {}\n\n'], [': ping\n\n', null]]);
    const events: StreamEvent[] = [];
    const statuses: StreamStatus[] = [];
    const opens: boolean[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stop = openEventStream({ onEvent: (e) => events.push(e), onOpen: (again) => opens.push(again), onStatus: (s) => statuses.push(s) });
    await until(() => expect(statuses.at(-1)).toBe('reconnecting'));
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    await until(() => expect(opens).toEqual([false, true]));
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.authorization).toBe('Bearer token-1');
    expect(calls[0]!.headers.accept).toBe('text/event-stream');
    expect(calls[0]!.headers['last-event-id']).toBeUndefined();
    expect(calls[1]!.headers['last-event-id']).toBe('42');
    expect(events.map((e) => e.id)).toEqual(['41', '42']);
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting']);
  });

  it('retries after a failure, and gives up on 401 (signed out)', async () => {
    useAuth.getState().login('token-2', { id: 2, first_name: 'A', last_name: 'B', email: 'a@b.c', role: 'support', last_seen: null });
    const calls = fakeEvents([503, 401]);
    const statuses: StreamStatus[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stop = openEventStream({ onEvent: () => undefined, onStatus: (s) => statuses.push(s) });
    await until(() => expect(statuses.at(-1)).toBe('reconnecting'));
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    await until(() => expect(statuses.at(-1)).toBe('off'));
    expect(calls).toHaveLength(2);
    expect(useAuth.getState().accessToken).toBeNull();
  });

  it('going offline drops the stream at once; coming back online reconnects without waiting out the back-off', async () => {
    useAuth.getState().login('token-4', { id: 4, first_name: 'A', last_name: 'B', email: 'a@b.c', role: 'support', last_seen: null });
    const calls = fakeEvents([[': ping\n\n', null], 503, [': ping\n\n', null]]);
    const statuses: StreamStatus[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stop = openEventStream({ onEvent: () => undefined, onStatus: (s) => statuses.push(s) });
    await until(() => expect(statuses.at(-1)).toBe('live'));
    window.dispatchEvent(new Event('offline'));
    await until(() => expect(statuses.at(-1)).toBe('reconnecting'));
    // The 1 s retry fails (still offline); the next would wait 2 s more.
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    await until(() => expect(calls).toHaveLength(2));
    await until(() => expect(statuses.at(-1)).toBe('reconnecting'));
    const asked = Date.now();
    window.dispatchEvent(new Event('online'));
    await until(() => expect(statuses.at(-1)).toBe('live'));
    expect(calls).toHaveLength(3);
    // No back-off was waited out: the clock has not moved.
    expect(Date.now() - asked).toBe(0);
  });

  it('stop() aborts the open stream and no reconnect follows', async () => {
    useAuth.getState().login('token-3', { id: 3, first_name: 'A', last_name: 'B', email: 'a@b.c', role: 'support', last_seen: null });
    const calls = fakeEvents([]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stop = openEventStream({ onEvent: () => undefined });
    await until(() => expect(calls).toHaveLength(1));
    stop();
    // Longer than the longest back-off: any reconnect would have been made by now.
    await vi.advanceTimersByTimeAsync(reconnectDelay(Infinity) + 1);
    expect(calls).toHaveLength(1);
  });
});
