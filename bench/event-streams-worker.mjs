/**
 * Holds GET /events streams open for bench/events.mjs, in its own process so reading them does
 * not load the process that times the writes. IPC: {open: {url, tokens, perToken}} → {opened},
 * {count} → {events: [per stream]}, {close} → {closed}, {exit}.
 */
import http from 'node:http';

const streams = [];

function openOne(url, token) {
  return new Promise((resolve, reject) => {
    const stream = { events: 0, req: undefined };
    stream.req = http.get(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /api/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (text) => (stream.events += text.split('event: ticket').length - 1));
      res.on('error', () => {});
      resolve(stream);
    });
    stream.req.on('error', reject);
  });
}

process.on('message', async (message) => {
  if (message.open) {
    const { url, tokens, perToken } = message.open;
    for (const token of tokens) for (let i = 0; i < perToken; i++) streams.push(await openOne(url, token));
    process.send({ opened: streams.length });
  } else if (message.count) {
    process.send({ events: streams.map((s) => s.events) });
  } else if (message.close) {
    for (const s of streams.splice(0)) s.req.destroy();
    process.send({ closed: true });
  } else if (message.exit) process.exit(0);
});
process.send({ ready: true });
