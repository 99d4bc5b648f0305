/**
 * Connection-level limits (design.md#connection-limits): slow clients are cut off, one address cannot hold every
 * socket, and a body declared too large is refused before the client sends it.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Settings } from '../settings.ts';
import { BODY_LIMIT_BYTES } from './body.ts';
import type { ConnectionGuard } from './connection-guard.ts';

/**
 * TLS 1.2 suites: forward-secret (ECDHE) and AEAD (GCM, ChaCha20) only; CBC and static-RSA
 * suites are refused. TLS 1.3's own suites are all AEAD and stay as Node sets them.
 */
export const TLS12_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/**
 * An idle keep-alive connection is closed after this (Node's default is 5 s). A client that reuses
 * its socket just as the server closes it gets a connection reset, and a loaded event loop widens
 * that moment: people who act every few seconds to a minute hit it all day at 5 s, and a
 * connection idle for longer than this is cheap to hold (design.md#connection-limits).
 */
export const KEEP_ALIVE_MS = 65_000;
/** Connections waiting to be accepted (the kernel caps it at net.core.somaxconn): thousands of streams reconnect together after a restart. */
export const LISTEN_BACKLOG = 4096;

/** How often Node checks the header and request deadlines; bounded so short test deadlines hold. */
const DEADLINE_CHECK_MAX_MS = 1000;

/** Options for http.createServer: header and request deadlines. */
function deadlines(settings: Settings) {
  const headersTimeout = settings.headersTimeoutSeconds * 1000;
  const requestTimeout = Math.max(settings.requestTimeoutSeconds * 1000, headersTimeout);
  return { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MAX_MS, headersTimeout / 2) };
}

/** The certificate, key and suites: read again on every reload. */
function secureContext(settings: Settings) {
  return { cert: fs.readFileSync(settings.tlsCertFile!), key: fs.readFileSync(settings.tlsKeyFile!), ciphers: TLS12_CIPHERS, minVersion: 'TLSv1.2' as const, honorCipherOrder: true };
}

/** HTTPS when both TLS files are set (design.md#tls), plain HTTP otherwise; within the open-file budget when a guard is given (design.md#open-files). */
export function createHttpServer(settings: Settings, handleRequest: (req: IncomingMessage, res: ServerResponse) => void, guard?: ConnectionGuard): http.Server | https.Server {
  const { tlsCertFile, tlsKeyFile } = settings;
  if (Boolean(tlsCertFile) !== Boolean(tlsKeyFile)) throw new Error('Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.');
  // A handshake never started would hold its socket for Node's default 120 s, past the header deadline.
  const server = tlsCertFile && tlsKeyFile
    ? https.createServer({ ...deadlines(settings), ...secureContext(settings), handshakeTimeout: settings.headersTimeoutSeconds * 1000 })
    : http.createServer(deadlines(settings));
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // The per-address cap's listener runs first: a connection it closes is never counted by the guard.
  const handle = (req: IncomingMessage, res: ServerResponse) => guarded(req, res);
  limitConnections(server, settings, handle);
  const guarded = guard ? guard.attach(server, handleRequest) : handleRequest;
  server.on('request', handle);
  return server;
}

/**
 * Reads the certificate and key again (a renewed certificate, on SIGHUP): new connections get
 * them, open ones go on. Files that cannot be read or do not match leave the old ones serving.
 */
export function reloadCertificate(server: http.Server | https.Server, settings: Settings): string {
  if (!(server instanceof https.Server)) return 'SIGHUP: not serving HTTPS, nothing to reload.';
  server.setSecureContext(secureContext(settings));
  return `TLS certificate reloaded from ${settings.tlsCertFile}.`;
}

function limitConnections(server: http.Server | https.Server, settings: Settings, handle: (req: IncomingMessage, res: ServerResponse) => void): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > settings.maxConnectionsPerAddress) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  // Node answers `Expect: 100-continue` by itself unless told otherwise; a body that will be
  // refused must not be invited. The handler then answers 413 without reading it.
  server.on('checkContinue', (req, res) => {
    if (!(Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES)) res.writeContinue();
    handle(req, res);
  });
}
