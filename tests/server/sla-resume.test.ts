/**
 * design.md#service-levels: a policy change whose recompute was cut short (a power cut loses its
 * batches, committed without an fsync each; a crash or a stop leaves the rest undone) is finished when
 * the server starts again, for a policy and for none.
 */
import { describe, expect, it } from 'vitest';
import { createTicket, startServerWithWorld, startTestServer, type TestServer } from './helpers.ts';
import { ALL_DAY_POLICY as POLICY } from './sla-policy.ts';

const noTimer = { slaTimer: () => () => {} };
const stateOf = (t: TestServer, id: number) => t.server.app.db.prepare('SELECT * FROM ticket_sla WHERE ticket_id = ?').get(id);

/** Stops `first` as a crash would leave its data, starts a server on it, and waits until `done` holds there. */
async function restart(first: TestServer, done: (t: TestServer) => boolean): Promise<TestServer> {
  const dataDir = first.server.app.settings.dataDir;
  await first.server.close();
  const second = await startTestServer({ dataDir, ...noTimer });
  while (!done(second)) await new Promise((resolve) => setImmediate(resolve));
  return second;
}

describe('a recompute cut short', () => {
  it('is finished at start: the ticket whose batch was lost gets its service level back', async () => {
    const { t: first, w } = await startServerWithWorld(noTimer);
    expect((await first.call('PUT', '/api/sla', { token: w.admin.token, json: POLICY })).status).toBe(200);
    const ticket = await createTicket(first, w);
    const before = stateOf(first, ticket.id);
    expect(before).toMatchObject({ sla_state: 'on_track' });
    // As a power cut leaves it: the policy committed, the batch holding this ticket lost.
    first.server.app.db.exec(`UPDATE sla_policy SET recomputed = 0; DELETE FROM ticket_sla WHERE ticket_id = ${ticket.id}`);

    const second = await restart(first, (t) => (t.server.app.db.prepare('SELECT recomputed FROM sla_policy').get() as { recomputed: number }).recomputed === 1);
    try {
      expect(stateOf(second, ticket.id)).toEqual(before);
      const detail = await second.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token });
      expect(detail.body.data.sla).toMatchObject({ state: 'on_track', respond_by: before!.respond_by });
    } finally {
      await second.close();
    }
  });

  it('is finished at start when SLA was turned off: no open ticket keeps a service level', async () => {
    const { t: first, w } = await startServerWithWorld(noTimer);
    await first.call('PUT', '/api/sla', { token: w.admin.token, json: POLICY });
    const ticket = await createTicket(first, w);
    const kept = stateOf(first, ticket.id);
    expect((await first.call('DELETE', '/api/sla', { token: w.admin.token })).status).toBe(200);
    expect(stateOf(first, ticket.id)).toBeUndefined();
    // As a power cut leaves it: the policy gone, the batch that cleared this ticket lost.
    first.server.app.db.prepare('INSERT INTO ticket_sla (ticket_id, sla_state, respond_by, resolve_by, sla_next_at) VALUES ($ticket_id, $sla_state, $respond_by, $resolve_by, $sla_next_at)').run(kept as never);

    const second = await restart(first, (t) => stateOf(t, ticket.id) === undefined);
    try {
      const detail = await second.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token });
      expect(detail.body.data.sla.state).toBe('none');
    } finally {
      await second.close();
    }
  });
});
