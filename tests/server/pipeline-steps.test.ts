/** The request pipeline's steps, each on its own (polka-style): CORS, the caller, last seen. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { authenticate, markSeen } from '../../src/server/auth/authenticate.ts';
import { busy, conflict, DomainError, forbidden, invalid, notFound, tooMany, unauthenticated } from '../../src/server/errors.ts';
import { createCors } from '../../src/server/http/cors.ts';
import { asHttpError, HttpError } from '../../src/server/http/errors.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';

/** Just enough of a response to record what a step sets. */
function fakeResponse() {
  const headers: Record<string, string> = {};
  const res = {
    status: 0,
    ended: false,
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    writeHead(status: number) {
      res.status = status;
      return { end: () => void (res.ended = true) };
    },
  };
  return { res, headers, asResponse: res as unknown as ServerResponse };
}
const request = (method: string, origin?: string) => ({ method, headers: origin ? { origin } : {} }) as unknown as IncomingMessage;

describe('cors', () => {
  const cors = createCors(['https://a.example']);

  it('is off without configured origins', () => {
    const { headers, asResponse } = fakeResponse();
    expect(createCors([])(request('GET', 'https://a.example'), asResponse)).toBe(false);
    expect(headers).toEqual({});
  });

  it('allows a listed origin and answers its preflight with 204', () => {
    const get = fakeResponse();
    expect(cors(request('GET', 'https://a.example'), get.asResponse)).toBe(false);
    expect(get.headers['access-control-allow-origin']).toBe('https://a.example');
    const preflight = fakeResponse();
    expect(cors(request('OPTIONS', 'https://a.example'), preflight.asResponse)).toBe(true);
    expect(preflight.res).toMatchObject({ status: 204, ended: true });
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('gives an unlisted origin nothing', () => {
    const { headers, asResponse } = fakeResponse();
    expect(cors(request('OPTIONS', 'https://evil.example'), asResponse)).toBe(false);
    expect(headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** The answer the error funnel gives for what `run` throws. */
function answerFor(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? asHttpError(error) : (error as HttpError);
  }
  throw new Error('nothing was thrown');
}

describe('the error funnel', () => {
  it('answers each domain refusal with its status, message, field errors and Retry-After', () => {
    const answers = [unauthenticated(), forbidden(), notFound(), conflict(), invalid({ title: 'Bad title', email: 'Bad e-mail' }), tooMany(SERVER.tooManyAttempts, 7), busy(5)]
      .map(asHttpError)
      .map(({ status, message, errors, headers }) => ({ status, message, errors, headers }));
    expect(answers).toEqual([
      { status: 401, message: SERVER.unauthenticated, errors: undefined, headers: {} },
      { status: 403, message: SERVER.forbidden, errors: undefined, headers: {} },
      { status: 404, message: SERVER.notFound, errors: undefined, headers: {} },
      { status: 409, message: SERVER.ticketStateConflict, errors: undefined, headers: {} },
      { status: 422, message: 'Bad title', errors: { title: ['Bad title'], email: ['Bad e-mail'] }, headers: {} },
      { status: 429, message: SERVER.tooManyAttempts, errors: undefined, headers: { 'Retry-After': '7' } },
      { status: 503, message: SERVER.busy, errors: undefined, headers: { 'Retry-After': '5' } },
    ]);
  });
});

describe('the caller and last seen', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('finds the user of a bearer token, and refuses anything else with 401', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    expect(authenticate(t.server.app, `Bearer ${token}`).user.email).toBe(ADMIN.email);
    for (const header of [undefined, 'Basic abc', 'Bearer', `Bearer ${token}x`]) {
      expect(answerFor(() => authenticate(t.server.app, header)).status).toBe(401);
    }
  });

  it('records last seen at most once a minute', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const { user } = authenticate(t.server.app, `Bearer ${token}`);
    const first = user.last_seen;
    t.advance(30_000);
    markSeen(t.server.app, user);
    expect(user.last_seen).toBe(first);
    t.advance(31_000);
    markSeen(t.server.app, user);
    expect(user.last_seen).not.toBe(first);
    expect(t.server.app.users.find(user.id)!.last_seen).toBe(user.last_seen);
  });
});
