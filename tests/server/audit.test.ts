/**
 * The audit log (design.md#audit-log): each change a super makes to accounts, categories, services
 * and tickets in bulk is one row with who, what, when, from where, before and after; written in the
 * change's transaction (a failed change writes none, a row that cannot be written undoes the
 * change); read by supers only, newest first, paged and filtered; never changed through the API;
 * swept after AUDIT_KEEP_DAYS by the server's clock.
 */
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src/server/db/database.ts';
import { sweepExpired } from '../../src/server/server.ts';
import { AUDIT_MESSAGES, SERVER } from '../../src/shared/index.ts';
import { ADMIN, createStaff, createTicket, createWorld, PASSWORD, startTestServer, type TestServer, type World } from './helpers.ts';

const DAY_MS = 86_400_000;

let t: TestServer;
let w: World;
let side: DatabaseSync;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  side = t.openSideConnection();
});
afterAll(() => t.close());

const rowCount = () => Number((side.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n);
const audit = (query = '', token = w.admin.token) => t.call('GET', `/api/audit${query ? `?${query}` : ''}`, { token });
const newest = async (token = w.admin.token) => (await audit('limit=1', token)).body.data.list[0];

/** Runs `change` and checks it wrote exactly one row; answers that row. */
async function oneRow(change: () => Promise<{ status: number }>, status = 200, token = w.admin.token) {
  const before = rowCount();
  expect((await change()).status).toBe(status);
  expect(rowCount()).toBe(before + 1);
  return newest(token);
}

describe('each change a super makes is one row', () => {
  it('categories: created, renamed, deleted, with before and after', async () => {
    const created = await oneRow(() => t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Hardware' } }), 201);
    expect(created).toMatchObject({
      kind: 'category.created',
      actor: { id: w.admin.id, name: 'Admin User' },
      target: { label: 'Hardware' },
      before: null,
      after: { name: 'Hardware' },
    });
    expect(created.address).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(created.at)).toBeGreaterThan(Date.now() - 60_000);
    const id = created.target.id;
    const renamed = await oneRow(() => t.call('PATCH', `/api/config/categories/${id}`, { token: w.admin.token, json: { name: 'Devices' } }));
    expect(renamed).toMatchObject({ kind: 'category.renamed', target: { id, label: 'Devices' }, before: { id, name: 'Hardware' }, after: { id, name: 'Devices' } });
    const deleted = await oneRow(() => t.call('DELETE', `/api/config/categories/${id}`, { token: w.admin.token }));
    expect(deleted).toMatchObject({ kind: 'category.deleted', target: { id, label: 'Devices' }, before: { id, name: 'Devices' }, after: null });
  });

  it('services: created, updated, deleted', async () => {
    const created = await oneRow(() => t.call('POST', '/api/config/services', { token: w.admin.token, json: { name: 'Maps', app: 'shaq_app' } }), 201);
    expect(created).toMatchObject({ kind: 'service.created', after: { name: 'Maps', app: 'shaq_app' } });
    const id = created.target.id;
    const updated = await oneRow(() => t.call('PATCH', `/api/config/services/${id}`, { token: w.admin.token, json: { name: 'Maps', app: 'shaq_express' } }));
    expect(updated).toMatchObject({ kind: 'service.updated', before: { app: 'shaq_app' }, after: { app: 'shaq_express' } });
    const deleted = await oneRow(() => t.call('DELETE', `/api/config/services/${id}`, { token: w.admin.token }));
    expect(deleted).toMatchObject({ kind: 'service.deleted', before: { name: 'Maps', app: 'shaq_express' }, after: null });
  });

  it('accounts: created, password reset, deleted; the super’s own profile and password; never a password or hash', async () => {
    const email = 'audit.subject@example.com';
    const created = await oneRow(
      () => t.call('POST', '/api/auth/user/create', { token: w.admin.token, json: { first_name: 'Ava', last_name: 'Audit', email, role: 'support', password: PASSWORD } }),
      201,
    );
    expect(created).toMatchObject({ kind: 'account.created', target: { label: `Ava Audit (${email})` }, before: null, after: { first_name: 'Ava', last_name: 'Audit', email, role: 'support' } });
    const id = created.target.id;
    const reset = await oneRow(() =>
      t.call('PATCH', `/api/user/${id}/change-password`, { token: w.admin.token, json: { new_password: 'another-password', new_password_confirmation: 'another-password' } }),
    );
    expect(reset).toMatchObject({ kind: 'account.password_reset', target: { id }, before: null, after: null });
    const deleted = await oneRow(() => t.call('DELETE', `/api/auth/user/${id}`, { token: w.admin.token }));
    expect(deleted).toMatchObject({ kind: 'account.deleted', target: { id }, before: { email, role: 'support' }, after: null });

    const profile = await oneRow(() => t.call('PATCH', `/api/auth/user/${w.admin.id}/update`, { token: w.admin.token, json: { first_name: 'Adam', last_name: 'User' } }));
    expect(profile).toMatchObject({ kind: 'account.updated', before: { first_name: 'Admin' }, after: { first_name: 'Adam' } });
    const own = await oneRow(() =>
      t.call('POST', '/api/auth/reset-password', {
        token: w.admin.token,
        json: { old_password: ADMIN.password, new_password: ADMIN.password, new_password_confirmation: ADMIN.password },
      }),
    );
    expect(own).toMatchObject({ kind: 'account.password_changed', actor: { name: 'Adam User' }, target: { id: w.admin.id } });
    await t.call('PATCH', `/api/auth/user/${w.admin.id}/update`, { token: w.admin.token, json: { first_name: 'Admin', last_name: 'User' } });

    const stored = JSON.stringify(side.prepare('SELECT * FROM audit_log').all());
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('another-password');
    expect(stored).not.toContain(ADMIN.password);
    expect(stored).not.toContain('scrypt$');
  });

  it('a bulk action is one row naming every changed ticket as it was and as it is', async () => {
    const tickets = [await createTicket(t, w), await createTicket(t, w), await createTicket(t, w, 'closed')];
    const row = await oneRow(() => t.call('POST', '/api/tickets/bulk', { token: w.admin.token, json: { ids: tickets.map((x) => x.number), action: 'close' } }));
    const [a, b] = tickets.map((x) => x.number);
    expect(row).toMatchObject({ kind: 'tickets.bulk_close', target: { id: null, label: '2 tickets' } });
    expect(row.before).toEqual({ [a]: { status: 'opened', developer: null }, [b]: { status: 'opened', developer: null } });
    expect(row.after).toEqual({ [a]: { status: 'closed', developer: null }, [b]: { status: 'closed', developer: null } });
  });

  it('other roles’ changes and refused changes write nothing', async () => {
    const before = rowCount();
    const ticket = await createTicket(t, w);
    await t.call('POST', '/api/tickets/bulk', { token: w.developer.token, json: { ids: [ticket.number], action: 'assign', developer_id: w.developer.id } });
    await t.call('PATCH', `/api/auth/user/${w.owner.id}/update`, { token: w.owner.token, json: { first_name: 'Olivia', last_name: 'Renamed' } });
    expect((await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'payments' } })).status).toBe(422);
    expect((await t.call('DELETE', '/api/config/categories/999999', { token: w.admin.token })).status).toBe(404);
    expect((await t.call('POST', '/api/config/categories', { token: w.owner.token, json: { name: 'Sneaky' } })).status).toBe(403);
    expect((await t.call('POST', '/api/tickets/bulk', { token: w.admin.token, json: { ids: [ticket.number], action: 'reopen' } })).status).toBe(200);
    expect(rowCount()).toBe(before);
  });
});

