/**
 * Bulk actions at scale (issue 14): POST /tickets/bulk closing 500 tickets at 100,000 tickets,
 * beside the same 500 closes sent one by one as PATCH /tickets/{n} in the same run. An open
 * GET /events stream counts the events, and the database counts the log rows: every close must
 * have both. Target: a bulk close of 500 in ≤ 2 s (median of the rounds).
 * Usage: npm run bench -- bulk
 *
 * Settings (environment): BENCH_BULK_TICKETS (100000), BENCH_BULK_ROUNDS (3).
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { request } from './http-client.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_BULK_TICKETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const BATCH = 500;
const TARGET_MS = 2000;
const EVENTS_WAIT_MS = 5000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Counts `event: ticket` frames with change "status", per ticket number. */
async function countEvents(url, token) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const counts = new Map();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        pending += value;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
          pending = pending.slice(end + 2);
          const event = data ? JSON.parse(data) : {};
          if (event.change === 'status') counts.set(event.number, (counts.get(event.number) ?? 0) + 1);
        }
      }
    } catch {
      // closed
    }
  })();
  return { counts, close: () => controller.abort() };
}

/** Opened tickets, BATCH per round, none shared: each side of each round closes its own. */
function openedNumbers(dataDir, count) {
  const db = new DatabaseSync(join(dataDir, 'helpdesk.db'), { readOnly: true });
  try {
    return db.prepare("SELECT number FROM tickets WHERE status = 'opened' ORDER BY id LIMIT ?").all(count).map((row) => row.number);
  } finally {
    db.close();
  }
}

function closedLogRows(dataDir, numbers) {
  const db = new DatabaseSync(join(dataDir, 'helpdesk.db'), { readOnly: true });
  try {
    const list = numbers.map((n) => `'${n}'`).join(',');
    return Number(db.prepare(`SELECT count(*) AS n FROM ticket_logs JOIN tickets ON tickets.id = ticket_logs.ticket_id
      WHERE ticket_logs.action = 'closed' AND tickets.number IN (${list})`).get().n);
  } finally {
    db.close();
  }
}

async function timeBulk(agent, url, headers, numbers) {
  const t0 = performance.now();
  const answer = await request(agent, url, { method: 'POST', path: '/api/tickets/bulk', headers, body: JSON.stringify({ ids: numbers, action: 'close' }) }, { keepBody: true });
  const ms = performance.now() - t0;
  const body = JSON.parse(answer.body);
  if (answer.status !== 200 || body.data.changed.length !== numbers.length) throw new Error(`bulk close answered ${answer.status}: ${body.message}`);
  return ms;
}

async function timeSingles(agent, url, headers, numbers) {
  const t0 = performance.now();
  for (const number of numbers) {
    const answer = await request(agent, url, { method: 'PATCH', path: `/api/tickets/${number}`, headers, body: JSON.stringify({ status: 'closed' }) });
    if (answer.status !== 200) throw new Error(`PATCH ${number} answered ${answer.status}`);
  }
  return performance.now() - t0;
}

export async function benchBulk() {
  const dataDir = tempDataDir();
  const env = { ...serverEnv(dataDir), LOG_FORMAT: 'off' };
  console.log(`\n— bulk: ${TICKETS.toLocaleString('en')} tickets, ${ROUNDS} rounds of ${BATCH} closes each way`);
  const fillMs = await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  console.log(`  demo fill: ${(fillMs / 1000).toFixed(1)} s`);
  const all = openedNumbers(dataDir, BATCH * 2 * (ROUNDS + 1));
  if (all.length < BATCH * 2 * (ROUNDS + 1)) throw new Error(`only ${all.length} opened tickets; fill more`);
  const slice = (i) => all.slice(i * BATCH, (i + 1) * BATCH);
  const measured = Array.from({ length: ROUNDS }, (_, i) => slice(2 * (i + 1))).flat();
  const logRowsBefore = closedLogRows(dataDir, measured);
  const app = await startListening('src/server/main.ts', env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const token = await signIn(app.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
    const events = await countEvents(app.url, token);
    // Warm-up round on each side (statements prepared, pages cached), then alternating measured rounds.
    await timeBulk(agent, app.url, headers, slice(0));
    await timeSingles(agent, app.url, headers, slice(1));
    const bulk = [];
    const singles = [];
    for (let round = 1; round <= ROUNDS; round++) {
      bulk.push(await timeBulk(agent, app.url, headers, slice(2 * round)));
      singles.push(await timeSingles(agent, app.url, headers, slice(2 * round + 1)));
    }
    const until = Date.now() + EVENTS_WAIT_MS;
    while (measured.some((n) => events.counts.get(n) !== 1) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    events.close();
    const withEvent = measured.filter((n) => events.counts.get(n) === 1).length;
    const logRows = closedLogRows(dataDir, measured) - logRowsBefore;
    const result = {
      tickets: TICKETS,
      rounds: ROUNDS,
      batch: BATCH,
      bulkMs: median(bulk),
      singlesMs: median(singles),
      bulkRoundsMs: bulk,
      singlesRoundsMs: singles,
      closedTickets: measured.length,
      events: withEvent,
      logRows,
    };
    printTable(`Close ${BATCH} tickets at ${TICKETS.toLocaleString('en')} tickets: median of ${ROUNDS} rounds`, ['how', 'time', 'per ticket'], [
      [`POST /tickets/bulk (one request)`, fmtMs(result.bulkMs), fmtMs(result.bulkMs / BATCH)],
      [`${BATCH} × PATCH /tickets/{n} (one keep-alive connection)`, fmtMs(result.singlesMs), fmtMs(result.singlesMs / BATCH)],
    ]);
    const ok = result.bulkMs <= TARGET_MS && withEvent === measured.length && logRows === measured.length;
    console.log(`\nbulk / singles: ${(result.bulkMs / result.singlesMs).toFixed(2)}×; target ≤ ${TARGET_MS} ms ${result.bulkMs <= TARGET_MS ? 'OK' : 'ABOVE TARGET'}`);
    console.log(`bulk-closed tickets: ${measured.length}; with exactly one status event: ${withEvent}; closed log rows: ${logRows} ${ok ? 'OK' : 'MISSING SOME'}`);
    saveResults('bulk', result);
    return result;
  } finally {
    agent.destroy();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBulk();
