/**
 * design.md#open-files, the attack: more connections and streams than the process has descriptors
 * for. The server closes idle keep-alive connections first (longest idle first), refuses the excess
 * stream with its 503, answers a connection past the budget with 503 busy, and its writes never
 * fail for want of a descriptor.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { REFUSED_WAITING_MAX } from '../../src/server/http/connection-guard.ts';
import { OPEN_FILES_RESERVE, openFilesBudget, parseOpenFilesLimit } from '../../src/server/http/open-files.ts';
import { openStream, type EventStream } from './event-stream.ts';
import { createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

/** The injected budget: 20 connections (high water 18, low water 16, streams 17). */
const LIMIT = OPEN_FILES_RESERVE + 20;
const budget = openFilesBudget(LIMIT);
const IDLE_SOCKETS = 6;

let t: TestServer;
let w: World;
let ticket: { number: string };
const streams: EventStream[] = [];
const sockets: net.Socket[] = [];

beforeAll(async () => {
  // Connections that ask nothing are not cut off by the header deadline during the test.
  t = await startTestServer({ openFilesLimit: LIMIT, headersTimeoutSeconds: 60 });
  w = await createWorld(t);
  ticket = await createTicket(t, w);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const socket of sockets) socket.destroy();
  await t.close();
});

interface RawSocket {
  socket: net.Socket;
  closed: boolean;
  /** The next answer's head and body, as text, once it has all arrived (Content-Length). */
  answer(): Promise<string>;
}

/** A raw connection, counted by the server from its accept; `closed` once the server closes it. */
async function connect(): Promise<RawSocket> {
  const socket = net.connect(t.server.port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  const raw: RawSocket = { socket, closed: false, answer: () => Promise.resolve('') };
  socket.once('close', () => (raw.closed = true));
  let text = '';
  let waiter: (() => void) | undefined;
  socket.on('data', (chunk) => {
    text += chunk.toString();
    waiter?.();
  });
  raw.answer = () =>
    new Promise((resolve) => {
      (waiter = () => {
        const length = Number(/content-length: (\d+)/i.exec(text)?.[1]);
        const head = text.indexOf('\r\n\r\n');
        if (head < 0 || !(text.length >= head + 4 + length)) return;
        const whole = text;
        text = '';
        resolve(whole);
      })();
    });
  return raw;
}

/** A keep-alive connection that asked once and now sits idle. */
async function idleConnection(): Promise<RawSocket> {
  const raw = await connect();
  raw.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  expect(await raw.answer()).toMatch(/^HTTP\/1\.1 200/);
  return raw;
}

const health = async () => (await t.call('GET', '/api/health')).body;
/** Once the server has counted the closed connections out, health answers 200 again (until then: 503, or closed at once). */
async function healthy(): Promise<void> {
  const status = () => t.call('GET', '/api/health').then((answer) => answer.status, () => 0);
  while ((await status()) !== 200) await new Promise((resolve) => setImmediate(resolve));
}
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('open files', () => {
  it('reads the soft "Max open files" of /proc/self/limits', () => {
    const limits = 'Max processes             63704                63704                processes \nMax open files            1024                 20000                files     \n';
    expect(parseOpenFilesLimit(limits)).toBe(1024);
    expect(parseOpenFilesLimit('Max open files            unlimited            unlimited            files\n')).toBe(Infinity);
    expect(parseOpenFilesLimit('nothing here')).toBeUndefined();
  });

  it('closes idle keep-alive connections first, refuses the excess stream with 503, keeps writing, and answers past the budget with 503 busy', async () => {
    const idle: RawSocket[] = [];
    for (let i = 0; i < IDLE_SOCKETS; i++) idle.push(await idleConnection());
    const tokens = [w.owner.token, w.developer.token, w.admin.token];
    for (let i = 0; i < budget.streams; i++) streams.push(await openStream(t, tokens[i % tokens.length]!));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));

    // Idle connections made the room, the longest idle first: the closed ones are the first opened.
    await until(() => idle.some((raw) => raw.closed));
    const closed = idle.map((raw) => raw.closed);
    expect(closed).toEqual([...closed].sort((a, b) => Number(b) - Number(a)));

    const refused = await t.call('GET', '/api/events', { token: w.admin.token });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: SERVER.busy });
    expect(refused.headers.get('retry-after')).toBeTruthy();

    const comment = await t.call('POST', `/api/tickets/${ticket.number}/comments`, { token: w.owner.token, json: { body: 'Still writing near the limit.' } });
    expect(comment.status).toBe(201);

    const near = (await health()).streams;
    expect(near).toMatchObject({ open: budget.streams, max: budget.streams, connections: { max: budget.connections } });
    expect(near.connections.open).toBeGreaterThanOrEqual(budget.highWater);
    expect(t.logs.filter((line) => line.startsWith('Connections:'))).toHaveLength(1);
    expect(t.logs.some((line) => line.includes(`Event streams: at most ${budget.streams}`))).toBe(true);

    // Fill the budget with connections that ask nothing (none idle to close): the next is answered 503, not dropped.
    const silent: RawSocket[] = [];
    for (let i = 0; i < budget.connections; i++) silent.push(await connect());
    const late = await connect();
    late.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await late.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toContain(SERVER.busy);
    expect(answer.toLowerCase()).toContain('connection: close');
    await until(() => late.closed);
    // Refused connections that ask nothing hold descriptors from the reserve: past REFUSED_WAITING_MAX of them, closed at once.
    const waiting: RawSocket[] = [];
    for (let i = 0; i <= REFUSED_WAITING_MAX; i++) waiting.push(await connect());
    await until(() => waiting.some((raw) => raw.closed));
    for (const raw of [...silent, ...waiting]) raw.socket.destroy();
    await healthy();

    // Still alive, and writing.
    const again = await t.call('POST', `/api/tickets/${ticket.number}/comments`, { token: w.developer.token, json: { body: 'And after.' } });
    expect(again.status).toBe(201);
  });
});
