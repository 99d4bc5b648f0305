/**
 * A flooded ticket's comments (issue 20): 27,500 comments on one ticket, as one support user posted
 * them in 31 s before the limit, and a ticket whose pages are as large as comments allow (10,000
 * characters each). Times the first page (what every details page reads), a walk of every page by
 * next_cursor, and /api/health sent beside a first page: how long the server is held. Then 31 comments
 * from one person: the 31st must be a 429. Target on the flooded ticket: a first page, and health
 * beside it, within 100 ms (medians); the largest page is reported as the worst case a page can be.
 * Usage: npm run bench -- comments
 *
 * Settings (environment): BENCH_COMMENTS (27500), BENCH_COMMENT_ROUNDS (5).
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { request } from './http-client.mjs';
import { run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { fmtMs, printTable, saveResults } from './report.mjs';

const FLOOD = Number(process.env.BENCH_COMMENTS ?? 27_500);
const ROUNDS = Number(process.env.BENCH_COMMENT_ROUNDS ?? 5);
const LARGEST_COUNT = 2_000;
const LARGEST_CHARS = 10_000;
const FLOOD_CHARS = 300;
const TARGET_MS = 100;
const PER_MINUTE = 30;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Comments written straight into the database before the server starts; answers the two ticket ids. */
function flood(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'helpdesk.db'));
  try {
    const [flooded, largest] = db.prepare('SELECT id FROM tickets ORDER BY id LIMIT 2').all().map((row) => row.id);
    const insert = db.prepare(`INSERT INTO comments (ticket_id, user_id, author_name, author_role, body, created_at)
      VALUES (?, NULL, 'Flood Bot', 'support', ?, '2026-01-01T00:00:00.000Z')`);
    db.exec('BEGIN');
    for (let i = 0; i < FLOOD; i++) insert.run(flooded, `spam ${i} `.padEnd(FLOOD_CHARS, 'x'));
    for (let i = 0; i < LARGEST_COUNT; i++) insert.run(largest, `long ${i} `.padEnd(LARGEST_CHARS, 'y'));
    db.exec('COMMIT');
    return { flooded, largest };
  } finally {
    db.close();
  }
}

/** One first page and one /api/health sent together: the page's time, and how long health waited. */
async function firstPageBesideHealth(agent, url, headers, ticketId) {
  const t0 = performance.now();
  let pageMs = 0;
  let healthMs = 0;
  const page = request(agent, url, { path: `/api/tickets/${ticketId}/comments`, headers }).then((answer) => {
    pageMs = performance.now() - t0;
    if (answer.status !== 200) throw new Error(`first page answered ${answer.status}`);
    return answer.bytes;
  });
  const health = request(agent, url, { path: '/api/health' }).then(() => (healthMs = performance.now() - t0));
  const [bytes] = await Promise.all([page, health]);
  return { pageMs, healthMs, bytes };
}

async function walkAll(url, headers, ticketId) {
  const t0 = performance.now();
  let cursor = '';
  let seen = 0;
  let pages = 0;
  do {
    const res = await fetch(`${url}/api/tickets/${ticketId}/comments${cursor && `?cursor=${cursor}`}`, { headers });
    const { data } = await res.json();
    seen += data.list.length;
    pages++;
    cursor = data.next_cursor ?? '';
  } while (cursor);
  return { ms: performance.now() - t0, seen, pages };
}

async function postUntilRefused(url, headers, ticketId) {
  const statuses = [];
  for (let i = 0; i <= PER_MINUTE; i++) {
    const res = await fetch(`${url}/api/tickets/${ticketId}/comments`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ body: `post ${i}` }) });
    statuses.push(res.status);
  }
  return statuses;
}

export async function benchComments() {
  const dataDir = tempDataDir();
  const env = { ...serverEnv(dataDir), LOG_FORMAT: 'off' };
  console.log(`\n— comments: ${FLOOD.toLocaleString('en')} on one ticket (${FLOOD_CHARS} characters), ${LARGEST_COUNT.toLocaleString('en')} of ${LARGEST_CHARS.toLocaleString('en')} on another`);
  await run('src/server/demo.ts', ['--tickets', '10'], env, { quiet: true });
  const tickets = flood(dataDir);
  const app = await startListening('src/server/main.ts', env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  try {
    const token = await signIn(app.url);
    const rows = [];
    const result = { flood: FLOOD, rounds: ROUNDS };
    for (const [name, ticketId, encoding] of [['flooded', tickets.flooded, 'identity'], ['flooded', tickets.flooded, 'br'], ['largest', tickets.largest, 'identity'], ['largest', tickets.largest, 'br']]) {
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': encoding };
      await firstPageBesideHealth(agent, app.url, headers, ticketId); // warm-up: statements prepared, compression cached
      const runs = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(await firstPageBesideHealth(agent, app.url, headers, ticketId));
      const figures = { pageMs: median(runs.map((r) => r.pageMs)), healthMs: median(runs.map((r) => r.healthMs)), healthMaxMs: Math.max(...runs.map((r) => r.healthMs)), bytes: runs[0].bytes };
      result[`${name}-${encoding}`] = figures;
      rows.push([`${name} ticket, first page, ${encoding}`, fmtMs(figures.pageMs), fmtMs(figures.healthMs), fmtMs(figures.healthMaxMs), `${(figures.bytes / 1024).toFixed(0)} KiB`]);
    }
    printTable(`First page of comments beside /api/health, ${ROUNDS} rounds: medians, and the slowest health`, ['read', 'page', 'health', 'slowest health', 'size'], rows);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const walk = await walkAll(app.url, headers, tickets.flooded);
    result.walk = walk;
    console.log(`\nwalk of the flooded ticket: ${walk.seen.toLocaleString('en')} comments in ${walk.pages} pages, ${walk.ms.toFixed(0)} ms (${(walk.ms / walk.pages).toFixed(1)} ms a page) ${walk.seen === FLOOD ? 'OK' : 'MISSING SOME'}`);
    const statuses = await postUntilRefused(app.url, headers, tickets.flooded);
    result.posts = statuses;
    const limited = statuses.slice(0, PER_MINUTE).every((s) => s === 201) && statuses[PER_MINUTE] === 429;
    console.log(`${PER_MINUTE + 1} posts by one person: ${statuses.filter((s) => s === 201).length} × 201, then ${statuses.at(-1)} ${limited ? 'OK' : 'NOT LIMITED'}`);
    const slowest = Math.max(...['flooded-identity', 'flooded-br'].flatMap((key) => [result[key].pageMs, result[key].healthMs]));
    console.log(`flooded ticket, median first page or health: at most ${slowest.toFixed(1)} ms; target ≤ ${TARGET_MS} ms ${slowest <= TARGET_MS ? 'OK' : 'ABOVE TARGET'}`);
    console.log(`(the largest ticket's first page is the most a page can carry, ${LARGEST_CHARS.toLocaleString('en')} characters × 500: no target, its cost is the page size's)`);
    saveResults('comments', result);
    return result;
  } finally {
    agent.destroy();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchComments();
