/**
 * docs/schema.sql is the schema a freshly migrated database has, so a reader need not replay the
 * migrations. This test migrates a new database as the server does and fails while the file
 * differs; `npm run schema` (UPDATE_SCHEMA=1) writes it again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';

const SCHEMA_FILE = path.join(import.meta.dirname, '../../docs/schema.sql');
const TYPE_ORDER = { table: 0, index: 1, trigger: 2 } as const;

/** Continuation lines lose the indentation they had inside the migration's template string. */
function dedent(sql: string): string {
  const [first, ...rest] = sql.split('\n');
  const indents = rest.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length);
  const cut = Math.min(...indents);
  return [first, ...rest.map((line) => line.slice(cut))].join('\n');
}

/** Tables, then their indexes and triggers, table by table; SQLite's own and FTS5's shadow tables are made for us. */
function schemaOf(db: Db): string {
  const shadow = new Set((db.prepare("SELECT name FROM pragma_table_list WHERE type = 'shadow'").all() as { name: string }[]).map((row) => row.name));
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  const rows = db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as { type: keyof typeof TYPE_ORDER; name: string; tbl_name: string; sql: string }[];
  const statements = rows
    .filter((row) => !shadow.has(row.tbl_name))
    .sort((a, b) => a.tbl_name.localeCompare(b.tbl_name) || TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.name.localeCompare(b.name))
    .map((row) => `${dedent(row.sql)};\n`);
  const header = [
    `-- Generated from a freshly migrated database (PRAGMA user_version = ${version}) by`,
    '-- tests/server/schema.test.ts; do not edit. After adding a migration: `npm run schema`.',
    '-- The migrations themselves are src/server/db/migrations.ts. Left out: SQLite\'s own tables',
    '-- and the shadow tables FTS5 makes for tickets_fts.',
    '',
  ];
  return [...header, ...statements].join('\n');
}

it('docs/schema.sql is the schema of a freshly migrated database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-schema-'));
  const db = openDatabase(dir);
  try {
    const actual = schemaOf(db);
    if (process.env.UPDATE_SCHEMA) fs.writeFileSync(SCHEMA_FILE, actual);
    const written = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    expect(written, 'docs/schema.sql is stale: run `npm run schema` and commit the file').toBe(actual);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
