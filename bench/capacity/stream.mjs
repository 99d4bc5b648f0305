/** One agent's GET /api/events, read frame by frame (only `event:` and `data:` lines matter here). */
import http from 'node:http';

const RECONNECT_MS = 3000;

/**
 * Opens the stream and keeps it open until close(): reconnects after an end or an error.
 * `onFrame(event, data)`; `onError(kind)`; answers {opened: Promise, close()}.
 */
export function holdStream(base, token, { onFrame, onError }) {
  let closed = false;
  let req;
  let resolveOpened;
  const opened = new Promise((resolve) => (resolveOpened = resolve));
  const retry = () => {
    if (!closed) setTimeout(connect, RECONNECT_MS).unref();
  };
  function connect() {
    let failed = false;
    const fail = (kind) => {
      if (failed || closed) return;
      failed = true;
      onError(kind);
      resolveOpened(false);
      retry();
    };
    req = http.get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return fail(`stream ${res.statusCode}`);
      }
      resolveOpened(true);
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (text) => {
        pending += text;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== '' || event !== 'message') onFrame(event, data);
        }
      });
      res.on('error', (error) => fail(`stream ${error.code ?? 'error'}`));
      res.on('end', () => fail('stream ended by server'));
    });
    req.on('error', (error) => fail(`stream ${error.code ?? 'error'}`));
  }
  connect();
  return {
    opened,
    close() {
      closed = true;
      req?.destroy();
    },
  };
}
