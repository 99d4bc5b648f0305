/**
 * A text search counts to SEARCH_COUNT_CAP and says so (docs/design.md#work-queue-api): a word most
 * tickets hold answers its first page and "10,000 or more", and a rarer one its exact count as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, pageTotalLabel } from '../../src/shared/index.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { createTicketQueue, type TicketQueue } from '../../src/server/store/ticket-queue.ts';
import { insertTickets } from './insert-tickets.ts';

const COMMON = SEARCH_COUNT_CAP + 25;
const RARE = 40;
const PAGE = 10;
/** Ten thousand tickets on a machine that may be busy. */
const SETUP_TIMEOUT_MS = 60_000;

let dir: string;
let db: Db;
let queue: TicketQueue;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-search-cap-'));
  db = openDatabase(dir);
  const rows = Array.from({ length: COMMON }, (_, index) => {
    const i = index + 1;
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
    return { number: `TCK-${String(i).padStart(6, '0')}`, title: i <= RARE ? 'Customer wombat' : 'Customer order', description: 'Words', priority: 'low', status: 'opened', created_at: at, updated_at: at };
  });
  insertTickets(db, rows);
  queue = createTicketQueue(db);
}, SETUP_TIMEOUT_MS);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a search for a common word', () => {
  it('answers the first page, newest first, with the count stopped at the cap and said so', () => {
    const page = queue.page({ q: 'customer', limit: PAGE });
    expect(page.total).toBe(SEARCH_COUNT_CAP);
    expect(page.total_capped).toBe(true);
    expect(page.list.map((ticket) => ticket.number)).toEqual(Array.from({ length: PAGE }, (_, i) => `TCK-${String(COMMON - i).padStart(6, '0')}`));
    expect(pageTotalLabel(page, page.list.length)).toBe('10,000+');
  });

  it('pages on by cursor past the cap', () => {
    const first = queue.page({ q: 'customer', limit: PAGE });
    const second = queue.page({ q: 'customer', limit: PAGE, cursor: first.next_cursor! });
    expect(second.list[0]!.number).toBe(`TCK-${String(COMMON - PAGE).padStart(6, '0')}`);
    expect(second.total_capped).toBe(true);
  });

  it('counts a rarer word exactly, without the field', () => {
    const page = queue.page({ q: 'wombat', limit: PAGE });
    expect(page.total).toBe(RARE);
    expect(page).not.toHaveProperty('total_capped');
    expect(pageTotalLabel(page, page.list.length)).toBe(String(RARE));
  });

  it('keeps the exact count where no words are searched', () => {
    expect(queue.page({ limit: PAGE }).total).toBe(COMMON);
    expect(queue.stats({ q: 'customer' }).total).toBe(COMMON);
  });
});
