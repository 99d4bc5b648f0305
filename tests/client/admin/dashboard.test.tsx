import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, DEVELOPERS, STAFF, list } from './helpers.ts';

function ticket(id: number, created_at: string): Ticket {
  return {
    id,
    number: `TCK-${String(id).padStart(6, '0')}`,
    title: `Ticket ${id}`,
    description: 'Something is broken somewhere.',
    priority: 'low',
    category: 'Hardware',
    category_id: 1,
    service: 'Checkout',
    service_id: 10,
    app: 'shaq_app',
    link: null,
    due_date: null,
    has_image: false,
    comment_count: 0,
    status: 'opened',
    created_by: 'Sam',
    created_by_id: 2,
    developer: null,
    created_at,
    updated_at: created_at,
  };
}

const TICKETS = [ticket(1, '2026-03-01T09:00:00Z'), ticket(2, '2026-03-03T09:00:00Z'), ticket(3, '2026-03-02T09:00:00Z')];

const tile = (name: string) => screen.getByRole('group', { name });

describe('dashboard', () => {
  test('the four tiles count their lists', async () => {
    fakeApi({
      ...ticketRoutes(TICKETS),
      'GET /users': list(STAFF),
      'GET /developers': list(DEVELOPERS),
      'GET /config/categories': list(CATEGORIES),
    });
    signInAs(ADMIN);
    renderApp('/admin');
    await screen.findByText('Ticket 1');
    within(tile('Total Tickets')).getByText('3');
    within(tile('Staffs')).getByText('4');
    within(tile('Developers')).getByText('2');
    within(tile('Categories')).getByText('2');
  });

  test('each tile links to its list; Total Tickets counts from stats, never from a whole list', async () => {
    const server = fakeApi({ ...ticketRoutes(TICKETS), 'GET /users': list(STAFF), 'GET /developers': list(DEVELOPERS), 'GET /config/categories': list(CATEGORIES) });
    signInAs(ADMIN);
    renderApp('/admin');
    await screen.findByText('Ticket 1');
    const hrefs = ['Total Tickets', 'Staffs', 'Developers', 'Categories'].map((name) => within(tile(name)).getByRole('link').getAttribute('href'));
    expect(hrefs).toEqual(['/admin/tickets', '/admin/staff', '/admin/developer', '/admin/category']);
    const ticketCalls = server.calls.filter((call) => call.path.startsWith('/tickets'));
    expect(ticketCalls.map((call) => call.path).sort()).toEqual(['/tickets/stats', '/tickets?limit=50']);
  });

  test('the grid shows every ticket, newest first by created_at, linking to the admin detail', async () => {
    fakeApi(ticketRoutes(TICKETS));
    signInAs(ADMIN);
    renderApp('/admin');
    await screen.findByText('Ticket 1');
    const links = screen.getAllByRole('link').filter((a) => a.textContent?.startsWith('Ticket '));
    expect(links.map((a) => a.textContent)).toEqual(['Ticket 2', 'Ticket 3', 'Ticket 1']);
    expect(links[0]!.getAttribute('href')).toBe('/admin/ticket/TCK-000002');
  });

  test("shows 'Loading' first and the 'empty' state when there are no tickets", async () => {
    fakeApi({ ...ticketRoutes([]), 'GET /users': list([]), 'GET /developers': list([]), 'GET /config/categories': list([]) });
    signInAs(ADMIN);
    renderApp('/admin');
    await screen.findByText('Loading');
    await screen.findByText('You have no Ticket.');
    within(tile('Total Tickets')).getByText('0');
  });

  test('shows the error followed by an ellipsis when the tickets fail', async () => {
    fakeApi({ 'GET /tickets': { status: 403, body: { message: 'This action is unauthorized.' } } });
    signInAs(ADMIN);
    renderApp('/admin');
    await screen.findByText('This action is unauthorized....');
  });
});
