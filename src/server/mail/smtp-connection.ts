/**
 * One connection to a relay, as the SMTP dialogue uses it: open (TLS from the first byte for
 * `smtps://`), read the next reply, send a command and read its reply, upgrade with STARTTLS.
 * Every wait is bounded by `timeoutMs`; a failure (refused, reset, closed, timed out, a
 * certificate not trusted) ends the connection and rejects the wait with a typed `SmtpError`.
 */
import net from 'node:net';
import tls from 'node:tls';
import { SmtpError, type SmtpErrorKind, type SmtpStage } from './smtp-error.ts';
import { createReplyParser, formatReply, type SmtpReply } from './smtp-reply.ts';
import { describeRelay, type SmtpTarget } from './smtp-url.ts';

/** Node's codes for a certificate or handshake failure (as opposed to a network one). */
const TLS_ERROR_CODE = /^(ERR_TLS_|ERR_SSL_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO|CERT_|HOSTNAME_|ERR_OSSL)/;

export interface ConnectionOptions {
  target: SmtpTarget;
  timeoutMs: number;
  /** Trusted certificates instead of the system store (tests); Node adds NODE_EXTRA_CA_CERTS by itself. */
  ca?: tls.SecureContextOptions['ca'];
}

export interface SmtpConnection {
  /** True once the connection is TLS (from the first byte, or after STARTTLS). */
  readonly encrypted: boolean;
  /** True once it failed or was closed: nothing more can be sent on it. */
  readonly ended: boolean;
  /** The next reply, waiting at most `timeoutMs`. */
  read(stage: SmtpStage): Promise<SmtpReply>;
  /** Writes `text` (a command without its CRLF is given one) and reads the reply. */
  command(text: string, stage: SmtpStage): Promise<SmtpReply>;
  /** Hands the socket to TLS after the relay's `220` to STARTTLS. */
  upgrade(): Promise<void>;
  /** An error naming the relay (never its password), for the dialogue to throw. */
  error(kind: SmtpErrorKind, stage: SmtpStage, text: string, reply?: SmtpReply): SmtpError;
  close(): void;
}

export async function openConnection(options: ConnectionOptions): Promise<SmtpConnection> {
  const { target, timeoutMs, ca } = options;
  const relay = describeRelay(target);
  const servername = net.isIP(target.host) ? undefined : target.host;
  const parser = createReplyParser();
  const replies: SmtpReply[] = [];
  let waiter: { resolve: (reply: SmtpReply) => void; reject: (error: SmtpError) => void; timer: NodeJS.Timeout } | null = null;
  let broken: SmtpError | null = null;
  let current: SmtpStage = 'connect';
  let encrypted = target.secure;
  let socket: net.Socket;

  const error = (kind: SmtpErrorKind, stage: SmtpStage, text: string, reply?: SmtpReply) =>
    new SmtpError(`${relay}: ${text}${reply ? ` (the relay said: ${formatReply(reply)})` : ''}`, {
      kind,
      stage,
      ...(reply ? { reply: formatReply(reply), code: reply.code } : {}),
    });

  function breakWith(failure: SmtpError): void {
    broken ??= failure;
    socket.destroy();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.reject(broken);
    waiter = null;
  }

  function classify(cause: Error & { code?: string }, handshaking: boolean): SmtpError {
    if (handshaking || TLS_ERROR_CODE.test(cause.code ?? '')) return error('tls', current, `TLS failed: ${cause.message}`);
    return error('connect', current, `${current === 'connect' ? 'could not connect' : 'the connection failed'}: ${cause.message}`);
  }

  const onData = (chunk: Buffer) => {
    if (broken) return;
    try {
      replies.push(...parser.push(chunk, current));
    } catch (cause) {
      const failure = cause as SmtpError;
      breakWith(new SmtpError(`${relay}: ${failure.message}`, { kind: failure.kind, stage: current, permanent: false }));
      return;
    }
    if (waiter && replies.length > 0) {
      clearTimeout(waiter.timer);
      waiter.resolve(replies.shift()!);
      waiter = null;
    }
  };
  const onError = (cause: Error) => breakWith(classify(cause, false));
  const onClose = () => breakWith(error('connect', current, `the relay closed the connection (at ${current})`));

  /** Resolves once `ready` fires on `socket`; a failure or the timeout rejects. `tcpUp`: TCP is already connected (STARTTLS). */
  function established(ready: 'connect' | 'secureConnect', tcpUp: boolean): Promise<void> {
    const handshaking = () => ready === 'secureConnect' && tcpUp;
    return new Promise((resolve, reject) => {
      const fail = (failure: SmtpError) => {
        clearTimeout(timer);
        socket.destroy();
        reject(failure);
      };
      const timer = setTimeout(() => fail(error('timeout', current, `no ${handshaking() ? 'TLS handshake' : 'connection'} within ${timeoutMs} ms`)), timeoutMs);
      const onEarlyError = (cause: Error) => fail(classify(cause, handshaking()));
      socket.once('connect', () => (tcpUp = true));
      socket.on('error', onEarlyError);
      socket.once(ready, () => {
        clearTimeout(timer);
        socket.off('error', onEarlyError);
        socket.on('data', onData).on('error', onError).on('close', onClose);
        resolve();
      });
    });
  }

  const tlsOptions = { servername, host: target.host, ...(ca ? { ca } : {}) };
  if (target.secure) {
    socket = tls.connect({ ...tlsOptions, port: target.port });
    await established('secureConnect', false);
  } else {
    socket = net.connect({ host: target.host, port: target.port });
    await established('connect', false);
  }

  const read = (stage: SmtpStage): Promise<SmtpReply> => {
    current = stage;
    if (replies.length > 0) return Promise.resolve(replies.shift()!);
    if (broken) return Promise.reject(broken);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => breakWith(error('timeout', stage, `no answer within ${timeoutMs} ms (at ${stage})`)), timeoutMs);
      waiter = { resolve, reject, timer };
    });
  };

  return {
    get encrypted() {
      return encrypted;
    },
    get ended() {
      return broken !== null;
    },
    read,
    command(text, stage) {
      current = stage;
      if (!broken) socket.write(text.endsWith('\r\n') ? text : `${text}\r\n`);
      return read(stage);
    },
    async upgrade() {
      current = 'starttls';
      // Anything the relay sent after its 220 came in clear and could be an injected reply.
      if (parser.pending || replies.length > 0) throw error('protocol', 'starttls', 'the relay sent more after agreeing to STARTTLS; nothing was sent');
      // The TLS socket reports the plain one's failures; this keeps a late one from being unhandled.
      socket.off('data', onData).off('close', onClose);
      socket = tls.connect({ ...tlsOptions, socket });
      await established('secureConnect', true);
      encrypted = true;
    },
    error,
    close() {
      if (waiter) clearTimeout(waiter.timer);
      waiter = null;
      broken ??= error('connect', current, 'closed');
      socket.destroy();
    },
  };
}
