/**
 * The API's edges (design.md#api-edges): a wrong method is a 405 naming the right ones, a 401 says how to
 * sign in, an unknown API path is a JSON 404, and /robots.txt turns crawlers away while client routes
 * still get the app.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

const INDEX = '<!doctype html><title>Helpdesk</title>';
const JSON_TYPE = 'application/json; charset=utf-8';
const CHALLENGE = 'Bearer realm="helpdesk"';
const INVALID_TOKEN = 'Bearer realm="helpdesk", error="invalid_token"';
const ORIGIN = 'https://tunnel.example';

let t: TestServer;
let w: World;
let number: string;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-edges-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX);
  t = await startTestServer({ distDir, corsOrigins: [ORIGIN] });
  w = await createWorld(t);
  number = (await createTicket(t, w)).number;
});
afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const send = (method: string, urlPath: string, headers: Record<string, string> = {}) => fetch(t.url + urlPath, { method, headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('a known path with a method it does not take', () => {
  it('is a 405 with Allow naming its methods (HEAD with GET), in the error envelope', async () => {
    const cases: Array<[method: string, urlPath: string, allow: string]> = [
      ['PUT', '/api/tickets', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', `/api/tickets/${number}`, 'GET, HEAD, PATCH, OPTIONS'],
      ['GET', '/api/auth/sign-in', 'POST, OPTIONS'],
      ['HEAD', '/api/auth/sign-in', 'POST, OPTIONS'],
      ['POST', '/api/config/categories/1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['PATCH', '/api/health', 'GET, HEAD, OPTIONS'],
    ];
    for (const [method, urlPath, allow] of cases) {
      const res = await send(method, urlPath, bearer(w.admin.token));
      expect(res.status, `${method} ${urlPath}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${urlPath}`).toBe(allow);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      if (method !== 'HEAD') expect(await res.json()).toEqual({ message: 'Method not allowed.' });
    }
  });

  it('is a 405 for anonymous callers too: which methods a path takes is no secret', async () => {
    const res = await send('PUT', '/api/users');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('names only methods the path really answers', async () => {
    for (const urlPath of ['/api/tickets', `/api/tickets/${number}`, `/api/tickets/${number}/comments`, '/api/config/services/1']) {
      const allow = (await send('PUT', urlPath, bearer(w.admin.token))).headers.get('allow')!;
      for (const method of allow.split(', ').filter((m) => m !== 'OPTIONS')) {
        // An empty body: the write is refused as input, never as a method.
        const status = (await send(method, urlPath, { ...bearer(w.developer.token), 'Content-Type': 'application/json' })).status;
        expect([404, 405], `${method} ${urlPath} answered ${status}`).not.toContain(status);
      }
    }
  });

  it('answers OPTIONS on a known path with Allow, and leaves CORS preflights to CORS', async () => {
    const options = await send('OPTIONS', '/api/tickets');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    const preflight = await send('OPTIONS', '/api/tickets/bulk', { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await send('OPTIONS', '/api/no/such/route')).status).toBe(404);
  });

  it('keeps HEAD working wherever GET does', async () => {
    const res = await send('HEAD', '/api/tickets/stats', bearer(w.admin.token));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('is a 405 with Allow for the static client as well', async () => {
    const res = await send('POST', '/admin');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('401', () => {
  it('names the bearer scheme when no token was sent', async () => {
    const sent: Record<string, string>[] = [{}, { Authorization: 'Basic YWRtaW46YWRtaW4=' }, { Authorization: 'Bearer ' }];
    for (const headers of sent) {
      const res = await send('GET', '/api/tickets', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate'), JSON.stringify(headers)).toBe(CHALLENGE);
      expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('says invalid_token when a token was sent but is unknown or revoked', async () => {
    const unknown = await send('GET', '/api/tickets', bearer('not-a-real-token'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe(INVALID_TOKEN);

    const token = await t.signIn(w.developer.email, 'staff-password');
    expect((await send('POST', '/api/auth/sign-out', bearer(token))).status).toBe(200);
    const revoked = await send('GET', '/api/tickets', bearer(token));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe(INVALID_TOKEN);
  });

  it('is absent from answers that are not a 401', async () => {
    expect((await send('GET', '/api/tickets/stats', bearer(w.admin.token))).headers.get('www-authenticate')).toBeNull();
    const forbidden = await send('GET', '/api/users', bearer(w.developer.token));
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('www-authenticate')).toBeNull();
  });
});

describe('an unknown API path', () => {
  it('is a JSON 404 for any method, signed in or not', async () => {
    for (const [method, urlPath, headers] of [
      ['GET', '/api/no/such/route', {}],
      ['POST', '/api/no/such/route', bearer(w.admin.token)],
      ['DELETE', '/api/tickets/1/2/3', bearer(w.admin.token)],
      ['GET', '/api', {}],
      ['GET', '/api/robots.txt', {}],
    ] as const) {
      const res = await send(method, urlPath, headers);
      expect(res.status, `${method} ${urlPath}`).toBe(404);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await res.json()).toEqual({ message: 'Route not found.' });
    }
  });
});

describe('/robots.txt', () => {
  it('turns every crawler away as plain text, not the app', async () => {
    const res = await send('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
    const head = await send('HEAD', '/robots.txt');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves client routes to the app', async () => {
    for (const urlPath of ['/', '/admin/ticket/TCK-000001', '/robots']) {
      const res = await send('GET', urlPath);
      expect(res.headers.get('content-type'), urlPath).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('is served even before the client is built', async () => {
    const bare = await startTestServer();
    try {
      const res = await fetch(`${bare.url}/robots.txt`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Disallow: /');
    } finally {
      await bare.close();
    }
  });
});
