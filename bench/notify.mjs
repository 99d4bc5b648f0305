/**
 * What notifying costs a request (issue 21): p50 and p99 of POST /tickets/{id}/comments on a ticket whose
 * comment tells 20 people (20 notification rows and 20 mail rows in the request's transaction) and on one
 * whose comment tells nobody, interleaved in the same run. Target: ≤ 2 ms more at p99.
 * The posters are many accounts (sessions written straight into the database), since one person may add
 * 30 comments a minute; after each post a side connection takes the poster's comment and watch away
 * again, so neither ticket gains people to tell.
 * Usage: npm run bench -- notify
 *
 * Settings (environment): BENCH_NOTIFY_POSTERS (40: 30 posts each, half on each ticket).
 */
import crypto from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { request } from './http-client.mjs';
import { run, serverEnv, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, printTable, saveResults } from './report.mjs';

const POSTERS = Number(process.env.BENCH_NOTIFY_POSTERS ?? 40);
const TOLD = 20;
const POSTS_EACH = 30;
const WARM_UP = 10;
const TARGET_MS = 2;
/** Nothing listens there: mail rows are written; a worker that tries them fails in the background. */
const SMTP_URL = 'smtp://127.0.0.1:9';

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** Watchers and posters, with sessions; the two tickets made to tell nobody but A's watchers. */
function prepare(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'helpdesk.db'));
  try {
    const [told, quiet] = db.prepare('SELECT id FROM tickets ORDER BY id LIMIT 2').all().map((row) => row.id);
    const addUser = db.prepare(`INSERT INTO users (first_name, last_name, email, role, password_hash, created_at)
      VALUES (?, 'Bench', ?, 'support', 'not-a-hash', '2026-01-01T00:00:00.000Z') RETURNING id`);
    const addSession = db.prepare('INSERT INTO sessions (user_id, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)');
    const now = Date.now();
    db.exec('BEGIN');
    for (let i = 0; i < TOLD; i++) {
      const { id } = addUser.get(`Watcher${i}`, `watcher${i}@bench.example`);
      db.prepare('INSERT INTO ticket_watchers (ticket_id, user_id) VALUES (?, ?)').run(told, id);
    }
    const tokens = [];
    const posterIds = [];
    for (let i = 0; i < POSTERS + 1; i++) {
      const { id } = addUser.get(`Poster${i}`, `poster${i}@bench.example`);
      const token = crypto.randomBytes(32).toString('base64url');
      addSession.run(id, crypto.createHash('sha256').update(token).digest('base64url'), now, now);
      tokens.push(token);
      posterIds.push(id);
    }
    // No creator or developer to tell: only the watchers of the first ticket are.
    db.prepare("UPDATE tickets SET created_by_id = NULL, developer_id = NULL, status = 'opened' WHERE id IN (?, ?)").run(told, quiet);
    db.prepare('DELETE FROM comments WHERE ticket_id IN (?, ?)').run(told, quiet);
    db.exec('COMMIT');
    return { told, quiet, tokens, posterIds };
  } finally {
    db.close();
  }
}

async function post(agent, url, token, ticketId, body) {
  const t0 = performance.now();
  const answer = await request(agent, url, {
    method: 'POST',
    path: `/api/tickets/${ticketId}/comments`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ body }),
  });
  if (answer.status !== 201) throw new Error(`comment answered ${answer.status}`);
  return performance.now() - t0;
}

export async function benchNotify() {
  const dataDir = tempDataDir();
  const env = { ...serverEnv(dataDir), LOG_FORMAT: 'off', SMTP_URL };
  console.log(`\n— notify: a comment that tells ${TOLD} people vs one that tells nobody, ${POSTERS} posters × ${POSTS_EACH} comments`);
  await run('src/server/demo.ts', ['--tickets', '10'], env, { quiet: true });
  const { told, quiet, tokens, posterIds } = prepare(dataDir);
  const app = await startListening('src/server/main.ts', env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const side = new DatabaseSync(join(dataDir, 'helpdesk.db'));
  const forget = side.prepare(`DELETE FROM comments WHERE ticket_id IN (?, ?) AND user_id IN (SELECT value FROM json_each(?))`);
  const unwatch = side.prepare('DELETE FROM ticket_watchers WHERE user_id IN (SELECT value FROM json_each(?))');
  const posters = JSON.stringify(posterIds);
  const tidy = () => {
    forget.run(told, quiet, posters);
    unwatch.run(posters);
  };
  try {
    const warmer = tokens[POSTERS];
    for (let i = 0; i < WARM_UP; i++) {
      await post(agent, app.url, warmer, i % 2 ? told : quiet, `warm-up ${i}`);
      tidy();
    }
    const times = { told: [], quiet: [] };
    for (let round = 0; round < POSTS_EACH / 2; round++) {
      for (let p = 0; p < POSTERS; p++) {
        // Interleaved, the order swapped every other poster, so neither ticket always goes first.
        const order = (round + p) % 2 ? [['told', told], ['quiet', quiet]] : [['quiet', quiet], ['told', told]];
        for (const [name, ticketId] of order) {
          times[name].push(await post(agent, app.url, tokens[p], ticketId, `Round ${round} from poster ${p}: status update on the incident.`));
          tidy();
        }
      }
    }
    const perComment = side.prepare(`SELECT count(*) AS n FROM notifications n JOIN ticket_events e ON e.id = n.event_id WHERE e.ticket_id = ?`);
    const mails = side.prepare('SELECT count(*) AS n FROM mail_outbox WHERE ticket_id = ?');
    const posted = times.told.length + WARM_UP / 2;
    const toldEach = Number(perComment.get(told).n) / posted;
    const mailedEach = Number(mails.get(told).n) / posted;
    const quietTold = Number(perComment.get(quiet).n);
    const figures = Object.fromEntries(
      Object.entries(times).map(([name, values]) => [name, { n: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99) }]),
    );
    printTable('POST /tickets/{id}/comments, same run, interleaved', ['ticket', 'requests', 'p50', 'p99'], [
      [`tells ${TOLD} (${toldEach} notifications, ${mailedEach} mails each)`, String(figures.told.n), fmtMs(figures.told.p50), fmtMs(figures.told.p99)],
      [`tells nobody (${quietTold} notifications)`, String(figures.quiet.n), fmtMs(figures.quiet.p50), fmtMs(figures.quiet.p99)],
    ]);
    const added = figures.told.p99 - figures.quiet.p99;
    console.log(`notifying ${TOLD} adds ${added.toFixed(2)} ms at p99 (${(figures.told.p50 - figures.quiet.p50).toFixed(2)} ms at p50); target ≤ ${TARGET_MS} ms ${added <= TARGET_MS ? 'OK' : 'ABOVE TARGET'}`);
    const result = { posters: POSTERS, told: TOLD, toldEach, mailedEach, quietTold, ...figures, addedP99Ms: added };
    saveResults('notify', result);
    return result;
  } finally {
    side.close();
    agent.destroy();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNotify();
