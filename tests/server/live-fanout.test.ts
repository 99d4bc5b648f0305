/**
 * design.md#live-updates: the fan-out writes what a stream gets within one tick as one chunk (in
 * order, none lost), the same encoded bytes for every stream, and a slow reader never holds the others.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createLive } from '../../src/server/events/live.ts';
import { RESET_EVENT } from '../../src/server/events/stream-writer.ts';

/** A response that records each write() and answers as told (false: its buffer is full). */
class FakeResponse extends EventEmitter {
  writes: Array<string | Buffer> = [];
  accepts = true;
  destroyed = false;
  writableEnded = false;
  write(chunk: string | Buffer): boolean {
    this.writes.push(chunk);
    return this.accepts;
  }
  end(): void {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  text = () => this.writes.map(String).join('');
  ticketIds = () => [...this.text().matchAll(/"id":(\d+),"number"/g)].map((m) => Number(m[1]));
}

const ticket = (id: number) => ({ id, number: `TCK-${String(id).padStart(6, '0')}`, change: 'status' as const });
const turn = () => new Promise((resolve) => setImmediate(resolve));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await turn();
}

function setUp(streams: number) {
  const live = createLive({ heartbeatSeconds: 3600, now: () => 0, session: (hash) => ({ userId: Number(hash), validUntil: Infinity }), log: () => {} });
  const responses = Array.from({ length: streams }, (_, i) => {
    const res = new FakeResponse();
    live.open(i + 1, String(i + 1), undefined)(res as unknown as ServerResponse);
    return res;
  });
  // Each stream's first write is its `retry:` line.
  return { live, responses, sent: (res: FakeResponse) => res.writes.length - 1 };
}

describe('live fan-out', () => {
  it('writes the events of one tick, and the unread count, to each stream as one chunk, in order, the same bytes for all', async () => {
    const { live, responses, sent } = setUp(3);
    live.publish(ticket(1));
    live.publish(ticket(2));
    live.notify(2, 7);
    await until(() => responses.every((res) => sent(res) === 1));
    expect(responses.map((res) => res.ticketIds())).toEqual([[1, 2], [1, 2], [1, 2]]);
    expect(responses[0]!.writes[1]).toBe(responses[2]!.writes[1]);
    expect(String(responses[1]!.writes[1])).toMatch(/"id":2,.*\n\nevent: notification\ndata: \{"unread":7\}\n\n$/s);

    // A burst after that: the next fan-out waits for its tick and carries all of it, none lost.
    for (let id = 3; id <= 40; id++) live.publish(ticket(id));
    await until(() => responses.every((res) => res.ticketIds().length === 40));
    expect(responses.every((res) => sent(res) <= 3)).toBe(true);
    expect(responses[0]!.ticketIds()).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    live.close();
  });

  it('skips a stream whose buffer is full without holding the others, and tells it to reset once drained', async () => {
    const { live, responses, sent } = setUp(3);
    const slow = responses[1]!;
    slow.accepts = false;
    live.publish(ticket(1));
    await until(() => responses.every((res) => sent(res) === 1));
    live.publish(ticket(2));
    await until(() => responses[0]!.ticketIds().length === 2 && responses[2]!.ticketIds().length === 2);
    expect(slow.ticketIds()).toEqual([1]);

    slow.accepts = true;
    slow.emit('drain');
    expect(String(slow.writes.at(-1))).toBe(RESET_EVENT);
    live.publish(ticket(3));
    await until(() => slow.ticketIds().length === 2);
    expect(slow.ticketIds()).toEqual([1, 3]);
    live.close();
  });

  it('cuts off a stream still stuck at its second heartbeat; the others get their pings', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const { live, responses } = setUp(2);
      const [slow, fine] = responses as [FakeResponse, FakeResponse];
      slow.accepts = false;
      live.publish(ticket(1));
      await until(() => fine.ticketIds().length === 1 && slow.ticketIds().length === 1);
      vi.advanceTimersByTime(3600_000);
      await turn();
      expect(slow.destroyed).toBe(false);
      vi.advanceTimersByTime(3600_000);
      await turn();
      expect(slow.destroyed).toBe(true);
      expect(fine.destroyed).toBe(false);
      expect(fine.text().match(/: ping/g)).toHaveLength(2);
      expect(live.openStreams()).toBe(1);
      live.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
