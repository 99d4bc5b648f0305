/**
 * Starts bench/mail-relay.mjs (the local relays of the `mail` and `outbox` parts) in a process of
 * its own, with a throw-away certificate for localhost in a temporary folder.
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The account the benches sign in to the `tls` relay with (it accepts any). */
export const RELAY_USER = 'mailer';
export const RELAY_PASSWORD = 'bench';

/**
 * Answers the relays' ports, `tlsTarget` (the `tls` relay as an SMTP client's target), their certificate
 * (`ca`), a temporary folder that goes with them, `counts()` of the messages received, and `close()`.
 */
export async function startMailRelays(folderPrefix) {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  const [certFile, keyFile] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  const relays = fork(new URL('./mail-relay.mjs', import.meta.url), [certFile, keyFile], { stdio: 'inherit' });
  const reply = (key) => new Promise((resolve) => relays.once('message', (m) => resolve(m[key])));
  const close = () => {
    relays.disconnect();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ports = await reply('ports');
    return {
      dir,
      ca: readFileSync(certFile),
      ports,
      tlsTarget: { secure: false, host: 'localhost', port: ports.tls, user: RELAY_USER, password: RELAY_PASSWORD },
      counts() {
        relays.send('count');
        return reply('counts');
      },
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}
