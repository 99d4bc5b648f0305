/**
 * The body budget is counted as bytes arrive, with a small anonymous share (design.md#connection-limits):
 * anonymous clients that declare big bodies and trickle them, or send most of one and stall,
 * cannot block sign-ins or the writes of those signed in.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_BODIES_BYTES, BODY_LIMIT_BYTES, bodyBytesHeld } from '../../src/server/http/body.ts';
import { ADMIN, createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

const ATTACKERS = 16;

let t: TestServer;
let w: World;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await vi.waitFor(() => expect(bodyBytesHeld()).toEqual({ all: 0, anonymous: 0 }));
});
afterAll(() => t.close());

interface Attacker {
  socket: net.Socket;
  /** Everything the server wrote back so far. */
  answer(): string;
}

/** A raw anonymous sign-in that declares a 1 MiB body and sends only `first` of it. */
function attacker(first: Buffer): Attacker {
  const { port } = new URL(t.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => void (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write(`POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${BODY_LIMIT_BYTES}\r\n\r\n`);
  socket.write(first);
  return { socket, answer: () => received };
}

describe('the body budget under attack', () => {
  it('lets sign-ins and signed-in writes through while 16 anonymous 1 MiB bodies trickle in', async () => {
    const trickling = Array.from({ length: ATTACKERS }, () => attacker(Buffer.from('{')));
    await vi.waitFor(() => expect(bodyBytesHeld().anonymous).toBe(ATTACKERS));
    // Declared, those bodies are the whole 16 MiB budget; sent, they are 16 bytes.
    for (const { socket } of trickling) socket.write(' ');
    expect(typeof (await t.signIn(ADMIN.email, ADMIN.password))).toBe('string');
    for (const { socket } of trickling) socket.write(' ');
    const ticket = await createTicket(t, w);
    expect(ticket.status).toBe('opened');
    await vi.waitFor(() => expect(bodyBytesHeld().anonymous).toBe(3 * ATTACKERS));
    // The attack is still going on: nobody was answered or cut off.
    expect(trickling.every(({ socket, answer }) => !socket.destroyed && answer() === '')).toBe(true);
  });

  it('caps anonymous bodies that send most of 1 MiB and stall at the anonymous share; signed-in writes go on', async () => {
    const stalled = Array.from({ length: 4 }, () => attacker(Buffer.alloc(BODY_LIMIT_BYTES - 1, 0x20)));
    // Two fit in the anonymous share; the others are refused when their bytes no longer fit.
    await vi.waitFor(() => expect(stalled.filter(({ answer }) => answer().startsWith('HTTP/1.1 503')).length).toBe(2), { timeout: 5000 });
    expect(bodyBytesHeld().anonymous).toBeLessThanOrEqual(ANONYMOUS_BODIES_BYTES);
    expect(stalled.find(({ answer }) => answer().startsWith('HTTP/1.1 503'))!.answer()).toContain('Retry-After: 1');
    expect((await createTicket(t, w)).status).toBe('opened');
  });
});
