/** Accounts: queries over users, answering the public User shape (never the hash). */
import type { Role, User } from '../../shared/index.ts';
import { inBatches, WRITE_BATCH } from '../db/batches.ts';
import { withoutDiskWait, type Db } from '../db/database.ts';

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
  // A person may have tens of thousands of tickets: both go in batches (db/batches.ts), walked by their index.
  const PEOPLE = { created_by_id: 'created_by', developer_id: 'developer_name' } as const;
  type PersonColumn = keyof typeof PEOPLE;
  const ticketsOf = (column: PersonColumn) =>
    db.prepare(`SELECT id, created_at FROM tickets WHERE ${column} = $person AND (created_at, id) < ($at, $id)
      ORDER BY created_at DESC, id DESC LIMIT ${WRITE_BATCH}`);
  const renameIn = (column: PersonColumn) =>
    db.prepare(`UPDATE tickets SET ${PEOPLE[column]} = $name WHERE id IN (SELECT value FROM json_each($ids)) AND ${PEOPLE[column]} IS NOT $name`);
  const columns = Object.keys(PEOPLE) as PersonColumn[];
  const statements = Object.fromEntries(columns.map((column) => [column, { ticketsOf: ticketsOf(column), renameIn: renameIn(column) }]));
  // ON DELETE SET NULL, done ahead in batches: the account's own DELETE then has (almost) no row left to touch.
  // Tickets and comments by their index; the activity log has none on user_id, so by id from where the last batch stopped.
  const detachSteps = [
    db.prepare(`UPDATE tickets SET created_by_id = NULL WHERE id IN (SELECT id FROM tickets WHERE created_by_id = $person LIMIT ${WRITE_BATCH})`),
    db.prepare(`UPDATE tickets SET developer_id = NULL WHERE id IN (SELECT id FROM tickets WHERE developer_id = $person LIMIT ${WRITE_BATCH})`),
    db.prepare(`UPDATE comments SET user_id = NULL WHERE id IN (SELECT id FROM comments WHERE user_id = $person LIMIT ${WRITE_BATCH})`),
  ];
  const logsOf = db.prepare(`SELECT id FROM ticket_logs WHERE user_id = $person AND id > $after ORDER BY id LIMIT ${WRITE_BATCH}`);
  const detachLogs = db.prepare('UPDATE ticket_logs SET user_id = NULL WHERE id IN (SELECT value FROM json_each($ids))');

  async function detachLogsOf(person: number): Promise<void> {
    let after = 0;
    await inBatches(db, () => {
      const ids = (logsOf.all({ person, after }) as Array<{ id: number }>).map((row) => row.id);
      if (ids.length > 0) detachLogs.run({ ids: JSON.stringify(ids) });
      after = ids.at(-1) ?? after;
      return ids.length === WRITE_BATCH;
    });
  }

  async function renameTickets(column: PersonColumn, person: number, name: string): Promise<void> {
    let after = { at: '\uffff', id: 0 };
    await inBatches(db, () => {
      const rows = statements[column]!.ticketsOf.all({ person, at: after.at, id: after.id }) as Array<{ id: number; created_at: string }>;
      if (rows.length > 0) statements[column]!.renameIn.run({ name, ids: JSON.stringify(rows.map((row) => row.id)) });
      const last = rows.at(-1);
      if (last) after = { at: last.created_at, id: last.id };
      return rows.length === WRITE_BATCH;
    });
  }
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
    /** The account row, in the caller's transaction if any; its tickets follow with `renameInTickets`. */
    updateProfile: (id: number, firstName: string, lastName: string) => updateProfile.get(firstName, lastName, id) as User | undefined,
    /** The person's new first name on their tickets, batch by batch (a ticket made meanwhile already has it). */
    async renameInTickets(id: number, firstName: string): Promise<void> {
      for (const column of columns) await renameTickets(column, id, firstName);
    },
    setPasswordHash: (id: number, hash: string) => Number(updateHash.run(hash, id).changes) > 0,
    // Once a minute per person, on their first request: 10,000 people coming back at once (a restart)
    // would otherwise wait on 10,000 fsyncs, about 4 ms each here (bench:capacity). Losing one costs nothing.
    markSeen: (id: number, nowIso: string) => void withoutDiskWait(db, () => updateSeen.run(nowIso, id)),
    /** The account row alone; its tickets and logs must be detached first (`detach`), batch by batch. */
    remove: (id: number) => Number(remove.run(id).changes) > 0,
    /** Lets go of a person's tickets, comments and log rows in batches, a turn of the event loop between them. */
    async detach(id: number): Promise<void> {
      for (const step of detachSteps) await inBatches(db, () => Number(step.run({ person: id }).changes) === WRITE_BATCH);
      await detachLogsOf(id);
    },
    /** The people a comment may @mention whose name or address starts with `q`, for the composer. */
    mentionable: (q: string, selfId: number, limit: number) =>
      mentionable.all({ q: q.trim().toLowerCase(), self: selfId, limit }) as unknown as { id: number; name: string; email: string }[],
  };
}
