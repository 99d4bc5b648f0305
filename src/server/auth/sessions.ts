/**
 * Bearer sessions (design.md#sessions): 32 random bytes handed to the client once, only their SHA-256
 * kept; each session ends after SESSION_IDLE_HOURS unused or SESSION_MAX_DAYS in all. A session is
 * bound to its account's credential version (docs/design.md#directory-sign-in): a password change, a
 * directory role change or a refusal raises it, and every session granted before is over.
 */
import crypto from 'node:crypto';
import { withoutDiskWait, type Db } from '../db/database.ts';

const TOKEN_BYTES = 32;
const HOUR_MS = 3_600_000;
/** Recording every request's time would make every read a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionLimits {
  idleHours: number;
  maxDays: number;
}

interface SessionRow {
  id: number;
  user_id: number;
  created_at: number;
  last_used_at: number;
  /** 1 while the account's credential is the one the session was granted for. */
  current: number;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db, limits: SessionLimits, now: () => number) {
  const idleMs = limits.idleHours * HOUR_MS;
  const maxMs = limits.maxDays * 24 * HOUR_MS;
  // The session exists only if the credential it was granted for is still the account's: a reset
  // or a deletion while the hash was being checked leaves nothing behind (one statement, atomic).
  const insert = db.prepare(`INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, credential_version)
    SELECT id, ?, ?, ?, credential_version FROM users WHERE id = ? AND credential_version = ?`);
  const byHash = db.prepare(`SELECT s.id, s.user_id, s.created_at, s.last_used_at, s.credential_version = u.credential_version AS current
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`);
  const carryOver = db.prepare(`UPDATE sessions SET credential_version = (SELECT credential_version FROM users WHERE id = sessions.user_id)
    WHERE token_hash = ?`);
  const touch = db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?');
  const removeOne = db.prepare('DELETE FROM sessions WHERE id = ?');
  const removeByHash = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeForUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const removeOthers = db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?');
  const removeExpired = db.prepare(`DELETE FROM sessions WHERE last_used_at < ? OR created_at < ?
    OR credential_version <> (SELECT credential_version FROM users WHERE users.id = sessions.user_id)`);

  const expired = (s: SessionRow, at: number) => at - s.last_used_at > idleMs || at - s.created_at > maxMs;

  function live(tokenHash: string): { userId: number; validUntil: number } | undefined {
    const session = byHash.get(tokenHash) as SessionRow | undefined;
    if (!session) return undefined;
    const at = now();
    if (!session.current || expired(session, at)) {
      removeOne.run(session.id);
      return undefined;
    }
    const touched = at - session.last_used_at >= TOUCH_EVERY_MS;
    // Not waiting for the disk, as last_seen (store/users.ts): lost in a power cut, it costs a session a minute of idle time at most.
    if (touched) withoutDiskWait(db, () => touch.run(at, session.id));
    const lastUsed = touched ? at : session.last_used_at;
    return { userId: session.user_id, validUntil: Math.min(lastUsed + idleMs, session.created_at + maxMs) };
  }

  return {
    /**
     * Starts a session and returns the token (only its hash is stored), or undefined when the
     * account's credential version is no longer `checkedVersion`, the one the caller read before checking it.
     */
    create(userId: number, checkedVersion: number): string | undefined {
      const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      const at = now();
      return Number(insert.run(hashToken(token), at, at, userId, checkedVersion).changes) === 1 ? token : undefined;
    },

    /** The user id behind a live token, or undefined (unknown, revoked or expired). */
    resolve: (tokenHash: string): number | undefined => live(tokenHash)?.userId,

    /**
     * Like resolve, with the time (ms) before which the session cannot expire unless revoked:
     * a long-lived reader (an event stream) need not ask the database again until then.
     */
    live,

    revoke: (tokenHash: string) => void removeByHash.run(tokenHash),
    revokeAll: (userId: number) => void removeForUser.run(userId),
    /** Ends the account's other sessions and keeps this one on the account's new credential (a password changed by its owner). */
    revokeOthers(userId: number, keepTokenHash: string) {
      carryOver.run(keepTokenHash);
      removeOthers.run(userId, keepTokenHash);
    },
    sweep() {
      const at = now();
      removeExpired.run(at - idleMs, at - maxMs);
    },
  };
}
