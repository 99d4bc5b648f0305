/** Bulk actions in the table view (issue 14): selection, ranges, "all matching", the confirmation and the result. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTHING_APPLIES } from '../../../src/client/features/queue/components/BulkBar.tsx';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, DEV, DEVELOPERS, SUPPORT, list, makeTicket, newestFirst } from './fixtures.ts';

/** A fake server whose bulk route closes what it may and answers with `message`. */
function serve(tickets: Ticket[], message = 'Done') {
  const server = fakeApi({
    ...ticketRoutes(tickets),
    'GET /developers': list(DEVELOPERS),
    'POST /tickets/bulk': (req) => {
      const { ids } = req.body as { ids: string[] | null };
      const changed: string[] = [];
      const skipped: { number: string; reason: string }[] = [];
      for (const ticket of tickets.filter((t) => !ids || ids.includes(t.number))) {
        if (ticket.status === 'closed') skipped.push({ number: ticket.number, reason: 'already closed' });
        else {
          ticket.status = 'closed';
          changed.push(ticket.number);
        }
      }
      return { body: { message, data: { changed, skipped } } };
    },
  });
  return server;
}

const bulkCalls = (calls: FakeRequest[]) => calls.filter((call) => call.method === 'POST' && call.path === '/tickets/bulk');
const box = (name: RegExp | string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const bar = () => screen.getByRole('region', { name: 'Bulk actions' });
const count = () => within(bar()).getByRole('status').textContent;

async function openTable(person: typeof ADMIN | typeof SUPPORT | typeof DEV, tickets: Ticket[], message?: string, path = '/admin/tickets?view=table') {
  signInAs(person);
  const server = serve(tickets, message);
  renderApp(path);
  await screen.findByRole('table');
  return server;
}

const QUEUE = () =>
  newestFirst(
    makeTicket({ title: 'Scanner offline' }),
    makeTicket({ title: 'Printer jam', status: 'assigned', developer: { id: 3, name: 'Dora' } }),
    makeTicket({ title: 'Refund stuck' }),
    makeTicket({ title: 'Login loops' }),
  );

describe('selecting rows', () => {
  it('gives each row a checkbox named after its ticket, and the header one selects every loaded row', async () => {
    const tickets = QUEUE();
    await openTable(ADMIN, tickets);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    fireEvent.click(box(`Select ${tickets[0]!.number} Scanner offline`));
    expect(count()).toBe('1 selected');
    expect(box(`Select ${tickets[0]!.number} Scanner offline`).checked).toBe(true);
    expect(box('Select all loaded tickets').indeterminate).toBe(true);
    fireEvent.click(box('Select all loaded tickets'));
    expect(count()).toBe('4 selected');
    expect(box('Select all loaded tickets').checked).toBe(true);
    fireEvent.click(box('Select all loaded tickets'));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('selects a range with shift-click, and a second shift-click trims it', async () => {
    const tickets = QUEUE();
    await openTable(ADMIN, tickets);
    const rows = tickets.map((t) => box(new RegExp(`Select ${t.number}`)));
    fireEvent.click(rows[0]!);
    fireEvent.click(rows[3]!, { shiftKey: true });
    expect(count()).toBe('4 selected');
    fireEvent.click(rows[1]!, { shiftKey: true });
    expect(count()).toBe('2 selected');
    expect(rows.map((row) => row.checked)).toEqual([false, false, true, true]);
  });

  it('has no checkboxes in the cards view', async () => {
    signInAs(ADMIN);
    serve(QUEUE());
    renderApp('/admin/tickets?view=cards');
    await screen.findByText('Scanner offline');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['super', ADMIN, '/admin/tickets?view=table&status=opened,assigned,closed', ['Assign', 'Remove developer', 'Close', 'Reopen']],
    ['support', SUPPORT, '/support?scope=all&view=table', ['Close', 'Reopen']],
    ['developer', DEV, '/developer?tab=all&view=table', ['Close']],
  ] as const)('offers %s only the actions the role may take', async (_role, person, path, actions) => {
    // Every action of every role applies to one of these: the role alone limits the bar.
    const tickets = newestFirst(
      makeTicket({ title: 'Scanner offline', created_by_id: SUPPORT.id }),
      makeTicket({ title: 'Printer jam', status: 'assigned', created_by_id: SUPPORT.id, developer: { id: DEV.id, name: 'Dora' } }),
      makeTicket({ title: 'Refund stuck', status: 'closed', created_by_id: SUPPORT.id }),
    );
    await openTable(person, tickets, undefined, path);
    fireEvent.click(box('Select all loaded tickets'));
    expect(within(bar()).getAllByRole('button').map((button) => button.textContent)).toEqual([...actions, 'Clear selection']);
  });

  it('offers only the actions that can change a selected ticket, and says so when none can', async () => {
    const tickets = newestFirst(
      makeTicket({ title: 'Refund stuck', status: 'closed', created_by_id: ADMIN.id }),
      makeTicket({ title: 'Scanner offline', created_by_id: ADMIN.id }),
    );
    await openTable(ADMIN, tickets, undefined, '/admin/tickets?view=table&status=opened,assigned,closed');
    fireEvent.click(box(/Refund stuck/));
    expect(within(bar()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Reopen', 'Clear selection']);
    fireEvent.click(box(/Scanner offline/));
    expect(within(bar()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Assign', 'Close', 'Reopen', 'Clear selection']);
    cleanup();
    // Support may close only their own tickets: someone else's opened ticket leaves nothing to do.
    await openTable(SUPPORT, tickets, undefined, '/support?scope=all&view=table');
    fireEvent.click(box(/Scanner offline/));
    expect(within(bar()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Clear selection']);
    within(bar()).getByText(NOTHING_APPLIES);
  });
});

describe('select all matching', () => {
  it('switches the selection to the filter, names the count, and sends the filter', async () => {
    const tickets = newestFirst(...Array.from({ length: 55 }, (_, i) => makeTicket({ title: `Ticket ${i + 1}` })));
    const server = await openTable(ADMIN, tickets, '55 closed');
    fireEvent.click(box('Select all loaded tickets'));
    expect(count()).toBe('50 selected');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Select all 55 matching' }));
    expect(count()).toBe('All 55 matching selected');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Close 55 tickets?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await within(screen.getByRole('region', { name: 'Notifications' })).findByText('55 closed');
    expect(bulkCalls(server.calls).map((call) => call.body)).toEqual([{ ids: null, filter: { status: ['opened', 'assigned'] }, action: 'close' }]);
  });

  it('says plainly when more than 500 match, and offers no "all matching"', async () => {
    const tickets = newestFirst(...Array.from({ length: 501 }, (_, i) => makeTicket({ title: `Ticket ${i + 1}` })));
    await openTable(ADMIN, tickets);
    fireEvent.click(box('Select all loaded tickets'));
    within(bar()).getByText("All 501 matching can't be selected: a bulk action takes at most 500 tickets. Narrow the filters to act on all of them.");
    expect(within(bar()).queryByRole('button', { name: /matching/ })).toBeNull();
  });
});

describe('running an action', () => {
  it('asks with the count, shows the result sentence, lists what was skipped and refreshes the list', async () => {
    const tickets = newestFirst(makeTicket({ title: 'Scanner offline' }), makeTicket({ title: 'Refund stuck', status: 'closed' }), makeTicket({ title: 'Login loops' }));
    const server = await openTable(ADMIN, tickets, '2 closed, 1 skipped: already closed', '/admin/tickets?view=table&status=opened,closed');
    fireEvent.click(box('Select all loaded tickets'));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Close 3 tickets?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await within(toasts).findByText('2 closed, 1 skipped: already closed');
    const skipped = await screen.findByRole('dialog', { name: 'Skipped tickets' });
    within(skipped).getByText('2 closed, 1 skipped: already closed');
    within(skipped).getByRole('link', { name: tickets[1]!.number });
    within(skipped).getByText('already closed');
    expect(bulkCalls(server.calls)[0]!.body).toEqual({ ids: tickets.map((t) => t.number), filter: null, action: 'close' });
    fireEvent.click(within(skipped).getByRole('button', { name: 'Close' }));
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByText(/^closed$/i)).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('assigns through a developer picker', async () => {
    const tickets = QUEUE();
    const server = await openTable(ADMIN, tickets, '2 assigned');
    fireEvent.click(box(new RegExp(`Select ${tickets[0]!.number}`)));
    fireEvent.click(box(new RegExp(`Select ${tickets[2]!.number}`)));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 tickets?' });
    fireEvent.change(await within(dialog).findByLabelText('Developer'), { target: { value: String(DEV.id) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(bulkCalls(server.calls)).toHaveLength(1));
    expect(bulkCalls(server.calls)[0]!.body).toEqual({ ids: [tickets[0]!.number, tickets[2]!.number], filter: null, action: 'assign', developer_id: DEV.id });
  });
});
