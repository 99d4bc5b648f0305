/**
 * Searches of one or two letters (design.md#work-queue-api): served by the FTS prefix index of migration 10,
 * they find exactly what a longer search's rule finds (every word a prefix of a word in the text
 * columns), counted exactly, paged, and under filters; a database from before migration 10 finds
 * them too.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { ADMIN, createWorld, databaseAtVersion, startTestServer, ticketBody, type TestServer, type World } from './helpers.ts';

const TITLES = ['Login fails on Android', 'Refund stuck', 'App crashes at start', 'Map is frozen', 'Receipt e-mail missing', 'Zebra printer offline', 'Café menu blank', 'Payment retried twice'];
const TEXT_FIELDS = ['number', 'title', 'description', 'created_by', 'developer_name', 'category', 'service'] as const;

let t: TestServer;
let w: World;
let tickets: Record<string, string>[] = [];

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  for (const [i, title] of TITLES.entries()) {
    t.advance(1000);
    const answer = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title, description: `Reported by a customer, case ${i}.`, priority: i % 2 ? 'low' : 'high' }) });
    expect(answer.status, answer.text).toBe(201);
  }
  tickets = (await t.call('GET', '/api/tickets?limit=100', { token: w.admin.token })).body.data.list;
});
afterAll(() => t.close());

/** The search rule, as product.md#work-queue states it: every word a prefix of a word in a text column, case and accents aside. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}_]+/gu) ?? [];
const expected = (q: string, keep: (ticket: Record<string, string>) => boolean = () => true) =>
  tickets
    .filter(keep)
    .filter((ticket) => wordsOf(q).every((word) => TEXT_FIELDS.some((field) => wordsOf(String(ticket[field] ?? '')).some((token) => token.startsWith(word)))))
    .map((ticket) => ticket.number)
    .sort();

async function search(query: string) {
  const answer = await t.call('GET', `/api/tickets?${query}`, { token: w.admin.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { list: { number: string }[]; total: number; next_cursor: string | null };
}

describe('short searches', () => {
  it.each(['a', 'R', 'z', 'c', 'é', 'q', 're', 'MA', 'cr', 'fr', 'zz', 'a r', 'p t'])('%s finds what the rule finds, counted exactly', async (q) => {
    const found = await search(`q=${encodeURIComponent(q)}&limit=100`);
    expect(found.list.map((ticket) => ticket.number).sort()).toEqual(expected(q));
    expect(found.total).toBe(expected(q).length);
  });

  it('pages a one-letter search to the end without losing or repeating a ticket', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const found = await search(`q=a&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...found.list.map((ticket) => ticket.number));
      cursor = found.next_cursor;
    } while (cursor);
    expect(seen.sort()).toEqual(expected('a'));
  });

  it('combines with filters', async () => {
    const found = await search('q=r&priority=low&limit=100');
    expect(found.list.map((ticket) => ticket.number).sort()).toEqual(expected('r', (ticket) => ticket.priority === 'low'));
  });

  it('follows a new ticket at once', async () => {
    const before = (await search('q=x')).total;
    await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { title: 'Xylophone app silent' }) });
    expect((await search('q=x')).total).toBe(before + 1);
  });
});

describe('migration 10', () => {
  it('makes the tickets of an older database findable by one letter', async () => {
    const { dataDir, db } = databaseAtVersion(9);
    db.prepare(`INSERT INTO users (first_name, last_name, email, role, password_hash, created_at) VALUES ('Admin', 'User', ?, 'super', ?, '2020-01-01T00:00:00.000Z')`)
      .run(ADMIN.email, await hashPassword(ADMIN.password, 4));
    db.exec(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app, status, created_by, created_at, updated_at)
      VALUES ('TCK-000001', 'Legacy printer jam', 'Paper stuck.', 'low', 'Hardware', 1, 'Printers', 1, 'shaq_app', 'opened', 'Admin', '2020-01-02T00:00:00.000Z', '2020-01-02T00:00:00.000Z')`);
    db.close();
    const old = await startTestServer({ dataDir });
    try {
      const token = await old.signIn(ADMIN.email, ADMIN.password);
      for (const q of ['j', 'le', 'printer']) {
        const found = (await old.call('GET', `/api/tickets?q=${q}`, { token })).body.data;
        expect(found.list.map((ticket: any) => ticket.number), q).toEqual(['TCK-000001']);
      }
    } finally {
      await old.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
