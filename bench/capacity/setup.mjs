/**
 * The capacity bench's database: a demo fill, then N distinct agent accounts (developers and
 * support, one in ten a super) and one session each, written straight into the database (a scrypt sign-in per
 * agent would take minutes), plus disjoint pools of tickets each agent may take, close or reopen.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { run, serverEnv } from '../processes.mjs';

const DB_FILE = 'helpdesk.db';
/** Tickets each agent holds for its transitions (taken and closed, or reopened). */
const POOL_PER_AGENT = 6;
const LEAD_EVERY = 10;

export async function fillDatabase(dataDir, tickets) {
  const env = { ...serverEnv(dataDir), SCRYPT_COST: '10', LOG_FORMAT: 'off' };
  await run('src/server/demo.ts', ['--tickets', String(tickets)], env, { quiet: true });
}

const tokenHash = (token) => createHash('sha256').update(token).digest('base64url');

/**
 * Adds `count` agents; answers [{id, role, token, pool: [numbers]}]. Developers' pools are
 * opened tickets nobody has (they take one, then close it); the others' are closed ones (they reopen).
 */
export function addAgents(dataDir, count) {
  const db = new DatabaseSync(join(dataDir, DB_FILE));
  try {
    const hash = db.prepare("SELECT password_hash FROM users WHERE role = 'super' LIMIT 1").get().password_hash;
    const opened = db.prepare("SELECT number FROM tickets WHERE status = 'opened' AND developer_id IS NULL ORDER BY id DESC LIMIT ?").all(count * POOL_PER_AGENT).map((r) => r.number);
    const closed = db.prepare("SELECT number FROM tickets WHERE status = 'closed' ORDER BY id DESC LIMIT ?").all(count * POOL_PER_AGENT).map((r) => r.number);
    const insertUser = db.prepare('INSERT INTO users (first_name, last_name, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id');
    const insertSession = db.prepare('INSERT INTO sessions (user_id, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)');
    const now = Date.now();
    const agents = [];
    db.exec('BEGIN');
    for (let i = 0; i < count; i++) {
      // One in ten leads the team (super): only they may read the report.
      const role = i % LEAD_EVERY === LEAD_EVERY - 1 ? 'super' : i % 2 === 0 ? 'developer' : 'support';
      const { id } = insertUser.get('Agent', `No ${i}`, `agent-${i}@bench.example.com`, role, hash, new Date(now).toISOString());
      const token = randomBytes(32).toString('base64url');
      insertSession.run(id, tokenHash(token), now, now);
      const from = role === 'developer' ? opened : closed;
      const half = Math.floor(i / 2) * POOL_PER_AGENT;
      agents.push({ id, role, token, pool: from.slice(half, half + POOL_PER_AGENT) });
    }
    db.exec('COMMIT');
    return agents;
  } finally {
    db.close();
  }
}
