/** HTTPS (design.md#tls): TLS_CERT_FILE and TLS_KEY_FILE serve the app over TLS, with HSTS, AEAD suites only, a bounded handshake and a reload on SIGHUP. */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, writeCertificate, type CertificateFiles } from './certificate.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const HAS_OPENSSL = hasOpenssl('tls');

describe.skipIf(!HAS_OPENSSL)('HTTPS', () => {
  let t: TestServer;
  let dir: string;
  let cert: Buffer;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-tls-'));
    const { certFile, keyFile } = writeCertificate(dir);
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

/** Opens a TLS connection as `options` say; resolves with the suite and certificate name agreed, or rejects. */
function handshake(port: number, options: tls.ConnectionOptions): Promise<{ cipher: string; version: string | null; name: unknown; socket: tls.TLSSocket }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...options }, () =>
      resolve({ cipher: socket.getCipher().name, version: socket.getProtocol(), name: socket.getPeerCertificate().subject?.CN, socket }),
    );
    socket.once('error', reject);
  });
}

describe.skipIf(!HAS_OPENSSL)('HTTPS hardening', () => {
  let dir: string;
  let t: TestServer;
  let files: CertificateFiles;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-tls-hard-'));
    files = writeCertificate(dir, 'first');
    t = await startTestServer({ tlsCertFile: files.certFile, tlsKeyFile: files.keyFile, headersTimeoutSeconds: 0.5 });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('speaks TLS 1.3, and TLS 1.2 only with forward-secret AEAD suites: CBC suites are refused', async () => {
    const modern = await handshake(t.server.port, {});
    expect(modern.version).toBe('TLSv1.3');
    modern.socket.destroy();
    const gcm = await handshake(t.server.port, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256' });
    expect(gcm).toMatchObject({ version: 'TLSv1.2', cipher: 'ECDHE-ECDSA-AES128-GCM-SHA256' });
    gcm.socket.destroy();
    for (const cbc of ['ECDHE-ECDSA-AES128-SHA', 'ECDHE-ECDSA-AES256-SHA384', 'ECDHE-ECDSA-AES128-SHA256']) {
      await expect(handshake(t.server.port, { maxVersion: 'TLSv1.2', ciphers: cbc })).rejects.toThrow(/handshake failure|no shared cipher|alert/i);
    }
  });

  it('closes a connection that never starts its handshake once the header deadline passes', async () => {
    const socket = net.connect(t.server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    // The test's own timeout (20 s) is far below Node's default handshake timeout of 120 s.
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('serves a renewed certificate after a reload, keeps open connections, and keeps the old one when the new files are broken', async () => {
    const before = await handshake(t.server.port, {});
    expect(before.name).toBe('first');
    writeCertificate(dir, 'renewed');
    t.server.reloadCertificate();
    expect(t.logs).toContain(`TLS certificate reloaded from ${files.certFile}.`);
    expect((await handshake(t.server.port, {})).name).toBe('renewed');
    expect(before.socket.destroyed).toBe(false);
    before.socket.destroy();

    await fs.writeFile(files.keyFile, 'not a key');
    t.server.reloadCertificate();
    expect(t.logs.filter((line) => line.startsWith('TLS certificate reload failed, still serving the previous one: '))).toHaveLength(1);
    const after = await handshake(t.server.port, {});
    expect(after.name).toBe('renewed');
    after.socket.destroy();
  });

  it('reloads on SIGHUP when run as npm start runs it', async () => {
    const own = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-tls-hup-'));
    const { certFile, keyFile } = writeCertificate(own, 'before-hup');
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(own, 'data'), ADMIN_PASSWORD: 'admin-password', SCRYPT_COST: '4', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const printed = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const look = () => {
          const match = pattern.exec(out);
          if (match) resolve(match);
        };
        child.stdout.on('data', (chunk: Buffer) => ((out += chunk), look()));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        look();
      });
    try {
      const port = Number((await printed(/^Listening on https:\/\/127\.0\.0\.1:(\d+)$/m))[1]);
      expect((await handshake(port, {})).name).toBe('before-hup');
      writeCertificate(own, 'after-hup');
      child.kill('SIGHUP');
      await printed(/^TLS certificate reloaded from /m);
      const renewed = await handshake(port, {});
      expect(renewed.name).toBe('after-hup');
      renewed.socket.destroy();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(own, { recursive: true, force: true });
    }
  });
});
