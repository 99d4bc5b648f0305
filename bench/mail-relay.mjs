/**
 * The relays of the mail bench, in a process of their own so they do not share the client's event
 * loop: smtp-server with STARTTLS and AUTH PLAIN (`tls`), the same without STARTTLS or AUTH
 * (`plain`), and the baseline, a bare node:net server that greets and answers each line with `250`.
 * Argv: the certificate and key files. Sends `{ ports }` once listening; answers `count` with the
 * messages each relay received.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

const [certFile, keyFile] = process.argv.slice(2);
const counts = { tls: 0, plain: 0 };

function relay(name, options) {
  return new SMTPServer({
    disableReverseLookup: true,
    logger: false,
    authOptional: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        counts[name]++;
        callback(null, 'queued');
      });
    },
    ...options,
  });
}

const bare = net.createServer((socket) => {
  socket.on('error', () => {});
  socket.write('220 bare\r\n');
  let pending = '';
  socket.on('data', (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
});

const servers = {
  tls: relay('tls', { key: readFileSync(keyFile), cert: readFileSync(certFile) }),
  plain: relay('plain', { disabledCommands: ['STARTTLS', 'AUTH'] }),
  bare,
};
const ports = {};
for (const [name, server] of Object.entries(servers)) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ports[name] = (name === 'bare' ? server : server.server).address().port;
}
process.send({ ports });
process.on('message', (message) => {
  if (message === 'count') process.send({ counts: { ...counts } });
});
process.on('disconnect', () => process.exit(0));
