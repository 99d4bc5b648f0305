/**
 * Real relays for the mail tests: the `smtp-server` package (STARTTLS with a certificate from
 * ./certificate.ts, AUTH PLAIN/LOGIN) behind a recording TCP proxy, so a test can assert on exactly which
 * bytes crossed the wire in clear; and a scripted relay on node:net for the faults smtp-server
 * will not produce (silence, injected replies, endless lines).
 */
import net from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import type { SmtpTarget } from '../../src/server/mail/smtp-url.ts';
import { hasOpenssl } from './certificate.ts';

export { makeCertificate } from './certificate.ts';
export const HAS_OPENSSL = hasOpenssl('mail relay tests');

export interface Received {
  from: string;
  to: string[];
  /** The message as the relay got it (dot-stuffing undone by the relay), CRLF line endings. */
  raw: string;
  secure: boolean;
  /** The SNI name the client sent. */
  servername: string | undefined;
  bodyType: string | undefined;
  smtpUtf8: boolean;
  user: unknown;
}

export interface Relay {
  /** The proxy's port: connect here. */
  port: number;
  target(extra?: Partial<SmtpTarget>): SmtpTarget;
  received: Received[];
  /** Each AUTH attempt the relay saw. */
  auths: Array<{ method: string; username?: string; password?: string | null }>;
  mailFroms: string[];
  /** Every byte clients sent through the proxy, in order (ciphertext once TLS is up). */
  wire(): string;
  /** Cuts every connection once a client has sent `marker` and `after` more bytes. */
  dropAfter(marker: string, after: number): void;
  close(): Promise<void>;
}

export const PASSWORD = 'pässword-of-the-relay';

export async function startRelay(options: SMTPServerOptions = {}): Promise<Relay> {
  const received: Received[] = [];
  const auths: Relay['auths'] = [];
  const mailFroms: string[] = [];
  const server = new SMTPServer({
    disableReverseLookup: true,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: true,
    onAuth(auth, _session, callback) {
      auths.push({ method: auth.method, username: auth.username, password: auth.password });
      if (auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onMailFrom(address, _session, callback) {
      mailFroms.push(address.address);
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          servername: session.servername || undefined,
          bodyType: envelope.bodyType,
          smtpUtf8: Boolean(envelope.smtpUtf8),
          user: session.user,
        });
        callback(null, `Ok: queued as Q${received.length}`);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayPort = (server.server.address() as net.AddressInfo).port;
  const proxy = startProxy(relayPort);
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const port = (proxy.server.address() as net.AddressInfo).port;
  return {
    port,
    target: (extra = {}) => ({ secure: Boolean(options.secure), host: 'localhost', port, ...extra }),
    received,
    auths,
    mailFroms,
    wire: () => Buffer.concat(proxy.bytes).toString('latin1'),
    dropAfter: (marker, after) => (proxy.drop = { marker, after }),
    async close() {
      for (const socket of proxy.sockets) socket.destroy();
      await new Promise((resolve) => proxy.server.close(resolve));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function startProxy(relayPort: number) {
  const state = { bytes: [] as Buffer[], sockets: new Set<net.Socket>(), drop: null as { marker: string; after: number } | null, server: null as unknown as net.Server };
  state.server = net.createServer((client) => {
    const upstream = net.connect(relayPort, '127.0.0.1');
    let sent = '';
    for (const socket of [client, upstream]) {
      state.sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => (client.destroy(), upstream.destroy(), state.sockets.delete(socket)));
    }
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      state.bytes.push(chunk);
      sent += chunk.toString('latin1');
      const at = state.drop ? sent.indexOf(state.drop.marker) : -1;
      if (state.drop && at >= 0 && sent.length >= at + state.drop.marker.length + state.drop.after) {
        upstream.write(chunk.subarray(0, Math.max(0, chunk.length - (sent.length - at - state.drop.marker.length - state.drop.after))));
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
  });
  return state;
}

/**
 * A relay on node:net that answers each command line with what `answer` returns (written as is,
 * so it can split or join replies); `null` says nothing. It greets with `greeting` (none: silent).
 */
export async function startScriptedRelay(greeting: string | null, answer: (command: string, socket: net.Socket) => string | null) {
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (greeting !== null) socket.write(greeting);
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const command = pending.slice(0, end);
        pending = pending.slice(end + 2);
        commands.push(command);
        const reply = answer(command, socket);
        if (reply !== null) socket.write(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: (): SmtpTarget => ({ secure: false, host: '127.0.0.1', port: (server.address() as net.AddressInfo).port }),
    commands,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
