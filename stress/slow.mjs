/**
 * Slow clients beside normal traffic: from ::1, connections that trickle their headers, trickle
 * a body, send nothing, or read an answer without draining it, plus more connections than the
 * per-address cap; meanwhile normal reads go on from 127.0.0.1. Reports the normal reads' p99
 * and errors, and how long the server held each kind of slow client.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { memoryOf, percentile, removeDir, sleep, stopServer, viaV4 } from './lib.mjs';
import { demoServer, runMix, sampleMemory } from './load.mjs';

/**
 * TCP state of our side of a connection, from /proc/net/tcp6 (Linux): a paused socket never
 * sees the server's FIN, but the kernel does: CLOSE_WAIT (08) means the server closed it.
 */
function clientState(localPort, serverPort) {
  try {
    for (const line of readFileSync('/proc/net/tcp6', 'utf8').split('\n').slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/);
      if (!local) continue;
      if (parseInt(local.split(':')[1], 16) === localPort && parseInt(remote.split(':')[1], 16) === serverPort) return state;
    }
  } catch {
    return undefined;
  }
  return 'gone';
}

/** One slow connection; resolves { kind, heldMs, closedByServer, answer } when it ends or at `untilMs`. */
function slowConnection(port, kind, token, untilMs) {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host: '::1', port });
    const opened = performance.now();
    let received = '';
    let ticker;
    let connected = false;
    let settled = false;
    const finish = (closedByServer) => {
      if (settled) return;
      settled = true;
      clearInterval(ticker);
      clearTimeout(limit);
      const heldMs = performance.now() - opened;
      socket.destroy();
      resolvePromise({ kind, heldMs, closedByServer, connected, answer: /HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? null });
    };
    const limit = setTimeout(() => finish(false), Math.max(0, untilMs - performance.now()));
    socket.on('connect', () => {
      connected = true;
      if (kind === 'trickle-headers') {
        socket.write('GET /api/tickets?limit=50 HTTP/1.1\r\nHost: localhost\r\n');
        let n = 0;
        ticker = setInterval(() => socket.write(`X-Slow-${n++}: y\r\n`), 1000);
      } else if (kind === 'trickle-body') {
        socket.write(
          `POST /api/tickets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"title":"`,
        );
        ticker = setInterval(() => socket.write('aaaaaaaaaa'), 1000);
      } else if (kind === 'slow-reader') {
        // The whole list (megabytes), compressed as browsers ask, never read: the server's writes
        // stall on a full window, with the answer's compressor open.
        socket.write(`GET /api/tickets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nAccept: application/json\r\nAccept-Encoding: br, gzip\r\n\r\n`);
        socket.pause();
        ticker = setInterval(() => {
          const state = clientState(socket.localPort, port);
          if (state === '08' || state === 'gone') finish(true);
        }, 250);
      }
      // 'idle' and 'over-cap': send nothing.
    });
    socket.on('data', (chunk) => {
      if (received.length < 4096) received += chunk.toString('latin1');
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

/**
 * @param {{headersTimeoutSeconds?: number, requestTimeoutSeconds?: number, maxConnectionsPerAddress?: number, perKind?: number, slowReaders?: number, overCap?: number, normalConnections?: number, seconds?: number, tickets?: number, log?: (line: string) => void}} options
 *   seconds: how long slow clients are watched (and normal reads run) at most.
 */
export async function slowClients({
  headersTimeoutSeconds = 5,
  requestTimeoutSeconds = 10,
  maxConnectionsPerAddress = 256,
  perKind = 80,
  slowReaders = 16,
  overCap = 40,
  normalConnections = 20,
  seconds = 20,
  baselineSeconds = 5,
  tickets = 2000,
  log = () => {},
} = {}) {
  const { server, base, dataDir, ctx } = await demoServer({
    tickets,
    env: {
      HOST: '::',
      HEADERS_TIMEOUT_SECONDS: String(headersTimeoutSeconds),
      REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
      MAX_CONNECTIONS_PER_ADDRESS: String(maxConnectionsPerAddress),
    },
  });
  let crashed = false;
  server.child.on('exit', () => (crashed = true));
  try {
    const normalBase = viaV4(server.port);
    const baseline = baselineSeconds > 0 ? await runMix(normalBase, ctx, { connections: normalConnections, seconds: baselineSeconds, writeShare: 0, seed: 11 }) : undefined;

    const rssBeforeMB = memoryOf(server.pid).rssMB;
    const memory = sampleMemory(server.pid, 250);
    const until = performance.now() + seconds * 1000;
    const kinds = ['trickle-headers', 'trickle-body', 'idle'];
    const slow = [];
    for (const kind of kinds) for (let i = 0; i < perKind; i++) slow.push(slowConnection(server.port, kind, ctx.tokens.admin, until));
    for (let i = 0; i < slowReaders; i++) slow.push(slowConnection(server.port, 'slow-reader', ctx.tokens.admin, until));
    // Let those be accepted first, so the extra ones are the ones over the cap.
    await sleep(300);
    for (let i = 0; i < overCap; i++) slow.push(slowConnection(server.port, 'over-cap', ctx.tokens.admin, until));

    const normal = await runMix(normalBase, ctx, { connections: normalConnections, seconds: Math.max(1, (until - performance.now()) / 1000), writeShare: 0, seed: 12 });
    const ended = await Promise.all(slow);
    const mem = memory.stop();
    const byKind = {};
    for (const kind of [...kinds, 'slow-reader', 'over-cap']) {
      const list = ended.filter((c) => c.kind === kind);
      const closed = list.filter((c) => c.closedByServer);
      const answers = {};
      for (const c of list) if (c.answer) answers[c.answer] = (answers[c.answer] ?? 0) + 1;
      byKind[kind] = {
        connections: list.length,
        closedByServer: closed.length,
        stillOpenAtEnd: list.length - closed.length,
        heldMedianMs: percentile(list.map((c) => c.heldMs), 50),
        heldMaxMs: list.length ? Math.max(...list.map((c) => c.heldMs)) : NaN,
        answers,
      };
    }
    const health = await fetch(`${normalBase}/api/health`).then((r) => r.status, () => 0);
    const result = {
      settings: { headersTimeoutSeconds, requestTimeoutSeconds, maxConnectionsPerAddress },
      watchedSeconds: seconds,
      slowConnections: ended.length,
      serverRss: { beforeMB: rssBeforeMB, maxMB: mem.maxRssMB, endMB: mem.lastRssMB },
      byKind,
      normal: { connections: normalConnections, requests: normal.requests, rps: normal.rps, errors: normal.errors, errorSamples: normal.errorSamples, p50: normal.p50, p99: normal.p99, max: normal.max },
      baseline: baseline && { requests: baseline.requests, rps: baseline.rps, errors: baseline.errors, p50: baseline.p50, p99: baseline.p99 },
      crashed: crashed || health !== 200,
    };
    log(`  slow clients: normal reads p99 ${result.normal.p99.toFixed(0)} ms, ${result.normal.errors} errors; held ${JSON.stringify(Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round(v.heldMaxMs)])))} ms`);
    return result;
  } finally {
    await stopServer(server);
    removeDir(dataDir);
  }
}