describe('one transaction with the change', () => {
  it('a row that cannot be written undoes the change, and a failed change writes no row', async () => {
    side.exec(`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit test: refused'); END`);
    try {
      const answer = await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Never stored' } });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ message: SERVER.serverError });
      expect(side.prepare("SELECT id FROM categories WHERE name = 'Never stored'").get()).toBeUndefined();
    } finally {
      side.exec('DROP TRIGGER refuse_audit');
    }
    const category = (await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Kept' } })).body.data;
    side.exec(`CREATE TRIGGER refuse_delete BEFORE DELETE ON categories BEGIN SELECT RAISE(ABORT, 'audit test: no delete'); END`);
    const before = rowCount();
    try {
      expect((await t.call('DELETE', `/api/config/categories/${category.id}`, { token: w.admin.token })).status).toBe(500);
      expect(rowCount()).toBe(before);
    } finally {
      side.exec('DROP TRIGGER refuse_delete');
    }
  });

  it('a transaction inside another is a savepoint: its failure undoes only its own writes', () => {
    const db = t.server.app.db;
    const names = () => (db.prepare("SELECT name FROM categories WHERE name LIKE 'Nested %' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    transaction(db, () => {
      db.prepare("INSERT INTO categories (name) VALUES ('Nested outer')").run();
      expect(() =>
        transaction(db, () => {
          db.prepare("INSERT INTO categories (name) VALUES ('Nested inner')").run();
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
      expect(db.isTransaction).toBe(true);
    });
    expect(names()).toEqual(['Nested outer']);
    db.prepare("DELETE FROM categories WHERE name LIKE 'Nested %'").run();
  });

  it('stored rows are never updated, even by SQL', () => {
    expect(() => side.exec("UPDATE audit_log SET actor_name = 'someone else'")).toThrow(/never changed/);
  });
});

describe('GET /api/audit', () => {
  it('is for supers only; nothing writes or deletes it through the API', async () => {
    expect((await audit('', w.owner.token)).status).toBe(403);
    expect((await audit('', w.developer.token)).status).toBe(403);
    expect((await t.call('GET', '/api/audit')).status).toBe(401);
    const rows = rowCount();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await t.call(method, '/api/audit', { token: w.admin.token, json: { kind: 'account.created' } });
      expect([404, 405]).toContain(answer.status);
      expect((await t.call(method, '/api/audit/1', { token: w.admin.token, json: {} })).status).not.toBeLessThan(400);
    }
    expect(rowCount()).toBe(rows);
  });

  it('pages newest first with limit and cursor, each row once, and says how many match', async () => {
    const all = (await audit('limit=200')).body.data;
    expect(all.total).toBe(rowCount());
    const seen: number[] = [];
    let cursor = '';
    do {
      const page = (await audit(`limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body.data;
      expect(page.list.length).toBeLessThanOrEqual(3);
      expect(page.total).toBe(all.total);
      seen.push(...page.list.map((row: { id: number }) => row.id));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(all.list.map((row: { id: number }) => row.id));
    const times = all.list.map((row: { at: string }) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by person, by kind or group of kinds, and by UTC days', async () => {
    const other = await createStaff(t, w.admin.token, 'support', 'Other');
    const byAdmin = (await audit(`actor_id=${w.admin.id}&limit=200`)).body.data;
    expect(byAdmin.total).toBe(rowCount());
    expect((await audit(`actor_id=${other.id}`)).body.data).toEqual({ list: [], next_cursor: null, total: 0 });

    const categories = (await audit('kind=category&limit=200')).body.data.list;
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((row: { kind: string }) => row.kind.startsWith('category.'))).toBe(true);
    const renamed = (await audit('kind=category.renamed')).body.data.list;
    expect(renamed.map((row: { kind: string }) => row.kind)).toEqual(['category.renamed']);

    const today = new Date(t.server.app.now()).toISOString().slice(0, 10);
    const tomorrow = new Date(t.server.app.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).body.data.total).toBe(rowCount());
    expect((await audit(`from=${tomorrow}`)).body.data.total).toBe(0);
    expect((await audit(`to=2000-01-01`)).body.data.total).toBe(0);
  });

  it('refuses unusable parameters with a 422 naming them', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', AUDIT_MESSAGES.limit],
      ['limit=201', 'limit', AUDIT_MESSAGES.limit],
      ['cursor=nonsense', 'cursor', AUDIT_MESSAGES.cursor],
      ['actor_id=abc', 'actor_id', AUDIT_MESSAGES.actor_id],
      ['kind=account.hacked', 'kind', AUDIT_MESSAGES.kind],
      ['from=2026-02-30', 'from', AUDIT_MESSAGES.from],
      ['to=yesterday', 'to', AUDIT_MESSAGES.to],
      ['from=2026-03-02&to=2026-03-01', 'to', AUDIT_MESSAGES.order],
    ];
    for (const [query, field, message] of cases) {
      const answer = await audit(query);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    }
  });
});

describe('retention', () => {
  it('rows older than AUDIT_KEEP_DAYS go in the sweep, by the server’s clock', async () => {
    const keep = t.server.app.settings.auditKeepDays;
    expect(keep).toBe(365);
    const oldCount = rowCount();
    t.advance((keep - 1) * DAY_MS);
    // Sessions expire too as the clock moves: a fresh one each time.
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const recent = await oneRow(() => t.call('POST', '/api/config/categories', { token, json: { name: 'Recent' } }), 201, token);
    sweepExpired(t.server.app);
    expect(rowCount()).toBe(oldCount + 1);
    t.advance(2 * DAY_MS);
    sweepExpired(t.server.app);
    expect((await audit('limit=200', await t.signIn(ADMIN.email, ADMIN.password))).body.data.list.map((row: { id: number }) => row.id)).toEqual([recent.id]);
  });
});
