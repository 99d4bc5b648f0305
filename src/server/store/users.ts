/** Accounts: queries over users, answering the public User shape (never the hash). */
import type { Role, User } from '../../shared/index.ts';
import { transaction, type Db } from '../db/database.ts';

const PUBLIC_COLUMNS = 'id, first_name, last_name, email, role, last_seen, source';

/** An account as sign-in reads it: no password hash for a directory account. */
export type SignInAccount = User & { password_hash: string | null; credential_version: number };

/** A password account (a directory account is made by sso/people.ts). */
export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  password_hash: string;
}

export type UserStore = ReturnType<typeof createUserStore>;

export function createUserStore(db: Db) {
  const byId = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = ?`);
  const hashById = db.prepare('SELECT password_hash FROM users WHERE id = ?');
  const byEmail = db.prepare(`SELECT ${PUBLIC_COLUMNS}, password_hash, credential_version FROM users WHERE email = ? COLLATE NOCASE`);
  const versionById = db.prepare('SELECT credential_version FROM users WHERE id = ?');
  const all = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY id`);
  const byRole = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE role = ? ORDER BY id`);
  const count = db.prepare('SELECT count(*) AS n FROM users');
  const hashes = db.prepare('SELECT DISTINCT substr(password_hash, 1, 12) AS head FROM users WHERE password_hash IS NOT NULL');
  const insert = db.prepare(
    `INSERT INTO users (first_name, last_name, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${PUBLIC_COLUMNS}`,
  );
  const updateProfile = db.prepare(`UPDATE users SET first_name = ?, last_name = ? WHERE id = ? RETURNING ${PUBLIC_COLUMNS}`);
  // A ticket shows its people by their current first name: My Tickets and the card's Close Ticket
  // rule compare it with the signed-in user's (product.md#ticket-card, #roles), so a rename must follow the person.
  // Only rows whose name differs: a last-name change writes no ticket, so no ticket answer changes.
  const renameCreator = db.prepare('UPDATE tickets SET created_by = $name WHERE created_by_id = $id AND created_by IS NOT $name');
  const renameDeveloper = db.prepare('UPDATE tickets SET developer_name = $name WHERE developer_id = $id AND developer_name IS NOT $name');
  // A new password ends every session granted before it (auth/sessions.ts); a directory account has none to change.
  const updateHash = db.prepare("UPDATE users SET password_hash = ?, credential_version = credential_version + 1 WHERE id = ? AND source = 'password'");
  const bumpVersion = db.prepare('UPDATE users SET credential_version = credential_version + 1 WHERE id = ?');
  const updateSeen = db.prepare('UPDATE users SET last_seen = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM users WHERE id = ?');
  // A prefix of the first name, last name, whole name or address, any case (instr: no LIKE wildcards to escape).
  const mentionable = db.prepare(`SELECT id, trim(first_name || ' ' || last_name) AS name, email FROM users
    WHERE id != $self AND ($q = '' OR instr(lower(first_name), $q) = 1 OR instr(lower(last_name), $q) = 1
      OR instr(lower(first_name || ' ' || last_name), $q) = 1 OR instr(lower(email), $q) = 1)
    ORDER BY first_name COLLATE NOCASE, last_name COLLATE NOCASE, id LIMIT $limit`);

  return {
    find: (id: number) => byId.get(id) as User | undefined,
    /** undefined: no such account, or a directory account (no password). */
    passwordHash: (id: number) => (hashById.get(id) as { password_hash: string | null } | undefined)?.password_hash ?? undefined,
    findByEmail: (email: string) => byEmail.get(email.trim().toLowerCase()) as SignInAccount | undefined,
    /** What a session is bound to: raised by a password change, a directory role change or a refusal. */
    credentialVersion: (id: number) => (versionById.get(id) as { credential_version: number } | undefined)?.credential_version,
    /** Ends every session the account has (they are bound to the version before). */
    endSessions: (id: number) => Number(bumpVersion.run(id).changes) > 0,
    list: () => all.all() as unknown as User[],
    listByRole: (role: Role) => byRole.all(role) as unknown as User[],
    count: () => Number((count.get() as { n: number }).n),
    /** The distinct heads of stored hashes (`scrypt$17$8$1…`), enough to read their costs. */
    hashHeads: () => (hashes.all() as { head: string }[]).map((row) => row.head),
    create: (user: NewUser, nowIso: string) =>
      insert.get(user.first_name, user.last_name, user.email.trim().toLowerCase(), user.role, user.password_hash, nowIso) as unknown as User,
    updateProfile: (id: number, firstName: string, lastName: string) =>
      transaction(db, () => {
        const user = updateProfile.get(firstName, lastName, id) as User | undefined;
        renameCreator.run({ name: firstName, id });
        renameDeveloper.run({ name: firstName, id });
        return user;
      }),
    setPasswordHash: (id: number, hash: string) => Number(updateHash.run(hash, id).changes) > 0,
    markSeen: (id: number, nowIso: string) => void updateSeen.run(nowIso, id),
    remove: (id: number) => Number(remove.run(id).changes) > 0,
    /** The people a comment may @mention whose name or address starts with `q`, for the composer. */
    mentionable: (q: string, selfId: number, limit: number) =>
      mentionable.all({ q: q.trim().toLowerCase(), self: selfId, limit }) as unknown as { id: number; name: string; email: string }[],
  };
}
