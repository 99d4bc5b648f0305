/**
 * Mail (issue 21): notification messages handed to a local smtp-server relay by our SMTP client,
 * the way an outbox would drain a queue: 1 and 4 sessions at once, each sending message after
 * message on one connection (`openSmtpSession`), over STARTTLS with AUTH PLAIN (a company relay's
 * setup) and in clear; and `sendMail`, one connection per message. The baseline, in the same
 * run: the same round trips per message (MAIL, RCPT, DATA, the message) over bare TCP on kept
 * connections, against a node:net server that only answers `250`, so the ratio is what SMTP, TLS
 * and the relay cost on top of the network. Every figure is the median of the rounds.
 * Target (issue 21): ≥ 200 messages/s with 4 sessions, so 10,000 queued messages drain in under a minute.
 * Usage: npm run bench -- mail
 *
 * Settings (environment): BENCH_MAIL_MESSAGES (1000 per measurement; a tenth for `sendMail`,
 * which smtp-server greets only after a 100 ms pause), BENCH_MAIL_ROUNDS (3).
 */
import net from 'node:net';
import { buildMessage, threadId } from '../src/server/mail/message.ts';
import { openSmtpSession, sendMail } from '../src/server/mail/smtp-client.ts';
import { startMailRelays } from './mail-relays.mjs';
import { printTable, saveResults } from './report.mjs';

const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES ?? 1000);
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 3);
const CONCURRENCY = 4;
const TARGET_PER_SECOND = 200;
/** The lines of one message on a kept connection, each waiting for its answer. */
const BARE_ROUND_TRIPS = ['MAIL FROM:<a@b>', 'RCPT TO:<c@d>', 'DATA', 'the message\r\n.'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function notification(i) {
  return buildMessage({
    from: { address: 'helpdesk@helpdesk.example.com', name: 'Helpdesk' },
    to: [{ address: `person${i}@example.com`, name: `Jürgen Müller ${i}` }],
    subject: `[TCK-${String(i).padStart(6, '0')}] Drucker im 3. Stock brennt — bitte schnell`,
    text: `Ada Lovelace commented:\n\n> ${'The printer on the third floor is on fire again. '.repeat(8)}\n\nOpen the ticket: https://helpdesk.example.com/tickets/TCK-000042\n`,
    html: `<!doctype html><html><body><p>Ada Lovelace commented:</p><blockquote>${'The printer on the third floor is on fire again. '.repeat(8)}</blockquote><p><a href="https://helpdesk.example.com/tickets/TCK-000042">Open the ticket</a></p></body></html>`,
    inReplyTo: threadId('TCK-000042', 'helpdesk.example.com'),
  });
}

/** A kept bare-TCP connection: `exchange()` sends the lines of one message, each after the answer to the last. */
async function bareConnection(port) {
  const socket = net.connect(port, '127.0.0.1');
  const waiting = [];
  let pending = '';
  socket.on('data', (chunk) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      pending = pending.slice(end + 1);
      waiting.shift()?.();
    }
  });
  const answer = () => new Promise((resolve) => waiting.push(resolve));
  await answer(); // the greeting
  return {
    async send() {
      for (const line of BARE_ROUND_TRIPS) {
        socket.write(`${line}\r\n`);
        await answer();
      }
    },
    close: async () => socket.destroy(),
  };
}

/** Messages per second: `count` messages over `workers` channels opened by `open` (its open and close timed too). */
async function rate(count, workers, open) {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => {
    const channel = await open();
    while (next < count) await channel.send(next++);
    await channel.close();
  }));
  return count / ((performance.now() - started) / 1000);
}

export async function benchMail() {
  const { ca, ports, tlsTarget, counts: relayCounts, close } = await startMailRelays('helpdesk-bench-mail-');
  try {
    console.log(`\n— mail: ${MESSAGES} messages per measurement (${Math.ceil(MESSAGES / 10)} for sendMail), ${ROUNDS} rounds`);
    const messages = Array.from({ length: MESSAGES }, (_, i) => notification(i + 1));
    const common = { heloName: 'helpdesk.example.com', tls: { ca } };
    const mail = (i) => ({ from: 'helpdesk@helpdesk.example.com', to: [`person${i + 1}@example.com`], message: messages[i] });
    const session = (target) => async () => {
      const opened = await openSmtpSession({ target, ...common });
      return { send: (i) => opened.send(mail(i)), close: () => opened.close() };
    };
    const cases = {
      tls: { count: MESSAGES, open: session(tlsTarget) },
      plain: { count: MESSAGES, open: session({ secure: false, host: '127.0.0.1', port: ports.plain }) },
      sendMail: { count: Math.ceil(MESSAGES / 10), open: async () => ({ send: (i) => sendMail({ target: tlsTarget, ...common, ...mail(i) }), close: async () => {} }) },
      bare: { count: MESSAGES, open: async () => bareConnection(ports.bare) },
    };
    const figures = Object.fromEntries(Object.keys(cases).flatMap((name) => [[`${name}1`, []], [`${name}${CONCURRENCY}`, []]]));
    await rate(100, CONCURRENCY, cases.tls.open); // warm-up: code compiled, TLS context made
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, { count, open }] of Object.entries(cases)) {
        figures[`${name}1`].push(await rate(count, 1, open));
        figures[`${name}${CONCURRENCY}`].push(await rate(count, CONCURRENCY, open));
      }
    }
    const counts = await relayCounts();
    const expected = { tls: 100 + (MESSAGES + Math.ceil(MESSAGES / 10)) * 2 * ROUNDS, plain: MESSAGES * 2 * ROUNDS };
    const result = Object.fromEntries(Object.entries(figures).map(([key, values]) => [key, median(values)]));
    const cell = (key) => `${Math.round(result[key])} msg/s (${(result[key] / result[key.replace(/^[a-zA-Z]+/, 'bare')]).toFixed(2)}× bare)`;
    printTable(`Notification e-mails (${(Buffer.byteLength(messages[0]) / 1024).toFixed(1)} KB) into a local smtp-server relay: median of ${ROUNDS} rounds`,
      ['how', '1 at a time', `${CONCURRENCY} at once`], [
        ['sessions, STARTTLS + AUTH PLAIN', cell('tls1'), cell(`tls${CONCURRENCY}`)],
        ['sessions, in clear, no AUTH', cell('plain1'), cell(`plain${CONCURRENCY}`)],
        ['`sendMail`, a connection per message, STARTTLS + AUTH (relay greets after 100 ms)', cell('sendMail1'), cell(`sendMail${CONCURRENCY}`)],
        ['bare TCP, the same round trips per message (baseline)', `${Math.round(result.bare1)} msg/s`, `${Math.round(result[`bare${CONCURRENCY}`])} msg/s`],
      ]);
    const delivered = counts.tls === expected.tls && counts.plain === expected.plain;
    console.log(`\nrelay received ${counts.tls + counts.plain} of ${expected.tls + expected.plain} messages ${delivered ? 'OK' : 'MISSING SOME'}`);
    console.log(`STARTTLS + AUTH with ${CONCURRENCY} at once: target ≥ ${TARGET_PER_SECOND} msg/s ${result[`tls${CONCURRENCY}`] >= TARGET_PER_SECOND ? 'OK' : 'BELOW TARGET'}`);
    saveResults('mail', { messages: MESSAGES, rounds: ROUNDS, concurrency: CONCURRENCY, perSecond: result, roundsPerSecond: figures, delivered });
    return result;
  } finally {
    close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMail();
