/**
 * `SMTP_URL` (docs/design.md#notifications): `smtp://[user:password@]host[:port]` (port 25,
 * upgraded with STARTTLS whenever the relay offers it) or `smtps://…` (TLS from the first byte,
 * port 465). The password never appears in an error or a log line: `describeRelay` is how a
 * relay is named anywhere a person may read it.
 */

const DEFAULT_PORT = { smtp: 25, smtps: 465 } as const;

/** Where and how to reach the relay. */
export interface SmtpTarget {
  /** TLS from the first byte (`smtps://`); otherwise plain TCP, upgraded with STARTTLS. */
  secure: boolean;
  /** Host name or IP address, without the brackets of an IPv6 literal. */
  host: string;
  port: number;
  /** For AUTH, percent-decoded; absent when the URL names no user. */
  user?: string;
  /** For AUTH, percent-decoded. Never print it: use `describeRelay`. */
  password?: string;
}

/** Why an `SMTP_URL` was refused; the message never carries the password. */
export class SmtpUrlError extends Error {
  override name = 'SmtpUrlError';
}

/** Parses `SMTP_URL`; throws `SmtpUrlError` with a message fit for the start-up log. */
export function parseSmtpUrl(value: string): SmtpTarget {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    // URL's own error carries the input, password included.
    throw new SmtpUrlError('SMTP_URL is not a URL: write it as smtp://[user:password@]host[:port] or smtps://…');
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'smtp' && scheme !== 'smtps') throw new SmtpUrlError(`SMTP_URL must start with smtp:// or smtps://, not ${scheme}://`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new SmtpUrlError('SMTP_URL names no host: write it as smtp://[user:password@]host[:port]');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    throw new SmtpUrlError(`SMTP_URL must end after the host and port (${scheme}://${url.host}), without a path, query or fragment`);
  }
  const port = url.port ? Number(url.port) : DEFAULT_PORT[scheme];
  if (port < 1) throw new SmtpUrlError(`SMTP_URL: port ${port} is not a port a relay listens on`);
  const user = decode(url.username, 'user');
  const password = decode(url.password, 'password');
  if (password && !user) throw new SmtpUrlError('SMTP_URL has a password but no user name');
  return { secure: scheme === 'smtps', host, port, ...(user ? { user, password } : {}) };
}

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new SmtpUrlError(`SMTP_URL: the ${what} has a malformed percent-escape (write a literal % as %25)`);
  }
}

/** `smtp://host:port` and, when there is one, the user (`smtp://mailer@host:587`); never the password. */
export function describeRelay(target: SmtpTarget): string {
  const scheme = target.secure ? 'smtps' : 'smtp';
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  const user = target.user ? `${encodeURIComponent(target.user)}@` : '';
  return `${scheme}://${user}${host}:${target.port}`;
}
