/** The ceiling for any Node server on this machine: node:http answering a constant JSON body. */
import http from 'node:http';

const BODY = JSON.stringify({ data: { id: 1, number: 'TCK-000001', title: 'Constant answer', status: 'opened' } });

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(BODY) });
  res.end(BODY);
});
server.listen(0, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
