/**
 * A common word's pages (store/search-page.ts: whole words checked ticket by ticket, within a bounded
 * walk) against the same pages asked the usual way (every match collected first, the prefix merged):
 * the same tickets in the same order, page after page, for prefixes that stand for several words,
 * one word, several words, a word with a diacritic, filters and every sort, and a word that the
 * newest tickets lack (the bounded walk gives up and the usual way answers); and a rarer prefix's count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type TicketQuery } from '../../src/shared/index.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { encodeCursor, pageSql } from '../../src/server/store/queue-sql.ts';
import { createTicketQueue, type TicketQueue } from '../../src/server/store/ticket-queue.ts';
import { insertTickets } from './insert-tickets.ts';

/** Enough that each searched word, held by half the tickets or more, passes the count's cap. */
const TICKETS = 2 * SEARCH_COUNT_CAP + 4_000;
/** The newest tickets say none of the common words: a walk from the top meets none in its bounded stretch. */
const NEWEST_WITHOUT = 900;
const OLDER_HALF = TICKETS / 2;
const PAGE = 20;
const PAGES = 3;
const TITLES = ['Customer order café custom', 'Customers crème order customs'];
const PRIORITIES = ['low', 'medium', 'high'];
const STATUSES = ['opened', 'assigned', 'closed'];
const SETUP_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 60_000;

let dir: string;
let db: Db;
let queue: TicketQueue;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-common-page-'));
  db = openDatabase(dir);
  const rows = Array.from({ length: TICKETS }, (_, index) => {
    const i = index + 1;
    // Creation follows the ids but for neighbours (as when clocks differ); updates follow neither.
    const at = new Date(Date.UTC(2024, 0, 1) + (i + ((i * 7919) % 97)) * 60_000).toISOString();
    const updated = new Date(Date.UTC(2024, 6, 1) + ((i * 104_729) % TICKETS) * 60_000).toISOString();
    const newest = i > TICKETS - NEWEST_WITHOUT;
    const words = i % 500 === 0 ? 'A wombat' : i % 700 === 0 ? 'Wombats, Wombatting' : 'Words';
    // Only the older half say it: the newest thousands of candidates hold none of its matches.
    const description = i <= OLDER_HALF ? `${words} legacy` : words;
    return { number: `TCK-${String(i).padStart(6, '0')}`, title: newest ? 'Printer jam' : TITLES[i % TITLES.length]!, description, priority: PRIORITIES[i % 3]!, status: STATUSES[(i >> 2) % 3]!, created_at: at, updated_at: updated };
  });
  insertTickets(db, rows);
  queue = createTicketQueue(db);
}, SETUP_TIMEOUT_MS);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page the usual way: every match collected by the prefix query, then the sort's index walked. */
function usualPage(query: TicketQuery): { numbers: string[]; cursor: string | null } {
  const sql = pageSql(query, {}, 'id, number, created_at, updated_at', PAGE, true);
  const rows = db.prepare(sql.text).all(...sql.params) as Record<string, unknown>[];
  const shown = rows.slice(0, PAGE);
  return { numbers: shown.map((row) => String(row.number)), cursor: rows.length > PAGE ? encodeCursor(query.sort ?? 'newest', shown.at(-1)!) : null };
}

function expectSamePages(query: TicketQuery) {
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const asked = { ...query, limit: PAGE, ...(cursor ? { cursor } : {}) };
    const got = queue.page(asked);
    const expected = usualPage(asked);
    expect(got.total_capped, JSON.stringify(asked)).toBe(true);
    expect(got.list.map((ticket) => ticket.number), JSON.stringify(asked)).toEqual(expected.numbers);
    expect(got.next_cursor).toBe(expected.cursor);
    if (!got.next_cursor) return;
    cursor = got.next_cursor;
  }
}

describe('a common word’s pages', () => {
  it.each(['custom', 'cust', 'customer', 'CUSTOMERS', 'custom order', 'customer café', 'order cust', 'legacy'])('are the usual pages for %s, in every sort', (q) => {
    for (const sort of ['newest', 'oldest', 'priority', 'updated'] as const) expectSamePages({ q, sort });
  }, TEST_TIMEOUT_MS);

  it('are the usual pages with filters', () => {
    expectSamePages({ q: 'custom', status: ['opened', 'assigned'] });
    expectSamePages({ q: 'customer', priority: ['high', 'medium'], sort: 'priority' });
  }, TEST_TIMEOUT_MS);

  it('count a rarer prefix of several words exactly, as the prefix does', () => {
    const prefix = db.prepare(`SELECT count(*) AS n FROM tickets_fts WHERE tickets_fts MATCH '"womb"*'`).get() as { n: number };
    expect(prefix.n).toBeGreaterThan(TICKETS / 500);
    expect(queue.page({ q: 'womb', limit: PAGE }).total).toBe(prefix.n);
  });

  it('find nothing more for a prefix of no word than the prefix does', () => {
    expect(queue.page({ q: 'custom zzzzzz', limit: PAGE }).list).toEqual([]);
  });
});
