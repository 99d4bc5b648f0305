/**
 * The queue people work in all day (design.md#queue-wave-3): chips pressed exactly when they
 * filter, the Overdue chip, table columns that fold by measured width, sortable headers whose
 * sort is in the URL, whole-row clicks, and the quick actions' Undo that really reverts.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '../../../src/shared/ticketFields.ts';
import type { Ticket } from '../../../src/shared/types.ts';
import { fittingColumns, SELECT_PX } from '../../../src/client/features/queue/tableColumns.tsx';
import { UNDO_MS } from '../../../src/client/features/queue/useQuickAction.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest, type Route } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, DEV, DEVELOPERS, SERVICES, list, makeTicket, newestFirst } from './fixtures.ts';

const chip = (name: string) => within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name });
const pressed = (...names: string[]) => names.map((name) => chip(name).getAttribute('aria-pressed'));
const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);
const pageCalls = (calls: FakeRequest[]) => calls.filter((call) => /^\/tickets(\/myTickets)?\?/.test(call.path) && !call.path.endsWith('limit=1'));
const patches = (calls: FakeRequest[]) => calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]);
const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent);

const PAST = '2020-01-15';
const FUTURE = '2999-01-15';

/** The work-queue fake, plus PATCH /tickets/{number} changing the ticket as the server would. */
function serve(tickets: Ticket[], mine: Ticket[] = tickets) {
  const patch: Record<string, Route> = {};
  for (const ticket of tickets) {
    patch[`PATCH /tickets/${ticket.number}`] = (req) => {
      const { status, developer_id } = req.body as { status: Ticket['status']; developer_id?: number | null };
      const developer = developer_id ? { id: developer_id, name: DEVELOPERS.find((d) => d.id === developer_id)?.first_name ?? 'Dev' } : status === 'opened' ? null : ticket.developer;
      const heldBefore = ticket.status === 'assigned';
      Object.assign(ticket, { status, developer });
      const message = { opened: heldBefore ? 'Ticket given back' : 'Ticket reopened successfully', assigned: 'Ticket assigned successfully', closed: 'Ticket closed successfully' }[status as 'opened'];
      return { body: { message, data: ticket } };
    };
  }
  return fakeApi({
    ...ticketRoutes(tickets, { mine }),
    ...patch,
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list(SERVICES),
    'GET /developers': list(DEVELOPERS),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the status chips', () => {
  const queue = () =>
    newestFirst(
      makeTicket({ title: 'Scanner offline', due_date: PAST }),
      makeTicket({ title: 'Printer jam', status: 'assigned', developer: { id: DEV.id, name: 'Dora' }, due_date: FUTURE }),
      makeTicket({ title: 'Refund stuck', status: 'closed', due_date: PAST, developer: { id: DEV.id, name: 'Dora' } }),
      makeTicket({ title: 'Login loops', status: 'assigned', developer: { id: DEV.id, name: 'Dora' }, due_date: PAST }),
    );

  it("press the admin's default (opened, assigned and reopened) and say it in words; a chip adds or removes its status; All clears", async () => {
    signInAs(ADMIN);
    serve(queue());
    renderApp('/admin/tickets');
    await screen.findByText('Scanner offline');
    expect(pressed('All', 'Opened', 'Assigned', 'Closed', 'Overdue')).toEqual(['false', 'true', 'true', 'false', 'false']);
    screen.getByText('Showing Opened and Assigned only');
    fireEvent.click(chip('Assigned'));
    await waitFor(() => expect(titles()).toEqual(['Scanner offline']));
    expect(window.location.search).toBe('?status=opened');
    expect(pressed('All', 'Opened', 'Assigned')).toEqual(['false', 'true', 'false']);
    fireEvent.click(chip('All'));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(pressed('All', 'Opened', 'Assigned', 'Closed')).toEqual(['true', 'false', 'false', 'false']);
    screen.getByText('Showing every status, closed included');
    // Chip by chip back to the default: the URL is the plain path again.
    for (const [name, search] of [
      ['Closed', '?status=closed'],
      ['Opened', '?status=opened%2Cclosed'],
      ['Closed', '?status=opened'],
      ['Assigned', ''],
    ] as const) {
      fireEvent.click(chip(name));
      await waitFor(() => expect(window.location.search).toBe(search));
    }
    expect(pressed('All', 'Opened', 'Assigned', 'Closed')).toEqual(['false', 'true', 'true', 'false']);
  });

  it("make plain that a developer's Assigned Tickets include closed work, and filter it out in one click", async () => {
    signInAs(DEV);
    const tickets = queue();
    serve(tickets, tickets);
    renderApp('/developer');
    await screen.findByText('Refund stuck');
    expect(pressed('All', 'Opened', 'Assigned', 'Closed')).toEqual(['true', 'false', 'false', 'false']);
    screen.getByText('Showing every status, closed included');
    fireEvent.click(chip('Assigned'));
    await waitFor(() => expect(titles()).toEqual(['Printer jam', 'Login loops']));
    screen.getByText('Showing Assigned only');
  });

  it("'Overdue' counts and lists open work past its due day, asking the server for due_before today; 'Closed' turns it off", async () => {
    signInAs(ADMIN);
    const server = serve(queue());
    renderApp('/admin/tickets');
    await screen.findByText('Scanner offline');
    await waitFor(() => expect(chip('Overdue').getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(chip('Overdue').getAttribute('aria-describedby')!)?.textContent).toBe('2 tickets');
    fireEvent.click(chip('Overdue'));
    await waitFor(() => expect(titles()).toEqual(['Scanner offline', 'Login loops']));
    expect(window.location.search).toBe('?overdue=1');
    screen.getByText('Showing overdue open work');
    expect(pageCalls(server.calls).at(-1)?.path).toBe(`/tickets?status=opened%2Cassigned&due_before=${localDay()}&limit=50`);
    // Closed added to the default's Opened and Assigned: every status, so 'All', and Overdue lets go.
    fireEvent.click(chip('Closed'));
    await waitFor(() => expect(window.location.search).toBe('?status=opened%2Cassigned%2Cclosed'));
    expect(pressed('Overdue', 'All')).toEqual(['false', 'true']);
  });
});

describe('the table', () => {
  let width = 0;
  /** Every element measures `width` px wide until the returned function puts the real measure back. */
  const measured = () => {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    return () => {
      if (own) Object.defineProperty(HTMLElement.prototype, 'clientWidth', own);
      else delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    };
  };

  it('folds the columns of least value first as its measured width shrinks, and keeps every column when there is room', async () => {
    const restore = measured();
    try {
      signInAs(ADMIN);
      serve(newestFirst(makeTicket({ title: 'Scanner offline' })));
      width = 1600;
      renderApp('/admin/tickets?view=table');
      await screen.findByRole('table');
      expect(headers()).toEqual(['', 'Number', 'Title', 'Status', 'Priority', 'App', 'Created by', 'Developer', 'Age', 'Due', 'Updated', 'Actions']);
      width = 1000;
      await act(async () => window.dispatchEvent(new Event('resize')));
      expect(headers()).toEqual(['', 'Number', 'Title', 'Status', 'Priority', 'Developer', 'Age', 'Due', 'Actions']);
      width = 800;
      await act(async () => window.dispatchEvent(new Event('resize')));
      expect(headers()).toEqual(['', 'Number', 'Title', 'Status', 'Priority', 'Due', 'Actions']);
    } finally {
      restore();
      // The table remembers its last width for its next list: leave it unmeasured (0) for the next test.
      await act(async () => window.dispatchEvent(new Event('resize')));
    }
  });

  it('never keeps more fixed width than it has, from 320 px (a phone: the title and the action) up', () => {
    for (let px = 320; px <= 1600; px += 20) {
      const shown = fittingColumns(px, SELECT_PX);
      const need = SELECT_PX + shown.reduce((sum, column) => sum + column.width, 0);
      expect(need, `${px}px`).toBeLessThanOrEqual(px);
      expect(shown.map((column) => column.key)).toEqual(expect.arrayContaining(['title', 'actions']));
    }
    expect(fittingColumns(1000, SELECT_PX).map((column) => column.key)).toContain('number');
  });

  it('sorts by a header click, with the sort in the URL and aria-sort on the header', async () => {
    signInAs(ADMIN);
    const server = serve(newestFirst(makeTicket({ title: 'Low one', priority: 'low' }), makeTicket({ title: 'High one', priority: 'high' })));
    renderApp('/admin/tickets?view=table');
    await screen.findByRole('table');
    const th = (name: string) => screen.getAllByRole('columnheader').find((each) => each.textContent === name)!;
    expect(th('Age').getAttribute('aria-sort')).toBe('ascending');
    expect(th('Priority').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(th('Priority')).getByRole('button', { name: 'Priority' }));
    expect(window.location.search).toBe('?sort=priority&view=table');
    await waitFor(() => expect(th('Priority').getAttribute('aria-sort')).toBe('descending'));
    expect(th('Age').getAttribute('aria-sort')).toBeNull();
    await waitFor(() => expect(pageCalls(server.calls).at(-1)?.path).toBe('/tickets?status=opened%2Cassigned&sort=priority&limit=50'));
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('priority');
    fireEvent.click(within(th('Age')).getByRole('button', { name: 'Age' }));
    expect(window.location.search).toBe('?view=table');
    fireEvent.click(within(th('Age')).getByRole('button', { name: 'Age' }));
    expect(window.location.search).toBe('?sort=oldest&view=table');
    await waitFor(() => expect(th('Age').getAttribute('aria-sort')).toBe('descending'));
  });

  it('opens the ticket on a click anywhere on its row, or Enter on it; its checkbox only selects', async () => {
    signInAs(ADMIN);
    const tickets = newestFirst(makeTicket({ title: 'Scanner offline' }), makeTicket({ title: 'Printer jam' }));
    serve(tickets);
    renderApp('/admin/tickets?view=table');
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('checkbox', { name: new RegExp(`Select ${tickets[0]!.number}`) }));
    expect(window.location.pathname).toBe('/admin/tickets');
    within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 selected');
    fireEvent.click(within(table).getByText('Printer jam'));
    expect(window.location.pathname).toBe(`/admin/ticket/${tickets[1]!.number}`);
    window.history.back();
    const again = await screen.findByRole('table');
    const row = within(again).getByRole('row', { name: `${tickets[0]!.number} Scanner offline` });
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(window.location.pathname).toBe(`/admin/ticket/${tickets[0]!.number}`);
  });
});

describe('quick actions', () => {
  const toasts = () => screen.getByRole('region', { name: 'Notifications' });

  it("'Assign to me' shows at once, and Undo within 5 s really gives the ticket back through the API", async () => {
    signInAs(DEV);
    const tickets = newestFirst(makeTicket({ title: 'Scanner offline' }));
    const server = serve(tickets);
    renderApp('/developer?tab=all');
    const take = await screen.findByRole('button', { name: `Assign to me ${tickets[0]!.number}` });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(take);
    // Optimistic: the card says assigned to me before the server has answered.
    const card = screen.getByRole('article');
    within(card).getByText('assigned');
    within(card).getByText('Dora');
    await act(() => vi.advanceTimersByTimeAsync(50));
    within(toasts()).getByText('Ticket assigned successfully');
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1000));
    fireEvent.click(within(toasts()).getByRole('button', { name: 'Undo' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    within(toasts()).getByText('Ticket given back');
    expect(patches(server.calls)).toEqual([
      [`/tickets/${tickets[0]!.number}`, { status: 'assigned', developer_id: DEV.id }],
      [`/tickets/${tickets[0]!.number}`, { status: 'opened' }],
    ]);
    within(screen.getByRole('article')).getByText('opened');
    expect(within(toasts()).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('Undo leaves after 5 s, and nothing is reverted', async () => {
    signInAs(ADMIN);
    const tickets = newestFirst(makeTicket({ title: 'Refund stuck', status: 'closed' }));
    const server = serve(tickets);
    renderApp('/admin/tickets?status=closed&view=table');
    const reopen = await screen.findByRole('button', { name: `Reopen ${tickets[0]!.number}` });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(reopen);
    await act(() => vi.advanceTimersByTimeAsync(50));
    within(toasts()).getByRole('button', { name: 'Undo' });
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(within(toasts()).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(patches(server.calls)).toEqual([[`/tickets/${tickets[0]!.number}`, { status: 'opened' }]]);
  });

  it("a super's close of an assigned ticket is undone by reopening and assigning the same developer again", async () => {
    signInAs(ADMIN);
    const tickets = newestFirst(makeTicket({ title: 'Printer jam', status: 'assigned', developer: { id: DEV.id, name: 'Dora' } }));
    const server = serve(tickets);
    renderApp('/admin/tickets?view=table');
    fireEvent.click(await screen.findByRole('button', { name: `Close ${tickets[0]!.number}` }));
    fireEvent.click(await within(toasts()).findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(patches(server.calls)).toHaveLength(3));
    expect(patches(server.calls).map(([, body]) => body)).toEqual([{ status: 'closed' }, { status: 'opened' }, { status: 'assigned', developer_id: DEV.id }]);
    expect(tickets[0]).toMatchObject({ status: 'assigned', developer: { id: DEV.id } });
  });

  it("asks product.md's question first where no Undo can follow: a developer may close but not reopen", async () => {
    signInAs(DEV);
    const tickets = newestFirst(makeTicket({ title: 'Printer jam', status: 'assigned', developer: { id: DEV.id, name: 'Dora' } }));
    const server = serve(tickets);
    renderApp('/developer');
    fireEvent.click(await screen.findByRole('button', { name: `Close ${tickets[0]!.number}` }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Are you sure you want to close this ticket?');
    expect(patches(server.calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await within(toasts()).findByText('Ticket closed successfully');
    expect(within(toasts()).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(patches(server.calls)).toEqual([[`/tickets/${tickets[0]!.number}`, { status: 'closed' }]]);
  });
});
