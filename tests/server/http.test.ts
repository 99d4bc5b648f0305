/** HTTP behaviour (design.md#caching, design.md#headers): headers, caching, compression, CORS and the static client. */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

const CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
const INDEX = '<!doctype html><title>Helpdesk</title><script type="module" src="/assets/app-abc123.js"></script>';
const SCRIPT = 'console.log("hello from the client bundle");'.repeat(40);

let t: TestServer;
let w: World;
let distDir: string;

beforeAll(async () => {
  // The secret sits beside dist/ in a directory of this file's own: no other test run shares it.
  distDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-dist-')), 'dist');
  await fs.mkdir(path.join(distDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), SCRIPT);
  await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(path.dirname(distDir), 'helpdesk-secret.txt'), 'secret');
  t = await startTestServer({ distDir, corsOrigins: ['https://tunnel.example'] });
  w = await createWorld(t);
  for (let i = 0; i < 5; i++) await createTicket(t, w);
});
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(distDir), { recursive: true, force: true });
});

const raw = (urlPath: string, init: RequestInit = {}) => fetch(t.url + urlPath, init);
const auth = (token: string, extra: Record<string, string> = {}) => ({ headers: { Authorization: `Bearer ${token}`, ...extra } });

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('API headers', () => {
  it('health answers 200 {"status":"ok"} as JSON, not cached', async () => {
    const res = await raw('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res);
  });

  it('puts security headers and Vary: Authorization on every answer, errors included', async () => {
    for (const res of [await raw('/api/tickets'), await raw('/api/nope'), await raw('/api/tickets', auth(w.admin.token))]) {
      expectSecurityHeaders(res);
      expect(res.headers.get('vary')).toContain('Authorization');
    }
  });

  it('gives GET lists and details a per-caller ETag and answers If-None-Match with 304', async () => {
    const [ticket] = (await (await raw('/api/tickets', auth(w.admin.token))).json()).data.list;
    for (const urlPath of ['/api/tickets', '/api/tickets/myTickets', `/api/tickets/${ticket.number}`, `/api/activity-log/${ticket.number}`, '/api/config/categories']) {
      const first = await raw(urlPath, auth(w.admin.token));
      const etag = first.headers.get('etag')!;
      expect(etag, urlPath).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await raw(urlPath, auth(w.admin.token, { 'If-None-Match': etag }));
      expect(again.status, urlPath).toBe(304);
      expect(await again.text()).toBe('');
      const otherCaller = await raw(urlPath, auth(w.developer.token, { 'If-None-Match': etag }));
      expect(otherCaller.status, urlPath).toBe(200);
      expect(otherCaller.headers.get('etag')).not.toBe(etag);
    }
  });

  it('changes the ETag when the data changes', async () => {
    const before = (await raw('/api/tickets', auth(w.admin.token))).headers.get('etag')!;
    await createTicket(t, w);
    const after = await raw('/api/tickets', auth(w.admin.token, { 'If-None-Match': before }));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('marks writes no-store', async () => {
    const res = await raw('/api/config/categories', {
      method: 'POST',
      ...auth(w.admin.token, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ name: 'Cache check' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('compresses large answers with brotli or gzip as the client accepts', async () => {
    const plain = await (await raw('/api/tickets', auth(w.admin.token, { 'Accept-Encoding': 'identity' }))).text();
    for (const encoding of ['br', 'gzip']) {
      const res = await raw('/api/tickets', auth(w.admin.token, { 'Accept-Encoding': encoding }));
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(await res.text()).toBe(plain);
    }
    const tiny = await raw('/api/health', { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
  });
});

describe('CORS', () => {
  it('answers preflight only for allowed origins, allowing the tunnel-warning header', async () => {
    const preflight = await raw('/api/tickets', {
      method: 'OPTIONS',
      headers: { Origin: 'https://tunnel.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://tunnel.example');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('ngrok-skip-browser-warning');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');

    const allowed = await raw('/api/tickets', auth(w.admin.token, { Origin: 'https://tunnel.example' }));
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://tunnel.example');
    const other = await raw('/api/tickets', auth(w.admin.token, { Origin: 'https://evil.example' }));
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('static client', () => {
  it('answers deep links with index.html, revalidated', async () => {
    for (const urlPath of ['/', '/admin/ticket/TCK-000001', '/support/create-ticket']) {
      const res = await raw(urlPath);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
      expectSecurityHeaders(res);
    }
  });

  it('serves hashed assets immutable, precompressed when accepted', async () => {
    const plain = await raw('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await plain.text()).toBe(SCRIPT);
    const br = await raw('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(SCRIPT);
    expect((await raw('/assets/missing-000.js')).status).toBe(404);
  });

  it('never serves files outside the build directory', async () => {
    for (const urlPath of ['/assets/..%2f..%2fhelpdesk-secret.txt', '/..%2fhelpdesk-secret.txt', '/assets/%2e%2e/%2e%2e/helpdesk-secret.txt']) {
      const body = await (await raw(urlPath)).text();
      expect(body, urlPath).not.toContain('secret');
    }
  });

  it('says to run the build when there is no client', async () => {
    const s = await startTestServer();
    try {
      const res = await fetch(`${s.url}/admin`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
      expectSecurityHeaders(res);
    } finally {
      await s.close();
    }
  });
});

describe('shutdown', () => {
  it('lets an in-flight request finish, then stops accepting', async () => {
    const s = await startTestServer();
    const token = await s.signIn('admin@example.com', 'admin-password');
    const body = JSON.stringify({ old_password: 'admin-password', new_password: 'admin-password', new_password_confirmation: 'admin-password' });
    // The request is surely in flight once the server has answered '100 Continue' to its
    // headers; its body is sent only after close() has begun, so it cannot have finished before.
    const socket = net.connect({ host: new URL(s.url).hostname, port: Number(new URL(s.url).port) });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const text = () => Buffer.concat(received).toString();
    const until = (done: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (done() ? resolve() : undefined);
        socket.on('data', check);
        socket.on('close', () => (done() ? resolve() : reject(new Error(`connection closed early: ${text()}`))));
        check();
      });
    socket.write(
      `POST /api/auth/reset-password HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await until(() => text().startsWith('HTTP/1.1 100 Continue'));
    const closed = s.close();
    socket.write(body);
    await until(() => /\r\n\r\n[\s\S]*\}$/.test(text().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')));
    expect(text()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(text()).toContain('Password changed successfully');
    socket.destroy();
    await closed;
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
  });
});
