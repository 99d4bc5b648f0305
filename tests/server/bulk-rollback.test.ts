/**
 * POST /tickets/bulk is one transaction for all its tickets: when the third of five fails inside
 * it (a trigger refuses that ticket's UPDATE), the first two changes are rolled back with it:
 * no status or developer moved, no log row written, no live event sent.
 */
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { dataOf, openStream } from './event-stream.ts';
import { createTicket, createWorld, startTestServer, type TestServer, type World } from './helpers.ts';

const TICKETS = 5;
const FAILING = 2;
const REFUSAL = 'bulk-rollback test: this ticket refuses every update';

let t: TestServer;
let w: World;
let side: DatabaseSync;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  side = t.openSideConnection();
});
afterAll(() => t.close());

const stored = (id: number) =>
  side.prepare('SELECT status, developer_id FROM tickets WHERE id = ?').get(id) as { status: string; developer_id: number | null };
const logRows = (id: number) => Number((side.prepare('SELECT count(*) AS n FROM ticket_logs WHERE ticket_id = ?').get(id) as { n: number }).n);

it('rolls back the first two changes when the third of five fails inside the transaction', async () => {
  const tickets = [];
  for (let i = 0; i < TICKETS; i++) tickets.push(await createTicket(t, w));
  const marker = await createTicket(t, w);
  const logsBefore = tickets.map((ticket) => logRows(ticket.id));
  side.exec(`CREATE TRIGGER refuse_one_ticket BEFORE UPDATE ON tickets WHEN old.id = ${tickets[FAILING].id}
    BEGIN SELECT RAISE(ABORT, '${REFUSAL}'); END`);
  const stream = await openStream(t, w.admin.token);
  try {
    const answer = await t.call('POST', '/api/tickets/bulk', {
      token: w.admin.token,
      json: { ids: tickets.map((ticket) => ticket.number), action: 'assign', developer_id: w.developer.id },
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: SERVER.serverError });
    expect(t.logs.some((line) => line.includes(REFUSAL))).toBe(true);

    for (const [i, ticket] of tickets.entries()) {
      expect(stored(ticket.id)).toEqual({ status: 'opened', developer_id: null });
      expect(logRows(ticket.id)).toBe(logsBefore[i]);
    }
    const answered = await t.call('GET', `/api/tickets/${tickets[0].number}`, { token: w.admin.token });
    expect(answered.body.data).toMatchObject({ status: 'opened', developer: null });

    // A change after the failed bulk is the stream's first event: none came for the five before it.
    side.exec('DROP TRIGGER refuse_one_ticket');
    const closed = await t.call('PATCH', `/api/tickets/${marker.number}`, { token: w.admin.token, json: { status: 'closed' } });
    expect(closed.status).toBe(200);
    await stream.next((f) => f.event === 'ticket');
    expect(dataOf(stream, 'ticket').map((data) => data.number)).toEqual([marker.number]);
  } finally {
    stream.close();
  }
});
