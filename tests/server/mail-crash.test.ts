/**
 * The outbox across kill -9 (docs/design.md#notifications), with the server as production runs it:
 * `node src/server/main.ts` as a child process, the relay's CA given through NODE_EXTRA_CA_CERTS.
 * A message the relay had not yet accepted when the process died is sent after the restart, once;
 * a message it had accepted is never sent again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTicket, createWorld, type Answer, type CallOptions, type TestServer } from './helpers.ts';
import { header, parseMime } from './mail-mime.ts';
import { HAS_OPENSSL, makeCertificate, PASSWORD, startRelay, type Relay } from './smtp-relay.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const POLL_MS = 20;

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** `node src/server/main.ts`, resolved once it prints its URL. */
function startChild(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, child, output: () => output });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** Enough of TestServer for the world helpers: calls to a server in another process. */
function remote(url: string): TestServer {
  async function call(method: string, urlPath: string, o: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.json !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(url + urlPath, { method, headers, body: o.json === undefined ? undefined : JSON.stringify(o.json) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  }
  async function signIn(email: string, password: string) {
    return (await call('POST', '/api/auth/sign-in', { json: { email, password } })).body.data.authorization.token as string;
  }
  return { url, call, signIn } as unknown as TestServer;
}

describe.skipIf(!HAS_OPENSSL)('the outbox across kill -9', () => {
  const { cert, key } = HAS_OPENSSL ? makeCertificate() : { cert: Buffer.alloc(0), key: Buffer.alloc(0) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-mail-crash-'));
  const caFile = path.join(dir, 'relay-ca.pem');
  fs.writeFileSync(caFile, cert);
  const children: ChildProcess[] = [];
  let relay: Relay | undefined;
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) await killed(child);
    await relay?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a message being sent when the process dies arrives once after the restart; one already accepted is not sent again', async () => {
    // The relay takes each message in, and answers it only once `hold` is off.
    let hold = true;
    let held = 0;
    const accepted: string[] = [];
    relay = await startRelay({
      key,
      cert,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (hold) return void held++;
          accepted.push(`${session.envelope.rcptTo.map((r) => r.address).join(',')}|${header(parseMime(Buffer.concat(chunks).toString('utf8')), 'Message-ID')}`);
          callback(null, `Ok: queued as Q${accepted.length}`);
        });
      },
    });
    const env = {
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SCRYPT_COST: '4', LOG_FORMAT: 'off',
      SMTP_URL: `smtp://mailer:${encodeURIComponent(PASSWORD)}@localhost:${relay.port}`, MAIL_FROM: 'Helpdesk <helpdesk@helpdesk.example.com>',
      // The production path for an internal CA: Node adds it to the trusted certificates.
      NODE_EXTRA_CA_CERTS: caFile,
    };

    const first = await startChild(env);
    children.push(first.child);
    const t = remote(first.url);
    const w = await createWorld(t);
    const ticket = await createTicket(t, w, 'assigned');
    // Both messages (Olivia's and Dana's) went over TLS with AUTH and sit at the relay, unanswered.
    await until('the relay to hold both messages', () => held === 2);
    await killed(first.child);

    hold = false;
    const second = await startChild(env);
    children.push(second.child);
    const t2 = remote(second.url);
    const admin = await t2.signIn(ADMIN.email, ADMIN.password);
    const status = async () => (await t2.call('GET', '/api/admin/mail', { token: admin })).body.data;
    await until('both messages to be sent', async () => (await status()).deliveries.filter((d: any) => d.state === 'sent').length === 2);
    expect(accepted.map((entry) => entry.split('|')[0]).sort()).toEqual([w.developer.email, w.owner.email].sort());
    expect(second.output()).toMatch(/2 message\(s\) were being sent when the server stopped; they are sent again/);

    // Accepted, then killed: the next start sends nothing again. A new change proves its worker ran.
    await killed(second.child);
    const third = await startChild(env);
    children.push(third.child);
    const t3 = remote(third.url);
    const developer = await t3.signIn(w.developer.email, 'staff-password');
    expect((await t3.call('POST', `/api/tickets/${ticket.number}/comments`, { token: developer, json: { body: 'Fixed.' } })).status).toBe(201);
    await until('the comment mail', () => accepted.length === 3);
    const admin3 = await t3.signIn(ADMIN.email, ADMIN.password);
    await until('the outbox to be empty', async () => (await t3.call('GET', '/api/admin/mail', { token: admin3 })).body.data.waiting === 0);
    expect(accepted).toHaveLength(3);
    expect(new Set(accepted.map((entry) => entry.split('|')[1])).size).toBe(3);
    expect(accepted[2]!.split('|')[0]).toBe(w.owner.email);
  }, 90_000);
});
