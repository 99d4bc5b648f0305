/** HTTPS (design.md#tls): TLS_CERT_FILE and TLS_KEY_FILE serve the app over TLS, with HSTS. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

const HAS_OPENSSL = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('tls: skipping: no openssl on PATH to make a self-signed certificate.');
    return false;
  }
})();

describe.skipIf(!HAS_OPENSSL)('HTTPS', () => {
  let t: TestServer;
  let dir: string;
  let cert: Buffer;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-tls-'));
    const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
    cert = await fs.readFile(certFile);
    t = await startTestServer({ tlsCertFile: certFile, tlsKeyFile: keyFile });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (urlPath: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      https.get(`${t.url}${urlPath}`, { ca: cert }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      }).on('error', reject);
    });

  it('answers over TLS with a certificate made here, and tells browsers to stay on HTTPS', async () => {
    expect(t.url).toMatch(/^https:\/\//);
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('refuses a client that does not trust the certificate', async () => {
    await expect(new Promise((resolve, reject) => https.get(`${t.url}/api/health`, resolve).on('error', reject))).rejects.toThrow(/self-signed|certificate/i);
  });
});
