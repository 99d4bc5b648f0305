/** design.md#live-updates: EVENTS_MAX_STREAMS is a capacity: near it the log and /api/health say so; past it, 503. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type EventStream } from './event-stream.ts';
import { createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

const MAX = 10;
/** 90 % of MAX. */
const NEAR = 9;

let t: TestServer;
let w: World;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await startTestServer({ maxEventStreams: MAX });
  w = await createWorld(t);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

const health = async () => (await t.call('GET', '/api/health')).body;
const nearLines = () => t.logs.filter((line) => line.includes('EVENTS_MAX_STREAMS'));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('EVENTS_MAX_STREAMS', () => {
  it('says nothing below 90 %, logs once and adds streams to /api/health from it, and answers the (max+1)th with 503', async () => {
    const tokens = [w.owner.token, w.developer.token, w.admin.token];
    for (let i = 0; i < NEAR - 1; i++) open.push(await openStream(t, tokens[i % tokens.length]!));
    expect(await health()).toEqual({ status: 'ok' });
    expect(nearLines()).toEqual([]);

    open.push(await openStream(t, w.owner.token));
    expect(await health()).toEqual({ status: 'ok', streams: { open: NEAR, max: MAX } });
    expect(nearLines()).toHaveLength(1);
    expect(nearLines()[0]).toContain(`${NEAR} open of EVENTS_MAX_STREAMS ${MAX}`);

    open.push(await openStream(t, w.developer.token));
    expect(open.every((stream) => stream.status === 200)).toBe(true);
    const refused = await t.call('GET', '/api/events', { token: w.admin.token });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await health()).toEqual({ status: 'ok', streams: { open: MAX, max: MAX } });
    expect(nearLines()).toHaveLength(1);

    // Back below 90 %: the field goes, and reaching it again logs again.
    open.splice(0, 2).forEach((stream) => stream.close());
    await until(() => t.server.app.live.openStreams() === MAX - 2);
    expect(await health()).toEqual({ status: 'ok' });
    open.push(await openStream(t, w.owner.token));
    await until(() => nearLines().length === 2);
  });
});

describe('idle keep-alive connections', () => {
  // Node's 5 s closed sockets that clients acting every few seconds were reusing at that moment: connection resets under load.
  it('are kept 65 s, and the answers say so', async () => {
    const answer = await t.call('GET', '/api/health');
    expect(answer.headers.get('keep-alive')).toBe('timeout=65');
  });
});
