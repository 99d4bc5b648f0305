/**
 * Directory accounts (docs/design.md#directory-sign-in): the link from a directory person (issuer +
 * sub) to an account, and the writes only the directory makes: a password-less account, a role, an
 * address, an account becoming the directory's.
 */
import type { Role, User } from '../../shared/index.ts';
import type { Db } from '../db/database.ts';

const PUBLIC_COLUMNS = 'id, first_name, last_name, email, role, last_seen, source';

export interface DirectoryPerson {
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;

export function createIdentityStore(db: Db) {
  const linked = db.prepare('SELECT user_id FROM user_identities WHERE issuer = ? AND subject = ?');
  const linkedFrom = db.prepare('SELECT subject FROM user_identities WHERE user_id = ? AND issuer = ?');
  const link = db.prepare('INSERT INTO user_identities (issuer, subject, user_id, linked_at) VALUES (?, ?, ?, ?)');
  const create = db.prepare(
    `INSERT INTO users (first_name, last_name, email, role, password_hash, source, created_at) VALUES (?, ?, ?, ?, NULL, 'directory', ?) RETURNING ${PUBLIC_COLUMNS}`,
  );
  // The password goes: the directory decides who may sign in now, and a password left behind would
  // let someone the directory refuses back in. The sessions it granted end with it.
  const adopt = db.prepare(
    `UPDATE users SET password_hash = NULL, source = 'directory', credential_version = credential_version + 1 WHERE id = ? RETURNING ${PUBLIC_COLUMNS}`,
  );
  const setRole = db.prepare(`UPDATE users SET role = ?, credential_version = credential_version + 1 WHERE id = ? RETURNING ${PUBLIC_COLUMNS}`);
  const setEmail = db.prepare(`UPDATE users SET email = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM users WHERE email = ? COLLATE NOCASE AND id <> ?)
    RETURNING ${PUBLIC_COLUMNS}`);

  return {
    /** The account linked to this directory person, if any. */
    userOf: (issuer: string, subject: string) => (linked.get(issuer, subject) as { user_id: number } | undefined)?.user_id,
    /** The subject this account is linked to at this issuer, if any. */
    subjectOf: (userId: number, issuer: string) => (linkedFrom.get(userId, issuer) as { subject: string } | undefined)?.subject,
    link: (issuer: string, subject: string, userId: number, nowIso: string) => void link.run(issuer, subject, userId, nowIso),
    create: (person: DirectoryPerson, nowIso: string) => create.get(person.first_name, person.last_name, person.email.toLowerCase(), person.role, nowIso) as unknown as User,
    adopt: (userId: number) => adopt.get(userId) as User | undefined,
    /** A new role ends every session the account has (they were granted under the old one). */
    setRole: (userId: number, role: Role) => setRole.get(role, userId) as User | undefined,
    /** Follows the directory's address unless another account has it; undefined then. */
    setEmail: (userId: number, email: string) => setEmail.get(email.toLowerCase(), userId, email, userId) as User | undefined,
  };
}
