/** The outside audit's attacks (issue 10), kept as tests so they stay fixed. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS, openStreamCount } from '../../src/server/http/stream.ts';
import { ADMIN, createStaff, createWorld, PASSWORD, startTestServer, ticketBody, type TestServer } from './helpers.ts';

/** Slow enough hashes that requests queue behind each other, as at the real cost. */
const SLOW_COST = 14;

describe('a sign-in racing a password reset', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ scryptCost: SLOW_COST });
  });
  afterAll(() => t.close());

  it('leaves no session behind when the password changed while it was being checked', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    for (let trial = 0; trial < 3; trial++) {
      const victim = await createStaff(t, admin, 'support', 'Victim');
      // Two slow guesses hold both hash slots, so the reset and the sign-in queue in that order.
      const blockers = [1, 2].map((i) => t.call('POST', '/api/auth/sign-in', { json: { email: `blocker${i}@example.com`, password: 'wrong-password' } }));
      const reset = t.call('PATCH', `/api/user/${victim.id}/change-password`, {
        token: admin,
        json: { new_password: 'contained-pw-1', new_password_confirmation: 'contained-pw-1' },
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      const attacker = t.call('POST', '/api/auth/sign-in', { json: { email: victim.email, password: PASSWORD } });
      const [answer] = await Promise.all([attacker, reset, ...blockers]);
      const token = answer.body?.data?.authorization?.token;
      const access = token ? (await t.call('GET', '/api/tickets?limit=1', { token })).status : 401;
      expect(access, `trial ${trial}: sign-in answered ${answer.status}`).toBe(401);
    }
  });
});

