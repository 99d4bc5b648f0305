/**
 * Which of a few hundred tickets a search matches, by a full-text index of their text alone
 * (docs/design.md#work-queue-api). A common word's page sorted so that its first candidates' ids lie
 * far apart (by update) cannot seek tickets_fts by a range of ids, and seeking it ticket by ticket
 * costs a seek per word in every segment of the index (0.37 ms a ticket at 1,000,000 tickets).
 * Indexing the candidates' text anew, with tickets_fts's own tokenizer and columns, costs about
 * 9 µs a ticket of the demo's size, and the search's own FTS5 query then matches exactly the
 * tickets it matches in tickets_fts.
 */
import type { StatementSync } from 'node:sqlite';
import type { Db } from '../db/database.ts';
import { SEARCHED_COLUMNS } from './queue-sql.ts';

const TABLE = 'search_check';
/** The tokenize option as tickets_fts's CREATE statement (in sqlite_schema) names it, quoted either way. */
const TOKENIZE = /\btokenize\s*=\s*("(?:[^"]|"")*"|'(?:[^']|'')*')/i;

interface Statements {
  fill: StatementSync;
  match: StatementSync;
  empty: StatementSync;
}

export type SearchCheck = ReturnType<typeof createSearchCheck>;

export function createSearchCheck(db: Db) {
  let statements: Statements | null | undefined;

  /** A contentless FTS5 table of this connection's own (temp, emptied by 'delete-all' after each check). */
  function prepared(): Statements | null {
    if (statements !== undefined) return statements;
    try {
      const created = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'tickets_fts'").get() as { sql: string } | undefined;
      const tokenize = created && TOKENIZE.exec(created.sql)?.[1];
      if (!tokenize) throw new Error('tickets_fts names no tokenizer');
      const columns = SEARCHED_COLUMNS.join(', ');
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${TABLE} USING fts5(${columns}, content = '', tokenize = ${tokenize})`);
      statements = {
        fill: db.prepare(`INSERT INTO temp.${TABLE} (rowid, ${columns}) SELECT id, ${columns} FROM tickets WHERE id IN (SELECT value FROM json_each(?))`),
        match: db.prepare(`SELECT rowid AS id FROM temp.${TABLE} WHERE ${TABLE} MATCH ?`),
        empty: db.prepare(`INSERT INTO temp.${TABLE} (${TABLE}) VALUES ('delete-all')`),
      };
    } catch {
      statements = null;
    }
    return statements;
  }

  return {
    /** The tickets among `ids` that the FTS5 query `words` matches; undefined when this connection cannot tell. */
    matching(ids: readonly number[], words: string): number[] | undefined {
      const ready = prepared();
      if (!ready) return undefined;
      try {
        ready.fill.run(JSON.stringify(ids));
        return (ready.match.all(words) as Array<{ id: number }>).map((row) => row.id);
      } finally {
        ready.empty.run();
      }
    },
  };
}
