/** product.md#admin-area: the admin ticket details' breadcrumbs read 'Tickets > Ticket Details'. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, detailRoutes, makeTicket } from './fixtures.ts';

describe('admin ticket details breadcrumbs', () => {
  it("read exactly 'Tickets > Ticket Details', with Tickets linking to the ticket list", async () => {
    const ticket = makeTicket({ status: 'opened' });
    signInAs(ADMIN);
    fakeApi(detailRoutes(ticket));
    renderApp('/admin/ticket/' + ticket.number);
    await screen.findByRole('heading', { name: ticket.title }, { timeout: 5000 });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Tickets > Ticket Details');
    expect(within(crumbs).getByRole('link', { name: 'Tickets' }).getAttribute('href')).toBe('/admin/tickets');
  });
});
