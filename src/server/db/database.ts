/** The one database connection: pragmas, migrations and the transaction helper (design.md#storage). */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

export const DB_FILE_NAME = 'helpdesk.db';
const BUSY_TIMEOUT_MS = 5000;

export type Db = DatabaseSync;

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, DB_FILE_NAME));
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  // FULL: a ticket change the user saw succeed must survive a power cut; writes are rare.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (current > MIGRATIONS.length) throw new Error(`Database schema version ${current} is newer than this server (${MIGRATIONS.length}).`);
  if (current === MIGRATIONS.length) return;
  // A step may rebuild a table others refer to; with foreign keys on, dropping the old one would
  // cascade to its children. Off for the steps (it can't change inside a transaction), checked after.
  db.exec('PRAGMA foreign_keys = OFF');
  try {
    for (let version = current; version < MIGRATIONS.length; version++) {
      transaction(db, () => {
        db.exec(MIGRATIONS[version]!);
        if (db.prepare('PRAGMA foreign_key_check').all().length > 0) throw new Error(`Migration ${version + 1} broke a foreign key.`);
        db.exec(`PRAGMA user_version = ${version + 1}`);
      });
    }
  } finally {
    db.exec('PRAGMA foreign_keys = ON');
  }
}

/**
 * Runs fn (synchronous) in one write transaction: all of it happens, or none of it. Called inside
 * another, it is a savepoint of that one: a change, the events it records (events/record.ts) and its audit row
 * (design.md#audit-log) commit together.
 */
export function transaction<T>(db: Db, fn: () => T): T {
  const nested = db.isTransaction;
  db.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec(nested ? 'RELEASE nested' : 'COMMIT');
    return result;
  } catch (error) {
    if (nested) db.exec('ROLLBACK TO nested; RELEASE nested');
    else if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Runs fn with its commits not waiting for the disk (synchronous=NORMAL; the connection is the
 * server's alone and nothing runs between the pragmas): what it writes is in the WAL, so it survives
 * a kill -9, and the next FULL commit makes it durable. For writes whose loss in a power cut costs
 * nothing that matters, where an fsync each would bound the server by the disk.
 */
export function withoutDiskWait<T>(db: Db, fn: () => T): T {
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return fn();
  } finally {
    db.exec('PRAGMA synchronous = FULL');
  }
}

/** Changes made by other connections (e.g. `npm run demo` while the server runs). */
export function dataVersionReader(db: Db): () => number {
  const statement = db.prepare('PRAGMA data_version');
  return () => Number((statement.get() as { data_version: number }).data_version);
}
