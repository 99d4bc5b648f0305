/** Each route titles the tab; moving to it inside the app focuses its heading and announces its name. */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import type { Role } from '../../../src/shared/constants.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { CATEGORIES, DEVELOPERS, list, STAFF } from '../admin/helpers.ts';
import { detailRoutes, makeTicket } from '../tickets/fixtures.ts';

const ticket = makeTicket();
const N = ticket.number;

/** Every route of every area with the tab title it must show. */
const TITLES: Record<Role, [string, string][]> = {
  super: [
    ['/admin', 'Dashboard · Helpdesk'],
    ['/admin/tickets', 'Tickets · Helpdesk'],
    [`/admin/ticket/${N}`, `Ticket ${N} · Helpdesk`],
    [`/admin/edit-ticket/${N}`, `Edit ticket ${N} · Helpdesk`],
    ['/admin/create-ticket', 'Create ticket · Helpdesk'],
    ['/admin/staff', 'Staff · Helpdesk'],
    ['/admin/create-account', 'Create account · Helpdesk'],
    ['/admin/developer', 'Developers · Helpdesk'],
    ['/admin/category', 'Categories · Helpdesk'],
    ['/admin/create-category', 'Create category · Helpdesk'],
    ['/admin/service', 'Services · Helpdesk'],
    ['/admin/create-service', 'Create service · Helpdesk'],
    ['/admin/board', 'Board · Helpdesk'],
    ['/admin/reports', 'Reports · Helpdesk'],
    ['/admin/mail', 'Mail · Helpdesk'],
    ['/admin/sla', 'Service levels · Helpdesk'],
    ['/admin/nowhere', 'Page not found · Helpdesk'],
    ['/support', 'Access Denied · Helpdesk'],
  ],
  support: [
    ['/support', 'Tickets · Helpdesk'],
    ['/support/create-ticket', 'Create ticket · Helpdesk'],
    [`/support/edit-ticket/${N}`, `Edit ticket ${N} · Helpdesk`],
    [`/support/ticket-details/${N}`, `Ticket ${N} · Helpdesk`],
  ],
  developer: [
    ['/developer', 'Tickets · Helpdesk'],
    [`/developer/ticket-details/${N}`, `Ticket ${N} · Helpdesk`],
    ['/developer/board', 'Board · Helpdesk'],
  ],
};

const ROUTES = {
  ...detailRoutes(ticket),
  'GET /auth/users': list(STAFF),
  'GET /auth/staff': list(STAFF),
  'GET /developers': list(DEVELOPERS),
  'GET /config/categories': list(CATEGORIES),
};

test('the sign-in page is "Sign in · Helpdesk" and keeps focus where the browser put it', async () => {
  fakeApi({});
  renderApp('/');
  await screen.findByRole('heading', { name: 'Sign in' });
  expect(document.title).toBe('Sign in · Helpdesk');
  expect(document.activeElement).toBe(document.body);
});

describe.each(Object.entries(TITLES))('the %s area', (role, titles) => {
  test('each route has its own title; moving there focuses the h1 and announces the page', async () => {
    fakeApi(ROUTES);
    signInAs({ role: role as Role });
    const [[first, firstTitle], ...rest] = titles as [[string, string], ...[string, string][]];
    renderApp(first);
    await waitFor(() => expect(document.title).toBe(firstTitle));
    expect(document.activeElement).toBe(document.body);
    for (const [path, title] of rest) {
      act(() => navigate(path));
      await waitFor(() => expect(document.title).toBe(title));
      const heading = await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(screen.getAllByRole('status').some((region) => region.textContent === title.replace(' · Helpdesk', ''))).toBe(true);
    }
  });
});
