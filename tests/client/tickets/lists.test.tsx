import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, makeTicket, newestFirst } from './fixtures.ts';

/** Three retries: 1 s + 2 s + 4 s of back-off, with room to spare. */
const RETRIES_MS = 10_000;

function serve(all: Ticket[], mine: Ticket[]) {
  return fakeApi(ticketRoutes(all, { mine }));
}

const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);

describe('/admin/tickets', () => {
  const [opened, assigned, closed, reopened] = newestFirst(
    makeTicket({ title: 'Opened one', status: 'opened' }),
    makeTicket({ title: 'Assigned one', status: 'assigned' }),
    makeTicket({ title: 'Closed one', status: 'closed' }),
    makeTicket({ title: 'Reopened one', status: 'reopened' }),
  ) as [Ticket, Ticket, Ticket, Ticket];

  it('shows opened, assigned and reopened tickets by default and filters by status', async () => {
    signInAs(ADMIN);
    serve([opened, assigned, closed, reopened], [closed]);
    renderApp('/admin/tickets');
    await screen.findByText('Opened one');
    expect(titles()).toEqual(['Opened one', 'Assigned one', 'Reopened one']);
    // The default shows as the chips it is: Opened and Assigned pressed.
    expect(['Opened', 'Assigned', 'Closed'].map((name) => screen.getByRole('button', { name }).getAttribute('aria-pressed'))).toEqual(['true', 'true', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Opened' }));
    await waitFor(() => expect(titles()).toEqual(['Assigned one']));
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(titles()).toEqual(['Assigned one', 'Closed one']));
  });

  it('My Tickets reads the my-tickets list', async () => {
    signInAs(ADMIN);
    serve([opened], [assigned]);
    renderApp('/admin/tickets');
    await screen.findByText('Opened one');
    fireEvent.click(screen.getByRole('button', { name: 'My Tickets' }));
    await screen.findByText('Assigned one');
  });

  it("says 'No closed tickets yet.' for an empty closed filter and 'You have no Ticket.' otherwise", async () => {
    signInAs(ADMIN);
    serve([opened], []);
    renderApp('/admin/tickets');
    await screen.findByText('Opened one');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await screen.findByText('No closed tickets yet.');
    fireEvent.click(screen.getByRole('button', { name: 'My Tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await screen.findByText('You have no Ticket.');
  });

  it("says 'You have no Opened or assigned ticket.' when the default filter hides every ticket there is", async () => {
    signInAs(ADMIN);
    serve([closed], []);
    renderApp('/admin/tickets');
    await screen.findByText('You have no Opened or assigned ticket.');
    expect(screen.queryByText('Closed one')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opened' }));
    await waitFor(() => expect(window.location.search).toBe('?status=assigned'));
    await screen.findByText('You have no Opened or assigned ticket.');
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await screen.findByText('Closed one');
  });

  it('shows Loading, then the error message with an ellipsis and Retry at the first failure, still there once the retries are spent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signInAs(ADMIN);
    fakeApi({ 'GET /tickets': { status: 500, body: { message: 'Server error.' } }, 'GET /tickets/stats': { status: 500, body: { message: 'Server error.' } } });
    renderApp('/admin/tickets');
    screen.getByText('Loading');
    // Before the first retry (1 s): the failure is already on screen.
    await act(() => vi.advanceTimersByTimeAsync(900));
    screen.getByText('Server error....');
    screen.getByRole('button', { name: 'Retry' });
    await act(() => vi.advanceTimersByTimeAsync(RETRIES_MS));
    screen.getByText('Server error....');
  });
});

describe('/support', () => {
  it('My Tickets are the ones I created; All Tickets are all of them', async () => {
    signInAs(SUPPORT);
    const mine = makeTicket({ title: 'Mine', created_by: 'Sam', created_by_id: SUPPORT.id });
    const assignedToMe = makeTicket({ title: 'Not created by me', created_by: 'Ada', created_by_id: ADMIN.id });
    serve([mine, assignedToMe, makeTicket({ title: 'Other' })], [mine, assignedToMe]);
    renderApp('/support');
    await screen.findByText('Mine');
    expect(titles()).toEqual(['Mine']);
    expect(screen.getByRole('link', { name: 'Create Ticket' }).getAttribute('href')).toBe('/support/create-ticket');
    fireEvent.click(screen.getByRole('button', { name: 'All Tickets' }));
    await screen.findByText('Other');
  });

  it('empty states: create for mine, empty for all', async () => {
    signInAs(SUPPORT);
    serve([], []);
    renderApp('/support');
    await screen.findByText('You have no ticket, create a ticket.');
    fireEvent.click(screen.getByRole('button', { name: 'All Tickets' }));
    await screen.findByText('You have no Ticket.');
  });
});

describe('/developer', () => {
  it('Assigned Tickets (default) lists my-tickets whose developer is me', async () => {
    signInAs(DEV);
    const mine = makeTicket({ title: 'Mine', status: 'assigned', developer: { id: DEV.id, name: 'Dora' } });
    const created = makeTicket({ title: 'Someone else', status: 'assigned', developer: { id: 9, name: 'Otto' } });
    serve(newestFirst(mine, created, makeTicket({ title: 'Unassigned' })), [mine, created]);
    renderApp('/developer');
    await screen.findByText('Mine');
    expect(titles()).toEqual(['Mine']);
    expect(screen.getByRole('link', { name: 'Mine' }).getAttribute('href')).toBe(`/developer/ticket-details/${mine.number}`);
    fireEvent.click(screen.getByRole('button', { name: 'All Tickets' }));
    await screen.findByText('Unassigned');
    expect(titles()).toHaveLength(3);
  });

  it("empty states: 'No tickets assigned to you' and 'You have no Ticket.'", async () => {
    signInAs(DEV);
    serve([], []);
    renderApp('/developer');
    await screen.findByText('No tickets assigned to you');
    fireEvent.click(screen.getByRole('button', { name: 'All Tickets' }));
    await screen.findByText('You have no Ticket.');
  });
});
