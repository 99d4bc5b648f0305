/**
 * AUTH (RFC 4954) with PLAIN (RFC 4616) or LOGIN, whichever the relay offers, PLAIN first. Only
 * over an encrypted connection: a relay that offers no STARTTLS gets no password, and the
 * dialogue stops with a `tls-required` error instead.
 */
import type { SmtpConnection } from './smtp-connection.ts';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export async function authenticate(connection: SmtpConnection, extensions: Map<string, string>, user: string, password: string): Promise<void> {
  if (!connection.encrypted) {
    throw connection.error('tls-required', 'auth', 'SMTP_URL has a user and password but the relay does not offer STARTTLS, and a password is never sent unencrypted; nothing was sent');
  }
  const offered = (extensions.get('AUTH') ?? '').split(' ');
  if (offered.includes('PLAIN')) {
    let reply = await connection.command(`AUTH PLAIN ${base64(`\0${user}\0${password}`)}`, 'auth');
    // A relay that takes no initial response asks for it with an empty 334.
    if (reply.code === 334) reply = await connection.command(base64(`\0${user}\0${password}`), 'auth');
    return accepted(connection, reply);
  }
  if (offered.includes('LOGIN')) {
    let reply = await connection.command('AUTH LOGIN', 'auth');
    if (reply.code === 334) reply = await connection.command(base64(user), 'auth');
    if (reply.code === 334) reply = await connection.command(base64(password), 'auth');
    return accepted(connection, reply);
  }
  const what = extensions.has('AUTH') ? `offers only AUTH ${extensions.get('AUTH')}` : 'offers no AUTH';
  throw connection.error('auth', 'auth', `SMTP_URL has a user and password but the relay ${what}; this client speaks PLAIN and LOGIN`);
}

function accepted(connection: SmtpConnection, reply: { code: number; lines: string[] }): void {
  if (reply.code === 235) return;
  throw connection.error(reply.code >= 400 ? 'auth' : 'protocol', 'auth', 'refused the user name and password', reply);
}
