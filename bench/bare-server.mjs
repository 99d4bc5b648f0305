/**
 * The baseline: node:http answering instantly, with nothing else to do. It answers whatever it
 * was last told with `PUT /__bare` (JSON {status, headers, body: base64}): the exact bytes and
 * headers (content-encoding included) of the call it stands beside. Until told, an empty 200,
 * which measures the load generator's own ceiling.
 */
import http from 'node:http';

let answer = { status: 200, headers: { 'content-length': '0' }, body: Buffer.alloc(0) };

const server = http.createServer((req, res) => {
  if (req.method === 'PUT' && req.url === '/__bare') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const next = JSON.parse(Buffer.concat(chunks).toString());
      const body = Buffer.from(next.body ?? '', 'base64');
      answer = { status: next.status ?? 200, headers: { ...next.headers, 'content-length': String(body.length) }, body };
      res.writeHead(204).end();
    });
    return;
  }
  // Drain any request body, like the real server, then answer the stored bytes.
  req.resume();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
