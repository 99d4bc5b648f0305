/**
 * A common word's pages (store/search-page.ts: whole words checked ticket by ticket, within a bounded
 * walk) against the same pages asked the usual way (every match collected first, the prefix merged):
 * the same tickets in the same order, page after page, for prefixes that stand for several words,
 * one word, several words, a word with a diacritic, filters and every sort, and a word that the
 * newest tickets lack (the bounded walk gives up and the usual way answers); and a rarer prefix's count.
 * Then on random tickets (random update times, due dates and long descriptions), every sort a table
 * header offers, whose first candidates' ids lie far apart for some (checked by search-check.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, SORTS, type TicketQuery } from '../../src/shared/index.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { encodeCursor, pageSql, searchWords } from '../../src/server/store/queue-sql.ts';
import { createSearchCheck, type SearchCheck } from '../../src/server/store/search-check.ts';
import { commonWordPage } from '../../src/server/store/search-page.ts';
import { createSearchTerms } from '../../src/server/store/search-terms.ts';
import { createTicketQueue, type TicketQueue } from '../../src/server/store/ticket-queue.ts';
import { insertTickets, type BareTicket } from './insert-tickets.ts';
import { seededRandom } from './seeded-random.ts';

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
function usualPage(query: TicketQuery, on = db): { numbers: string[]; cursor: string | null } {
  const limit = query.limit ?? PAGE;
  const sql = pageSql(query, {}, 'id, number, created_at, updated_at, due_date', limit, true);
  const rows = on.prepare(sql.text).all(...sql.params) as Record<string, unknown>[];
  const shown = rows.slice(0, limit);
  return { numbers: shown.map((row) => String(row.number)), cursor: rows.length > limit ? encodeCursor(query.sort ?? 'newest', shown.at(-1)!) : null };
}

function expectSamePages(query: TicketQuery, on = { db, queue }) {
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const asked = { ...query, limit: PAGE, ...(cursor ? { cursor } : {}) };
    const got = on.queue.page(asked);
    const expected = usualPage(asked, on.db);
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

/** Tickets whose words, update times, due dates, priorities and statuses are drawn at random (seeded: the same each run). */
const RANDOM_TICKETS = 48_000;
const RANDOM_SEED = 26;
/**
 * Each word's share of the tickets: every search below passes the count's cap, from most tickets to
 * about one in four. 'phở' has two diacritics on one letter: only tickets_fts's tokenizer option
 * (remove_diacritics 2) finds it as "pho" beside the plain word, so the check's index must use the same.
 */
const RANDOM_WORDS: Array<[string, number]> = [['customer', 0.7], ['customers', 0.1], ['order', 0.6], ['refund', 0.45], ['refunded', 0.05], ['café', 0.5], ['phở', 0.4], ['pho', 0.2]];
/** One ticket in this many has a description long enough that the checked text's limit cuts a window short. */
const LONG_EVERY = 40;
const LONG_DESCRIPTION_WORDS = 2_500;


function randomTickets(): BareTicket[] {
  const random = seededRandom(RANDOM_SEED);
  const day = (from: number, days: number) => new Date(from + Math.floor(random() * days) * 86_400_000).toISOString().slice(0, 10);
  return Array.from({ length: RANDOM_TICKETS }, (_, index) => {
    const i = index + 1;
    const words = RANDOM_WORDS.filter(([, share]) => random() < share).map(([word]) => word);
    const long = random() < 1 / LONG_EVERY ? ' lorem'.repeat(LONG_DESCRIPTION_WORDS) : '';
    return {
      number: `TCK-${String(i).padStart(6, '0')}`,
      title: ['Ticket', ...words.slice(0, 3)].join(' '),
      description: `Details ${words.slice(3).join(' ')}${long}`,
      priority: PRIORITIES[Math.floor(random() * 3)]!,
      status: STATUSES[Math.floor(random() * 3)]!,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000 + Math.floor(random() * 600_000)).toISOString(),
      // Whole minutes: some tickets share their update time, as after a bulk action.
      updated_at: new Date(Date.UTC(2024, 6, 1) + Math.floor(random() * RANDOM_TICKETS) * 60_000).toISOString(),
      due_date: random() < 0.4 ? day(Date.UTC(2024, 0, 1), 400) : null,
    };
  });
}

describe('a common word’s pages on random tickets', () => {
  let randomDir: string;
  let random: { db: Db; queue: TicketQueue };
  let checkedWith: string[];
  let check: SearchCheck;

  beforeAll(() => {
    randomDir = mkdtempSync(join(tmpdir(), 'helpdesk-common-page-random-'));
    const randomDb = openDatabase(randomDir);
    insertTickets(randomDb, randomTickets());
    random = { db: randomDb, queue: createTicketQueue(randomDb) };
    const real = createSearchCheck(randomDb);
    check = { matching: (ids, words) => (checkedWith.push(words), real.matching(ids, words)) };
  }, SETUP_TIMEOUT_MS);
  afterAll(() => {
    random.db.close();
    rmSync(randomDir, { recursive: true, force: true });
  });

  it.each(['customer', 'cust', 'order', 'refund', 'cafe', 'pho', 'customer order', 'refund café', 'phở cafe'])('are the usual pages for %s, in every sort', (q) => {
    for (const sort of SORTS) expectSamePages({ q, sort }, random);
  }, TEST_TIMEOUT_MS);

  it('are the usual pages with filters, and of every length', () => {
    for (const sort of SORTS) {
      expectSamePages({ q: 'customer', sort, status: ['opened', 'assigned'] }, random);
      expectSamePages({ q: 'order', sort, priority: ['high', 'medium'] }, random);
    }
    for (const limit of [1, 7, 200]) {
      for (const sort of ['updated', 'due'] as const) {
        const got = random.queue.page({ q: 'customer', sort, limit });
        const expected = usualPage({ q: 'customer', sort, limit }, random.db);
        expect([got.list.map((ticket) => ticket.number), got.next_cursor]).toEqual([expected.numbers, expected.cursor]);
      }
    }
  }, TEST_TIMEOUT_MS);

  it('are found by checking the first candidates when their ids lie far apart, and the same pages', () => {
    const terms = createSearchTerms(random.db);
    const all = (sql: { text: string; params: unknown[] }) => random.db.prepare(sql.text).all(...(sql.params as never[])) as Record<string, unknown>[];
    for (const sort of ['updated', 'due'] as const) {
      for (const q of ['customer', 'refund café', 'pho']) {
        checkedWith = [];
        const query = { q, sort, limit: PAGE };
        const rows = commonWordPage({ all, query, scope: {}, columns: 'id, number, created_at, updated_at, due_date', limit: PAGE }, check, terms.wholeWords(searchWords(q)));
        expect(checkedWith.length, `${sort} ${q}`).toBeGreaterThan(0);
        expect(rows.slice(0, PAGE).map((row) => row.number)).toEqual(usualPage(query, random.db).numbers);
      }
    }
  }, TEST_TIMEOUT_MS);
});
