/**
 * The developer's give-back (design.md#permissions), the Undo of "Assign to me": as narrow as it
 * can be. Only the developer holding the ticket, only from assigned back to opened with nobody,
 * only by PATCH (a bulk reopen skips it), and a refused attempt changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../src/shared/index.ts';
import { createTicket, startServerWithWorld, type Staff, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const patch = (staff: Staff, number: string, json: unknown) => t.call('PATCH', `/api/tickets/${number}`, { token: staff.token, json });
const read = async (number: string) => (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data;
const logOf = async (number: string) => (await t.call('GET', `/api/activity-log/${number}`, { token: w.admin.token })).body.data.list;

/** A ticket the world's developer took themselves, as "Assign to me" does. */
async function taken() {
  const ticket = await createTicket(t, w, 'opened');
  const answer = await patch(w.developer, ticket.number, { status: 'assigned', developer_id: w.developer.id });
  expect(answer.status).toBe(200);
  return ticket.number as string;
}

describe('a developer gives back a ticket', () => {
  it('they hold: opened again with no developer, logged as an unassignment', async () => {
    const number = await taken();
    const answer = await patch(w.developer, number, { status: 'opened' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(SERVER.ticketGivenBack);
    expect(await read(number)).toMatchObject({ status: 'opened', developer: null });
    expect((await logOf(number)).map((entry: { action: string }) => entry.action)).toContain('unassigned');
    // Open work again: anyone may take it, the same developer too.
    expect((await patch(w.otherDeveloper, number, { status: 'assigned', developer_id: w.otherDeveloper.id })).status).toBe(200);
  });

  it('never one another developer holds (403), and nothing changes', async () => {
    const number = await taken();
    const before = await read(number);
    expect((await patch(w.otherDeveloper, number, { status: 'opened' })).status).toBe(403);
    expect(await read(number)).toEqual(before);
  });

  it('never a closed ticket they held: a developer still cannot reopen (403)', async () => {
    const number = await taken();
    expect((await patch(w.developer, number, { status: 'closed' })).status).toBe(200);
    const before = await read(number);
    expect((await patch(w.developer, number, { status: 'opened' })).status).toBe(403);
    expect(await read(number)).toEqual(before);
  });

  it('never an opened ticket (nothing to give back: 403)', async () => {
    const { number } = await createTicket(t, w, 'opened');
    expect((await patch(w.developer, number, { status: 'opened' })).status).toBe(403);
    expect((await read(number)).status).toBe('opened');
  });

  it('never by bulk: a bulk reopen of a ticket they hold is skipped as not allowed', async () => {
    const number = await taken();
    const answer = await t.call('POST', '/api/tickets/bulk', { token: w.developer.token, json: { ids: [number], filter: null, action: 'reopen' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.changed).toEqual([]);
    expect(answer.body.data.skipped).toEqual([{ number, reason: 'not allowed' }]);
    expect(await read(number)).toMatchObject({ status: 'assigned', developer: { id: w.developer.id } });
  });
});
