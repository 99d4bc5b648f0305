/**
 * The capacity bench's baseline: node:http with nothing to do. It holds event streams, answers
 * each read with the bytes the real server gave for the same kind of read (BARE_ANSWERS, a JSON
 * file), and fans each write out to every stream as one frame built once, written in one loop.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS, 'utf8'));
const streams = new Set();
let lastId = 0;

function kindOf(method, url) {
  if (method !== 'GET') return 'write';
  if (url.startsWith('/api/tickets/stats')) return 'stats';
  if (url.startsWith('/api/tickets/report')) return 'report';
  if (url.startsWith('/api/activity-log/')) return 'log';
  if (url.endsWith('/comments')) return 'comments';
  if (url.startsWith('/api/tickets?')) return url.includes('q=') ? 'search' : 'page';
  return 'detail';
}

function fanOut(url, method) {
  const number = /\/api\/tickets\/(TCK-\d+)/.exec(url)?.[1];
  if (!number) return;
  const change = method === 'POST' ? 'comment' : 'status';
  const data = { id: Number(number.slice(4)), number, change, ticket: answers.eventTicket };
  const frame = `id: ${++lastId}\nevent: ticket\ndata: ${JSON.stringify(data)}\n\n`;
  for (const res of streams) res.write(frame);
}

const server = http.createServer((req, res) => {
  if (req.url === '/api/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('retry: 3000\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
    return;
  }
  req.resume();
  req.on('end', () => {
    const kind = kindOf(req.method, req.url);
    const body = answers[kind] ?? '{}';
    res.writeHead(kind === 'write' && req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    if (kind === 'write') setImmediate(() => fanOut(req.url, req.method));
  });
});
server.listen(0, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => {
  for (const res of streams) res.destroy();
  server.close(() => process.exit(0));
});
