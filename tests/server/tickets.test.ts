/** Ticket life cycle (product.md#transitions): every transition, its activity-log entry, stale-state 409s and the self-assign race. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTicket, startServerWithWorld, ticketBody, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const patch = (number: string, token: string, json: unknown) => t.call('PATCH', `/api/tickets/${number}`, { token, json });
const log = async (number: string) => (await t.call('GET', `/api/activity-log/${number}`, { token: w.admin.token })).body.data.list;
const get = async (number: string) => (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data;

describe('creating a ticket', () => {
  it('assigns number, creator and status itself and logs "opened"', async () => {
    const answer = await t.call('POST', '/api/tickets', {
      token: w.owner.token,
      json: ticketBody(w, { created_by: 'Mallory', developer_name: 'Eve', number: 'TCK-999999', status: 'closed', link: 'https://example.com/x' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Ticket created successfully');
    const ticket = answer.body.data;
    expect(ticket).toMatchObject({
      title: 'Checkout button does nothing',
      priority: 'high',
      category: 'Payments',
      category_id: w.categoryId,
      service: 'Checkout',
      service_id: w.serviceId,
      app: 'shaq_app',
      link: 'https://example.com/x',
      image: null,
      has_image: false,
      status: 'opened',
      created_by: 'Olivia',
      created_by_id: w.owner.id,
      developer: null,
    });
    expect(ticket.number).toMatch(/^TCK-\d{6}$/);
    expect(new Date(ticket.created_at).toISOString()).toBe(ticket.created_at);
    const entries = await log(ticket.number);
    expect(entries).toEqual([
      { id: expect.any(Number), name: 'Olivia', action: 'opened', opened_at: ticket.created_at, assigned_at: null, closed_at: null, unassigned_at: null, created_at: ticket.created_at, assignee: null },
    ]);
  });

  it('is found by number (any case) and by numeric id', async () => {
    const ticket = await createTicket(t, w);
    expect((await get(ticket.number.toLowerCase())).id).toBe(ticket.id);
    expect((await get(String(ticket.id))).number).toBe(ticket.number);
  });

  it('refuses an unknown category, and a service of the other app', async () => {
    const noCategory = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { category_id: 9999 }) });
    expect(noCategory.status).toBe(422);
    expect(noCategory.body).toEqual({ message: 'category must be selected', errors: { category: ['category must be selected'] } });
    const wrongApp = await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { service_id: w.expressServiceId }) });
    expect(wrongApp.status).toBe(422);
    expect(wrongApp.body.errors).toEqual({ service: ['service must be selected'] });
  });

  it('keeps the category and service names after they are deleted', async () => {
    const category = await t.call('POST', '/api/config/categories', { token: w.admin.token, json: { name: 'Short-lived' } });
    const ticket = (await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { category_id: category.body.data.id }) })).body.data;
    expect((await t.call('DELETE', `/api/config/categories/${category.body.data.id}`, { token: w.admin.token })).status).toBe(200);
    expect((await get(ticket.number)).category).toBe('Short-lived');
  });

  it("never gives a deleted category's or service's id to a new one, so old tickets keep pointing at nothing", async () => {
    const admin = { token: w.admin.token };
    const category = (await t.call('POST', '/api/config/categories', { ...admin, json: { name: 'Gone soon' } })).body.data;
    const service = (await t.call('POST', '/api/config/services', { ...admin, json: { name: 'Gone soon', app: 'shaq_app' } })).body.data;
    const ticket = (await t.call('POST', '/api/tickets', { token: w.owner.token, json: ticketBody(w, { category_id: category.id, service_id: service.id }) })).body.data;
    expect((await t.call('DELETE', `/api/config/categories/${category.id}`, admin)).status).toBe(200);
    expect((await t.call('DELETE', `/api/config/services/${service.id}`, admin)).status).toBe(200);
    const newCategory = (await t.call('POST', '/api/config/categories', { ...admin, json: { name: 'Newcomer' } })).body.data;
    const newService = (await t.call('POST', '/api/config/services', { ...admin, json: { name: 'Newcomer', app: 'shaq_app' } })).body.data;
    expect(newCategory.id).toBeGreaterThan(category.id);
    expect(newService.id).toBeGreaterThan(service.id);
    const after = await get(ticket.number);
    expect([after.category_id, after.category, after.service_id, after.service]).toEqual([category.id, 'Gone soon', service.id, 'Gone soon']);
  });
});

describe('lists', () => {
  it('are newest first, leave the image out, and myTickets holds created or assigned tickets', async () => {
    const mine = await createTicket(t, w, 'opened', w.otherSupport);
    const assignedToDev = await createTicket(t, w, 'assigned');
    const list = (await t.call('GET', '/api/tickets', { token: w.developer.token })).body.data.list;
    expect(list[0].id).toBe(assignedToDev.id);
    expect(list[1].id).toBe(mine.id);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].created_at >= list[i].created_at).toBe(true);
    expect(list.every((ticket: object) => !('image' in ticket) && 'has_image' in ticket)).toBe(true);

    const supportMine = (await t.call('GET', '/api/tickets/myTickets', { token: w.otherSupport.token })).body.data.list;
    expect(supportMine.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    const developerMine = (await t.call('GET', '/api/tickets/myTickets', { token: w.developer.token })).body.data.list;
    expect(developerMine.map((x: { id: number }) => x.id)).toContain(assignedToDev.id);
    expect(developerMine.every((x: { developer: { id: number } }) => x.developer?.id === w.developer.id)).toBe(true);
  });
});

describe('transitions', () => {
  it('walks opened → assigned → unassigned → assigned → closed → opened, logging each step', async () => {
    const { number } = await createTicket(t, w);
    const assigned = await patch(number, w.admin.token, { status: 'assigned', developer_id: w.developer.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe('Ticket assigned successfully');
    expect(assigned.body.data).toMatchObject({ status: 'assigned', developer: { id: w.developer.id, name: 'Dana' } });

    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: w.otherDeveloper.id })).status).toBe(409);

    const removed = await patch(number, w.admin.token, { status: 'assigned', developer_id: null });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Developer removed successfully');
    expect(removed.body.data).toMatchObject({ status: 'assigned', developer: null });
    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: null })).status).toBe(409);

    const selfAssigned = await patch(number, w.otherDeveloper.token, { status: 'assigned', developer_id: w.otherDeveloper.id });
    expect(selfAssigned.status).toBe(200);
    expect(selfAssigned.body.data.developer).toEqual({ id: w.otherDeveloper.id, name: 'Derek' });

    const closed = await patch(number, w.otherDeveloper.token, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Ticket closed successfully');
    expect(closed.body.data.status).toBe('closed');
    expect((await patch(number, w.admin.token, { status: 'closed' })).status).toBe(409);
    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: w.developer.id })).status).toBe(409);

    const reopened = await patch(number, w.otherSupport.token, { status: 'opened' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe('Ticket reopened successfully');
    expect(reopened.body.data).toMatchObject({ status: 'opened', developer: null });
    expect((await patch(number, w.admin.token, { status: 'opened' })).status).toBe(409);

    const entries = await log(number);
    expect(entries.map((e: { name: string; action: string }) => `${e.name}:${e.action}`)).toEqual([
      'Olivia:opened',
      'Admin:assigned',
      'Admin:unassigned',
      'Derek:assigned',
      'Derek:closed',
      'Sam:opened',
    ]);
    for (const entry of entries) {
      const stamps = { opened: entry.opened_at, assigned: entry.assigned_at, unassigned: entry.unassigned_at, closed: entry.closed_at };
      for (const [action, at] of Object.entries(stamps)) expect(at).toBe(action === entry.action ? entry.created_at : null);
    }
    for (let i = 1; i < entries.length; i++) expect(entries[i].id).toBeGreaterThan(entries[i - 1].id);
  });

  it("lets the admin assign someone else once the assigned developer's account is deleted", async () => {
    const leaver = await createStaff(t, w.admin.token, 'developer', 'Lena');
    const { number } = await createTicket(t, w);
    expect((await patch(number, w.admin.token, { status: 'assigned', developer_id: leaver.id })).status).toBe(200);
    expect((await t.call('DELETE', `/api/auth/user/${leaver.id}`, { token: w.admin.token })).status).toBe(200);
    const orphaned = (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data;
    expect(orphaned).toMatchObject({ status: 'assigned', developer: { id: null, name: 'Lena' } });
    const reassigned = await patch(number, w.admin.token, { status: 'assigned', developer_id: w.otherDeveloper.id });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data.developer).toEqual({ id: w.otherDeveloper.id, name: 'Derek' });
  });

  it('closes an opened ticket directly and lets the owner close it', async () => {
    const { number } = await createTicket(t, w);
    expect((await patch(number, w.owner.token, { status: 'closed' })).body.data.status).toBe('closed');
  });

  it('answers 422 for an unknown status, a missing developer and a non-developer', async () => {
    const { number } = await createTicket(t, w);
    const reopened = await patch(number, w.admin.token, { status: 'reopened' });
    expect(reopened.status).toBe(422);
    expect(reopened.body).toEqual({ message: 'status must be opened, assigned or closed.', errors: { status: ['status must be opened, assigned or closed.'] } });
    const missing = await patch(number, w.admin.token, { status: 'assigned' });
    expect(missing.body.errors).toEqual({ developer_id: ['Developer must be selected.'] });
    for (const developer_id of [w.owner.id, 9999]) {
      const answer = await patch(number, w.admin.token, { status: 'assigned', developer_id });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ developer_id: ['The selected user is not a developer.'] });
    }
    expect((await get(number)).status).toBe('opened');
  });

  it('accepts form-encoded transitions (developer_id as text, empty to remove)', async () => {
    const { number } = await createTicket(t, w);
    const assign = await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, form: { status: 'assigned', developer_id: String(w.developer.id) } });
    expect(assign.body.data.developer.id).toBe(w.developer.id);
    const remove = await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, form: { status: 'assigned', developer_id: '' } });
    expect(remove.body.data.developer).toBeNull();
  });

  it('lets exactly one of two simultaneous self-assigns win', async () => {
    for (let round = 0; round < 5; round++) {
      const { number } = await createTicket(t, w);
      const answers = await Promise.all(
        [w.developer, w.otherDeveloper].map((dev) => patch(number, dev.token, { status: 'assigned', developer_id: dev.id })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.data.developer;
      expect((await get(number)).developer).toEqual(winner);
      expect((await log(number)).filter((e: { action: string }) => e.action === 'assigned')).toHaveLength(1);
    }
  });
});

describe('editing', () => {
  const edit = (number: string, token: string, json: unknown) => t.call('PATCH', `/api/tickets/${number}/edit`, { token, json });

  it('changes only the fields sent and ignores unknown ones', async () => {
    const ticket = await createTicket(t, w);
    const answer = await edit(ticket.number, w.owner.token, { title: 'Pay button frozen', status: 'closed', created_by: 'Eve', priority: 'low' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Ticket updated successfully');
    expect(answer.body.data).toMatchObject({ title: 'Pay button frozen', priority: 'low', status: 'opened', created_by: 'Olivia', description: ticket.description });
  });

  it('answers an empty edit with the unchanged ticket', async () => {
    const ticket = await createTicket(t, w);
    const answer = await edit(ticket.number, w.owner.token, {});
    expect(answer.status).toBe(200);
    // As the owner reads it (the answer says whether the caller watches the ticket).
    const asOwner = await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.owner.token });
    expect(answer.body.data).toEqual(asOwner.body.data);
    expect({ ...answer.body.data, watching: false }).toEqual(ticket);
  });

  it('resolves new category and service names and keeps the service within the app', async () => {
    const ticket = await createTicket(t, w);
    const appOnly = await edit(ticket.number, w.owner.token, { app: 'shaq_express' });
    expect(appOnly.status).toBe(422);
    expect(appOnly.body.errors).toEqual({ service: ['service must be selected'] });
    const both = await edit(ticket.number, w.owner.token, { app: 'shaq_express', service_id: w.expressServiceId });
    expect(both.body.data).toMatchObject({ app: 'shaq_express', service: 'Delivery', service_id: w.expressServiceId });
  });

  it('lets super edit its own opened ticket, and refuses once the ticket is not opened', async () => {
    const own = await createTicket(t, w, 'opened', w.admin);
    expect((await edit(own.number, w.admin.token, { description: 'A much longer description now.' })).status).toBe(200);
    const assigned = await createTicket(t, w, 'assigned');
    const answer = await edit(assigned.number, w.owner.token, { title: 'Too late' });
    expect(answer.status).toBe(409);
    expect((await get(assigned.number)).title).toBe(assigned.title);
  });
});