describe('sign-in floods and lockouts, from two client addresses', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Listening on both stacks: 127.0.0.1 and ::1 reach it as two different client addresses.
    t = await startTestServer({ host: '::', scryptCost: SLOW_COST });
  });
  afterAll(() => t.close());

  const signInFrom = async (address: '127.0.0.1' | '[::1]', email: string, password: string) => {
    const res = await fetch(`http://${address}:${t.server.port}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return res.status;
  };

  it('refuses a parallel flood at once instead of hashing it, and the real user still gets in from elsewhere', async () => {
    const flood = Array.from({ length: 200 }, (_, i) => signInFrom('[::1]', ADMIN.email, `flood-guess-${i}`));
    const user = signInFrom('127.0.0.1', ADMIN.email, ADMIN.password);
    const statuses = await Promise.all(flood);
    expect(await user).toBe(200);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(190);
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
  });

  it('a flood over many accounts waits in its own lane: at most 50 hashed, the rest refused at once', async () => {
    const flood = Array.from({ length: 120 }, (_, i) => signInFrom('[::1]', `nobody${i}@example.com`, 'wrong-password'));
    const statuses = await Promise.all(flood);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(50);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70);
  });

  it('ten guesses lock the guessing address, not the real user on a clean address', async () => {
    t.advance(16 * 60_000); // the floods above have aged out
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const victim = await createStaff(t, admin, 'developer', 'Lockme');
    for (let i = 0; i < 10; i++) expect(await signInFrom('[::1]', victim.email, `guess-${i}-xx`)).toBe(422);
    expect(await signInFrom('[::1]', victim.email, PASSWORD)).toBe(429);
    expect(await signInFrom('127.0.0.1', victim.email, PASSWORD)).toBe(200);
    // The real user's sign-in restarts the account's count, but the guesser's own stays.
    expect(await signInFrom('[::1]', victim.email, PASSWORD)).toBe(429);
  });
});

describe('clients that hang up', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('a body cut off mid-way is not an error: nothing is logged, and the server answers the next request', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(t.server.port, '127.0.0.1', () => {
          socket.write(`POST /api/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"title":`);
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.logs.filter((line) => /error/i.test(line))).toEqual([]);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});

/** Opens a raw connection, sends `text`, and resolves with what came back once the server closed it (or after `waitMs`). */
function raw(port: number, text: string, waitMs = 3000): Promise<{ reply: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    let reply = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closedByServer: false });
    }, waitMs);
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ reply, closedByServer: true });
    });
  });
}

describe('slow and greedy clients, odd requests', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ headersTimeoutSeconds: 0.5, requestTimeoutSeconds: 1, maxConnectionsPerAddress: 3 });
  });
  afterAll(() => t.close());

  it('cuts off a client that trickles its headers, or its body, past the deadlines', async () => {
    const headers = await raw(t.server.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n', 4000);
    expect(headers.closedByServer).toBe(true);
    const body = await raw(t.server.port, 'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em', 4000);
    expect(body.closedByServer).toBe(true);
  });

  it('closes connections past the per-address cap at once', async () => {
    const sockets = Array.from({ length: 5 }, () => net.connect(t.server.port, '127.0.0.1'));
    const closed = await Promise.all(
      sockets.map((socket) => new Promise<boolean>((resolve) => {
        socket.on('error', () => {});
        socket.on('close', () => resolve(true));
        setTimeout(() => resolve(false), 300);
      })),
    );
    sockets.forEach((socket) => socket.destroy());
    expect(closed.filter(Boolean)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the server sees them go
  });

  it('answers 413 at once to Expect: 100-continue with a body over the limit, without inviting it', async () => {
    const { reply } = await raw(t.server.port, 'POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n', 500);
    expect(reply).not.toContain('100 Continue');
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
  });

  it('refuses a request with two Host headers', async () => {
    const { reply } = await raw(t.server.port, 'GET /api/health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('The request has more than one Host header.');
  });
});

describe('big uploads', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('bound the memory bodies may hold: past 16 MiB in flight, uploads are refused at once with 503, and reads go on', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const head = `POST /api/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`;
    // 20 uploads of a declared 1,000,000 bytes that send all but the last byte and then stall:
    // the budget counts bytes as they arrive, so 16 fit in it and the 4 others are refused.
    const uploads = Array.from({ length: 20 }, () => raw(t.server.port, head + 'x'.repeat(999_999), 1500));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.call('GET', '/api/tickets?limit=5', { token })).status).toBe(200);
    const replies = await Promise.all(uploads);
    expect(replies.filter(({ reply }) => reply.startsWith('HTTP/1.1 503'))).toHaveLength(4);
    expect(replies.find(({ reply }) => reply.startsWith('HTTP/1.1 503'))!.reply).toContain('Retry-After: 1');
  });
});

describe('account ids', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('are never reused after a deletion, so nothing that named the old account can point at the new one', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const first = await createStaff(t, admin, 'developer', 'Gone');
    await t.call('DELETE', `/api/auth/user/${first.id}`, { token: admin });
    const next = await createStaff(t, admin, 'developer', 'Newcomer');
    expect(next.id).toBeGreaterThan(first.id);
  });
});

describe('streamed answers and readers that stop reading', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ sendIdleSeconds: 1 });
  });
  afterAll(() => t.close());

  it('are cut off once they take nothing for SEND_IDLE_SECONDS, and at most 16 are written at once', async () => {
    const w = await createWorld(t);
    // Enough text that the whole list cannot sit in the socket buffers.
    const description = 'A long account of what happened. '.repeat(600);
    for (let batch = 0; batch < 12; batch++) {
      await Promise.all(Array.from({ length: 50 }, () => t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { description }) })));
    }
    // Four people at their share of four each (tests/server/stalls.test.ts), so the sixteen fill the pool.
    const holders = [w.admin, w.owner, w.otherSupport, w.otherDeveloper];
    const stalled = Array.from({ length: 16 }, (_, i) => {
      const socket = net.connect(t.server.port, '127.0.0.1', () => {
        socket.write(`GET /api/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${holders[i % holders.length]!.token}\r\n\r\n`);
        socket.pause(); // reads nothing more
      });
      socket.on('error', () => {});
      return socket;
    });
    /** The whole list's status, asked again until it is `wanted` (at most `tries` times, 100 ms apart). */
    const until = async (wanted: number, tries: number) => {
      let status = 0;
      for (let i = 0; i < tries && status !== wanted; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const answer = await t.call('GET', '/api/tickets', { token: w.developer.token });
        status = answer.status;
        if (status === 503) expect(answer.headers.get('retry-after')).toBe('1');
      }
      return status;
    };
    // Asked once all sixteen are open (or after 3 s): a whole list answered meanwhile could outlast their second.
    for (let i = 0; i < 300 && openStreamCount() < MAX_STREAMS; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await until(503, 30)).toBe(503); // the sixteen stalled streams fill every place
    expect(await until(200, 50)).toBe(200); // a second without progress, and they are cut off
    stalled.forEach((socket) => socket.destroy());
  }, 60_000); // 600 large creates take most of it on a busy 2-core machine
});
