/**
 * A search's prefixes as the whole words they stand for (docs/design.md#work-queue-api). FTS5 answers
 * a prefix longer than its prefix indexes by merging the doclist of every word it covers before its
 * first match ("customer"* at 1,000,000 tickets: 50 ms, even for one ticket's rowid), while whole
 * words are read match by match. The words are looked up in the index's vocabulary when asked, so
 * the OR of them finds exactly what the prefix finds.
 */
import type { StatementSync } from 'node:sqlite';
import type { Db } from '../db/database.ts';

/** Prefixes this short have their own FTS prefix index (migration 10): nothing to merge. */
const INDEXED_PREFIX_MAX = 3;
/** A prefix standing for more words than this stays a prefix: the OR of them would cost more than the merge saves. */
const WHOLE_WORDS_MAX = 12;
/**
 * Only a word the tokenizer keeps as it is (ASCII letters, digits and '_', lower-cased) is looked
 * up: another one (diacritics, other scripts) would need the tokenizer's own folding to find its words.
 */
const PLAIN_WORD = /^[A-Za-z0-9_]+$/;
/** Terms hold no control character, so this follows a term and precedes every longer one. */
const AFTER = '\u0001';

export type SearchTerms = ReturnType<typeof createSearchTerms>;

export function createSearchTerms(db: Db) {
  let next: StatementSync | null | undefined;
  /** 'instance' rows come one per occurrence, so the first of a term is read without counting its doclist ('row' would). */
  function firstTermFrom(term: string): string | undefined {
    if (next === undefined) {
      try {
        db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.tickets_fts_instances USING fts5vocab(main, 'tickets_fts', 'instance')");
        next = db.prepare('SELECT term FROM temp.tickets_fts_instances WHERE term >= ? LIMIT 1');
      } catch {
        next = null;
      }
    }
    return (next?.get(term) as { term: string } | undefined)?.term;
  }

  /** The whole words of the index starting with a prefix, or undefined when it stays a prefix. */
  function wordsOf(prefix: string): string[] | undefined {
    if (prefix.length <= INDEXED_PREFIX_MAX || !PLAIN_WORD.test(prefix)) return undefined;
    const lower = prefix.toLowerCase();
    const words: string[] = [];
    for (let term = firstTermFrom(lower); term !== undefined && term.startsWith(lower); term = firstTermFrom(term + AFTER)) {
      if (words.length === WHOLE_WORDS_MAX) return undefined;
      words.push(term);
    }
    return next ? words : undefined;
  }

  return {
    /**
     * An FTS query of words, each one a prefix ("w"*), with the prefixes worth it as an OR of their
     * whole words; `seekable`: whether each ticket can be checked alone without a merge (no long prefix left).
     */
    wholeWords(words: readonly string[]): { query: string; seekable: boolean } {
      let seekable = true;
      const query = words
        .map((word) => {
          const whole = wordsOf(word);
          if (!whole) {
            seekable &&= word.length <= INDEXED_PREFIX_MAX;
            return `"${word}"*`;
          }
          // No word has the prefix, so not the word itself either: it finds nothing, as the prefix would.
          if (whole.length === 0) return `"${word}"`;
          return `(${whole.map((term) => `"${term}"`).join(' OR ')})`;
        })
        // Explicit: FTS5 joins phrases by a space, not two groups.
        .join(' AND ');
      return { query, seekable };
    },
  };
}
