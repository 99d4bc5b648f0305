/**
 * The activity log names who an assignment gave the ticket to (docs/design.md#ticket-page): a field
 * beside the product's own, which stay as they were; older rows get it where the ticket still says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations.ts';
import { createTicket, databaseAtVersion, startServerWithWorld, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const patch = (number: string, token: string, json: unknown) => t.call('PATCH', `/api/tickets/${number}`, { token, json });
const log = async (number: string) => (await t.call('GET', `/api/activity-log/${number}`, { token: w.owner.token })).body.data.list;

describe('the assignee on log entries', () => {
  it('names the developer on each assignment and null on every other entry, keeping the product fields', async () => {
    const { number } = await createTicket(t, w);
    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: w.developer.id })).status).toBe(200);
    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: null })).status).toBe(200);
    expect((await patch(number, w.otherDeveloper.token, { status: 'assigned', developer_id: w.otherDeveloper.id })).status).toBe(200);
    expect((await patch(number, w.otherDeveloper.token, { status: 'closed' })).status).toBe(200);

    const entries = await log(number);
    expect(entries.map((e: { name: string; action: string; assignee: string | null }) => [e.name, e.action, e.assignee])).toEqual([
      ['Olivia', 'opened', null],
      ['Admin', 'assigned', 'Dana'],
      ['Admin', 'unassigned', null],
      ['Derek', 'assigned', 'Derek'],
      ['Derek', 'closed', null],
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'assigned_at', 'assignee', 'closed_at', 'created_at', 'id', 'name', 'opened_at', 'unassigned_at']);
    }
  });

  it('bulk assignments name the developer too', async () => {
    const { id, number } = await createTicket(t, w);
    const answer = await t.call('POST', '/api/tickets/bulk', { token: w.admin.token, json: { ids: [id], action: 'assign', developer_id: w.developer.id } });
    expect(answer.status, answer.text).toBe(200);
    expect((await log(number)).at(-1)).toMatchObject({ action: 'assigned', assignee: 'Dana' });
  });
});

describe('the migration that adds it', () => {
  const step = MIGRATIONS.findIndex((sql) => sql.includes('ADD COLUMN assignee'));

  it('fills in only the latest assignment of a ticket that is still assigned, from the name the ticket keeps', () => {
    const { db } = databaseAtVersion(step);
    const ticket = (id: number, status: string, developer: string | null) =>
      db.exec(`INSERT INTO tickets (id, number, title, description, priority, category, category_id, service, service_id, app, status, created_by, created_at, updated_at, developer_name)
        VALUES (${id}, 'TCK-00000${id}', 'Old', 'An old ticket.', 'low', 'C', 1, 'S', 1, 'shaq_app', '${status}', 'Ann', '2020-01-02T10:00:00.000Z', '2020-01-02T10:00:00.000Z', ${developer ? `'${developer}'` : 'NULL'})`);
    const entry = (ticketId: number, action: string) =>
      db.exec(`INSERT INTO ticket_logs (ticket_id, name, action, created_at) VALUES (${ticketId}, 'Admin', '${action}', '2020-01-02T11:00:00.000Z')`);
    ticket(1, 'assigned', 'Dana');
    entry(1, 'opened'), entry(1, 'assigned'), entry(1, 'unassigned'), entry(1, 'assigned');
    ticket(2, 'closed', 'Derek');
    entry(2, 'opened'), entry(2, 'assigned'), entry(2, 'closed');
    ticket(3, 'assigned', null);
    entry(3, 'opened'), entry(3, 'assigned'), entry(3, 'unassigned');

    db.exec(MIGRATIONS[step]!);
    const rows = db.prepare('SELECT ticket_id, action, assignee FROM ticket_logs ORDER BY id').all().map((row: any) => [row.ticket_id, row.action, row.assignee]);
    expect(rows).toEqual([
      [1, 'opened', null], [1, 'assigned', null], [1, 'unassigned', null], [1, 'assigned', 'Dana'],
      [2, 'opened', null], [2, 'assigned', null], [2, 'closed', null],
      [3, 'opened', null], [3, 'assigned', null], [3, 'unassigned', null],
    ]);
    db.close();
  });
});
