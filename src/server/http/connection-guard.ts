/**
 * Connections within the open-file budget (design.md#open-files): from the high-water mark, idle
 * keep-alive connections are closed, the longest idle first, back down to the low-water mark; only
 * when none is idle and the budget is spent is a new connection refused, and then with a clear 503
 * to its request, never by running the database out of descriptors.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { SERVER } from '../../shared/index.ts';
import type { OpenFilesBudget } from './open-files.ts';
import { JSON_TYPE, SECURITY_HEADERS } from './respond.ts';

/** A refused connection's request may be asked again after this. */
const RETRY_REFUSED_SECONDS = 5;
/**
 * Refused connections waiting to send their request (each a descriptor from the reserve, for up to
 * HEADERS_TIMEOUT_SECONDS); past this many, a new one is closed at once: the reserve is the database's.
 */
export const REFUSED_WAITING_MAX = 64;

type Handle = (req: IncomingMessage, res: ServerResponse) => void;

export type ConnectionGuard = ReturnType<typeof createConnectionGuard>;

export function createConnectionGuard(budget: OpenFilesBudget, log: (line: string) => void) {
  const open = new Set<Socket>();
  /** Sockets between answers (a request answered, the next not begun), the longest idle first (a Set keeps insertion order). */
  const idle = new Set<Socket>();
  const refused = new WeakSet<Socket>();
  let warned = false;
  let closedIdle = 0;
  let refusedWaiting = 0;

  /** Closes idle keep-alive connections, longest idle first, until the open ones are down to the low-water mark. */
  function reclaim(): void {
    for (const socket of idle) {
      if (open.size <= budget.lowWater) break;
      idle.delete(socket);
      // Counted out now: its descriptor is released within this turn, its 'close' comes later.
      open.delete(socket);
      closedIdle++;
      socket.destroy();
    }
  }

  /** Logs once on reaching the high-water mark; again only after falling below the low-water mark (closing idle ones stops there). */
  function noteLevel(): void {
    if (open.size < budget.lowWater) return void (warned = false);
    if (warned || open.size < budget.highWater) return;
    warned = true;
    log(`Connections: ${open.size.toLocaleString('en')} open of ${budget.connections.toLocaleString('en')} this process may hold (open files limit ${budget.limit.toLocaleString('en')}, less a reserve for the database, backups, mail and logs); idle keep-alive connections are being closed, and past the limit new ones are answered 503. Raise the limit (ulimit -n, LimitNOFILE) or run fewer streams per process.`);
  }

  function accepted(socket: Socket): void {
    if (socket.destroyed) return;
    socket.once('close', () => {
      open.delete(socket);
      idle.delete(socket);
      noteLevel();
    });
    if (open.size + 1 >= budget.highWater) reclaim();
    if (open.size < budget.connections) open.add(socket);
    else if (refusedWaiting >= REFUSED_WAITING_MAX) socket.destroy();
    else {
      refused.add(socket);
      refusedWaiting++;
      socket.once('close', () => refusedWaiting--);
    }
    noteLevel();
  }

  /** A refused connection's request: 503 with the busy message, and the connection closed after it. */
  function refuse(res: ServerResponse): void {
    const body = JSON.stringify({ message: SERVER.busy });
    res.shouldKeepAlive = false;
    res.writeHead(503, { ...SECURITY_HEADERS, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_REFUSED_SECONDS), Connection: 'close' }).end(body);
  }

  return {
    /** Counts the server's connections and their idle spells; answers the request handler to use. */
    attach(server: HttpServer | HttpsServer, handle: Handle): Handle {
      server.on('connection', accepted);
      // Over TLS the request's socket is the TLS one, wrapping the counted TCP one.
      const counted = (req: IncomingMessage) => (req.socket as Socket & { _parent?: Socket })._parent ?? req.socket;
      return (req, res) => {
        const socket = counted(req);
        if (refused.has(socket)) return refuse(res);
        idle.delete(socket);
        res.once('finish', () => {
          if (open.has(socket) && !socket.destroyed) idle.add(socket);
        });
        handle(req, res);
      };
    },
    /** `{open, max}` from the high-water mark on (GET /api/health), else undefined. */
    near: () => (open.size >= budget.highWater ? { open: open.size, max: budget.connections } : undefined),
    openConnections: () => open.size,
    /** Idle keep-alive connections closed to make room, since start. */
    closedIdle: () => closedIdle,
  };
}
