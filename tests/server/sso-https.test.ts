/**
 * Discovery, keys and the token exchange over HTTPS, trusting an internal CA the way production does:
 * NODE_EXTRA_CA_CERTS, which Node reads itself at start (so the server runs as `npm start` runs it, in
 * its own process). Without the CA the directory is unreachable, and the sign-in says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, writeCertificate } from './certificate.ts';
import { browseSignIn, CLIENT, startProvider, type TestProvider } from './oidc-provider.ts';

const HAS_OPENSSL = hasOpenssl('sso-https');

describe.skipIf(!HAS_OPENSSL)('directory sign-in over HTTPS', () => {
  let dir: string;
  let certFile: string;
  let provider: TestProvider;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-sso-tls-'));
    const files = writeCertificate(dir);
    certFile = files.certFile;
    provider = await startProvider({ tls: { cert: await fs.readFile(certFile), key: await fs.readFile(files.keyFile) } });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await provider?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** `npm start`'s server, configured for the provider through the environment. */
  async function spawnServer(name: string, extraEnv: Record<string, string>): Promise<string> {
    const { NODE_EXTRA_CA_CERTS: _ours, ...inherited } = process.env;
    const env = {
      ...inherited, PORT: '0', DATA_DIR: path.join(dir, name), ADMIN_PASSWORD: 'admin-password', SCRYPT_COST: '4', LOG_FORMAT: 'off',
      OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, ...extraEnv,
    };
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    return new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /^Listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
        if (match && match[2] !== '0') resolve(match[1]!);
      });
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
  }

  it('signs in through a provider whose certificate only NODE_EXTRA_CA_CERTS vouches for', async () => {
    const url = await spawnServer('trusting', { NODE_EXTRA_CA_CERTS: certFile });
    provider.person = { sub: 'tls-person', email: 'tls@example.com', given_name: 'Tess', family_name: 'Ls', groups: ['helpdesk-devs'] };
    const steps = await browseSignIn(url, { providerCa: await fs.readFile(certFile) });
    expect(steps.landing).toMatch(/^\/auth\/complete#handoff=/);
    const finish = await fetch(`${url}/api/auth/oidc/finish`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ handoff: steps.handoff }) });
    expect(finish.status).toBe(200);
    expect((await finish.json()).data.user).toMatchObject({ email: 'tls@example.com', role: 'developer', source: 'directory' });
  });

  it('without the CA, the directory is unreachable: directory_down', async () => {
    const url = await spawnServer('distrusting', {});
    expect((await browseSignIn(url)).landing).toBe('/auth/failed?reason=directory_down');
  });
});
