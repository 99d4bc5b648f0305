/**
 * The mail outbox draining (issue 21): 10,000 queued notification rows, sent by the server's own
 * worker (claim, render, send on 4 sessions over STARTTLS + AUTH PLAIN, mark sent) into a local
 * smtp-server relay in another process. The baseline, in the same run: the raw session rate, the
 * same relay and the same 4 sessions sending ready-made messages with nothing around them (the
 * `mail` part's "sessions, STARTTLS + AUTH PLAIN, 4 at once"), so the ratio is what the outbox
 * (the database, rendering, one fsync'd commit per message) costs on top. Medians of the rounds.
 * Target (issue 21): ≥ 200 messages/s.
 * Usage: npm run bench -- outbox
 *
 * Settings (environment): BENCH_OUTBOX_MESSAGES (10000), BENCH_OUTBOX_ROUNDS (3).
 */
import { join } from 'node:path';
import { buildMessage } from '../src/server/mail/message.ts';
import { openSmtpSession } from '../src/server/mail/smtp-client.ts';
import { startServer } from '../src/server/server.ts';
import { RELAY_PASSWORD, RELAY_USER, startMailRelays } from './mail-relays.mjs';
import { printTable, saveResults } from './report.mjs';

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 3);
const SESSIONS = 4;
const TARGET_PER_SECOND = 200;
const FROM = 'Helpdesk <helpdesk@helpdesk.example.com>';
const COMMENT = 'The printer on the third floor is on fire again. '.repeat(8).trim();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `count` rows as the recorder writes them, all due now, for the admin account (a super). */
function enqueue(db, count, round) {
  const insert = db.prepare(`INSERT INTO mail_outbox (user_id, to_address, to_name, kind, ticket_id, payload, message_id, next_attempt_at, created_at)
    VALUES (1, ?, ?, 'ticket', 1, ?, ?, ?, ?)`);
  const at = new Date().toISOString();
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const number = `TCK-${String((i % 5000) + 1).padStart(6, '0')}`;
    const payload = {
      ticket: { id: 1, number, title: 'Drucker im 3. Stock brennt — bitte schnell', status: 'assigned', priority: 'high' },
      sentence: `Ada commented on ${number} "Drucker im 3. Stock brennt — bitte schnell"`,
      comment: COMMENT,
      actor: 'Ada',
      reason: 'comment',
    };
    insert.run(`person${i}@example.com`, `Jürgen Müller ${i}`, JSON.stringify(payload), `<r${round}.${i}@helpdesk.example.com>`, at, at);
  }
  db.exec('COMMIT');
}

/** The raw rate: ready-made messages on SESSIONS sessions, nothing else. */
async function rawRate(target, ca, count) {
  const message = buildMessage({ from: { address: 'helpdesk@helpdesk.example.com' }, to: [{ address: 'a@example.com' }], subject: '[TCK-000001] x', text: COMMENT, html: `<p>${COMMENT}</p>` });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: SESSIONS }, async () => {
    const session = await openSmtpSession({ target, tls: { ca } });
    while (next++ < count) await session.send({ from: 'helpdesk@helpdesk.example.com', to: [`person${next}@example.com`], message });
    await session.close();
  }));
  return count / ((performance.now() - started) / 1000);
}

export async function benchOutbox() {
  const { dir, ca, ports, tlsTarget: target, counts: relayCounts, close } = await startMailRelays('helpdesk-bench-outbox-');
  let server;
  try {
    server = await startServer({
      port: 0, dataDir: join(dir, 'data'), distDir: join(dir, 'no-dist'), scryptCost: 4, adminPassword: 'bench-password',
      smtpUrl: `smtp://${RELAY_USER}:${RELAY_PASSWORD}@localhost:${ports.tls}`, mailFrom: FROM, smtpCa: ca, log: () => {}, logError: console.error,
    });
    const { db, mail } = server.app;
    console.log(`\n— outbox: ${MESSAGES} queued messages per round, ${ROUNDS} rounds, ${SESSIONS} sessions`);
    const drained = [];
    const raw = [];
    await rawRate(target, ca, 200); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      enqueue(db, MESSAGES, round);
      const started = performance.now();
      mail.worker.wake();
      await mail.worker.idle();
      drained.push(MESSAGES / ((performance.now() - started) / 1000));
      const { waiting, failed } = mail.store.counts();
      if (waiting !== 0 || failed !== 0) throw new Error(`round ${round}: ${waiting} waiting, ${failed} failed after the drain`);
      raw.push(await rawRate(target, ca, Math.min(MESSAGES, 2000)));
    }
    const counts = await relayCounts();
    const expected = 200 + ROUNDS * (MESSAGES + Math.min(MESSAGES, 2000));
    const result = { drained: median(drained), raw: median(raw) };
    printTable(`Outbox drain: ${MESSAGES} queued rows through the worker into a local smtp-server relay (STARTTLS + AUTH PLAIN), median of ${ROUNDS} rounds`,
      ['how', 'messages/s', 'vs raw sessions'], [
        ['outbox worker: claim, render, send, mark sent', `${Math.round(result.drained)}`, `${(result.drained / result.raw).toFixed(2)}×`],
        [`raw: ${SESSIONS} sessions sending ready-made messages (baseline)`, `${Math.round(result.raw)}`, '1.00×'],
      ]);
    const delivered = counts.tls === expected;
    console.log(`\nrelay received ${counts.tls} of ${expected} messages ${delivered ? 'OK' : 'MISSING SOME'}`);
    console.log(`drain: target ≥ ${TARGET_PER_SECOND} msg/s ${result.drained >= TARGET_PER_SECOND ? 'OK' : 'BELOW TARGET'} (${(MESSAGES / result.drained).toFixed(1)} s for ${MESSAGES})`);
    saveResults('outbox', { messages: MESSAGES, rounds: ROUNDS, sessions: SESSIONS, perSecond: result, roundsPerSecond: { drained, raw }, delivered });
    return result;
  } finally {
    await server?.close();
    close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOutbox();
