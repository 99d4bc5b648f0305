/** Who is asking: the bearer token's user (design.md#sessions), and when they were last seen (design.md#accounts). */
import type { User } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { unauthenticated } from '../errors.ts';
import { hashToken } from './sessions.ts';

/** Recording every request would make every read a write; once a minute is precise enough. */
const LAST_SEEN_EVERY_MS = 60_000;

export interface Caller {
  user: User;
  tokenHash: string;
}

/** The signed-in caller of an `Authorization: Bearer …` header, or 401. */
export function authenticate(app: ServerContext, authorization: string | undefined): Caller {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated();
  const tokenHash = hashToken(match[1]!);
  const userId = app.sessions.resolve(tokenHash);
  const user = userId === undefined ? undefined : app.users.find(userId);
  if (!user) throw unauthenticated();
  return { user, tokenHash };
}

/** Updates `last_seen` when it is a minute old or more (the user object too, for this answer). */
export function markSeen(app: ServerContext, user: User): void {
  const now = app.now();
  if (user.last_seen && now - Date.parse(user.last_seen) < LAST_SEEN_EVERY_MS) return;
  user.last_seen = new Date(now).toISOString();
  app.users.markSeen(user.id, user.last_seen);
}
