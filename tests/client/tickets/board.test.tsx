/** The kiosk queue board (/admin/board, /developer/board): counts, the queue by priority, live refresh. */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { LIST_REFETCH_EVERY_MS, LIST_REFETCH_JITTER_MS, LIVE_BATCH_MS, LIVE_TICKET_FIELDS } from '../../../src/shared/liveRules.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { fakeEventStream } from '../notifications/helpers.ts';
import { ADMIN, DEV, SUPPORT, makeTicket } from './fixtures.ts';

function queue(): Ticket[] {
  return [
    makeTicket({ title: 'Low one', priority: 'low', status: 'opened' }),
    makeTicket({ title: 'High one', priority: 'high', status: 'assigned', developer: { id: DEV.id, name: 'Dora' } }),
    makeTicket({ title: 'Done one', priority: 'high', status: 'closed' }),
    makeTicket({ title: 'Medium one', priority: 'medium', status: 'opened' }),
  ];
}

const count = (label: string) => screen.getByText(label).previousElementSibling?.textContent;

describe('queue board', () => {
  it.each([
    ['/admin/board', ADMIN],
    ['/developer/board', DEV],
  ] as const)('%s shows the counts by status, then open and assigned tickets by priority', async (path, person) => {
    signInAs(person);
    const server = fakeApi(ticketRoutes(queue()));
    renderApp(path);
    await screen.findByRole('heading', { name: 'Queue board' });
    const list = await screen.findByRole('list', { name: /^Open and assigned/ });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[class*="title"]')?.textContent)).toEqual(['High one', 'Medium one', 'Low one']);
    await waitFor(() => expect(count('Opened')).toBe('2'));
    expect(count('Assigned')).toBe('1');
    expect(count('Closed')).toBe('1');
    expect(count('Unassigned')).toBe('2');
    const page = server.calls.find((call) => call.path.startsWith('/tickets?'))!;
    expect(new URLSearchParams(page.path.split('?')[1]).get('status')).toBe('opened,assigned');
    expect(new URLSearchParams(page.path.split('?')[1]).get('sort')).toBe('priority');
    expect(new URLSearchParams(page.path.split('?')[1]).get('limit')).toBe('50');
  });

  it('is linked from the developer navigation, and support may not open it', async () => {
    signInAs(DEV);
    fakeApi(ticketRoutes(queue()));
    const { unmount } = renderApp('/developer');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Board' }).getAttribute('href')).toBe('/developer/board');
    unmount();
    signInAs(SUPPORT);
    renderApp('/developer/board');
    await screen.findByRole('heading', { name: 'Access Denied' });
  });

  it('refreshes by itself when the event stream says a ticket changed, and says Live', async () => {
    signInAs(ADMIN);
    const tickets = queue();
    fakeApi({
      ...ticketRoutes(tickets),
      // Each connection delivers one event and ends (the stream then reconnects after 1 s).
      'GET /events': () => ({ body: `: ping\n\nid: 1\nevent: ticket\ndata: ${JSON.stringify({ id: 99, number: 'TCK-000099', change: 'created' })}\n\n` }),
    });
    renderApp('/admin/board');
    await screen.findByText('Low one');
    tickets.push(makeTicket({ title: 'Brand new', priority: 'high', status: 'opened' }));
    await screen.findByText('Brand new', {}, { timeout: 4000 });
    await waitFor(() => expect(count('Opened')).toBe('3'));
  });

  it('an assignment that names the status it left refreshes the counts but does not ask for the open-and-assigned list again; a close does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signInAs(ADMIN);
    const tickets = queue();
    const low = tickets[0]!;
    const server = fakeApi(ticketRoutes(tickets));
    const stream = fakeEventStream();
    const transition = (ticket: Ticket, from: Ticket['status']) =>
      stream.send('ticket', { id: ticket.id, number: ticket.number, change: 'status', from, ticket: Object.fromEntries(LIVE_TICKET_FIELDS.map((field) => [field, ticket[field]])) });
    const listAsked = () => server.calls.filter((call) => call.path.startsWith('/tickets?')).length;
    renderApp('/admin/board');
    await act(() => vi.advanceTimersByTimeAsync(0));
    screen.getByText('Low one');
    expect(count('Opened')).toBe('2');
    const asked = listAsked();

    Object.assign(low, { status: 'assigned', developer: { id: DEV.id, name: 'Dora' }, updated_at: new Date().toISOString() });
    transition(low, 'opened');
    // The batch, and the most a refetch after a quiet spell waits.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_BATCH_MS + LIST_REFETCH_JITTER_MS));
    expect(count('Opened')).toBe('1');
    expect(count('Assigned')).toBe('2');
    expect(listAsked()).toBe(asked);

    Object.assign(low, { status: 'closed', updated_at: new Date(Date.now() + 1000).toISOString() });
    transition(low, 'assigned');
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFETCH_EVERY_MS));
    expect(screen.queryByText('Low one')).toBeNull();
    expect(listAsked()).toBe(asked + 1);
  });
});
