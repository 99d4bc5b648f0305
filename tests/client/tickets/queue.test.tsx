/** The work queue on the client: pages, and list state (scope, filters, search, sort, view) in the URL. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../../src/shared/types.ts';
import { SEARCH_COUNT_CAP, type TicketPage } from '../../../src/shared/workQueue.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest, type Route } from '../fakeApi.ts';
import { page } from '../ticketServer.ts';
import { ADMIN, CATEGORIES, DEVELOPERS, SERVICES, SUPPORT, list, makeTicket, newestFirst } from './fixtures.ts';
import { outsideAct } from '../outsideAct.ts';

const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);
/** Page requests, not the one-ticket pages that only count (My Tickets' chips, the Overdue chip). */
const listCalls = (calls: FakeRequest[]) => calls.filter((call) => /^\/tickets(\/myTickets)?(\?|$)/.test(call.path) && !call.path.endsWith('limit=1'));
const search = () => screen.getByRole('searchbox', { name: 'Search tickets' }) as HTMLInputElement;
const chip = (name: string) => within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name });

function serve(tickets: Ticket[], mine: Ticket[] = tickets) {
  return fakeApi({
    ...ticketRoutes(tickets, { mine }),
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list(SERVICES),
    'GET /developers': list(DEVELOPERS),
  });
}

const QUEUE = newestFirst(
  makeTicket({ title: 'Zebra scanner offline', priority: 'low' }),
  makeTicket({ title: 'Zebra printer jam', priority: 'high', status: 'assigned', developer: { id: 3, name: 'Dora' } }),
  makeTicket({ title: 'Refund stuck', priority: 'low', status: 'closed' }),
  makeTicket({ title: 'Login loops', priority: 'medium', app: 'shaq_express', service_id: 20, service: 'Delivery' }),
);

describe('paged lists', () => {
  it("'Show more' fetches the next page by its cursor and counts 'N of M'; no list is ever asked for whole", async () => {
    signInAs(ADMIN);
    const many = newestFirst(...Array.from({ length: 55 }, (_, i) => makeTicket({ title: `Ticket ${i + 1}` })));
    const server = serve(many);
    renderApp('/admin/tickets');
    await screen.findByText('50 of 55');
    expect(titles()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(titles()).toHaveLength(55));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(listCalls(server.calls).map((call) => call.path)).toEqual([
      '/tickets?status=opened%2Cassigned&limit=50',
      '/tickets?status=opened%2Cassigned&limit=50&cursor=50',
    ]);
  });

  it("a search the server stopped counting (total_capped) counts 'N of 10,000+'", async () => {
    signInAs(ADMIN);
    const many = newestFirst(...Array.from({ length: 55 }, (_, i) => makeTicket({ title: `Customer ${i + 1}` })));
    // As the server answers a word held by more than SEARCH_COUNT_CAP tickets.
    const capped: Route = (req) => {
      const { data } = (page(many, req) as { body: { data: TicketPage } }).body;
      return { body: { data: { ...data, total: SEARCH_COUNT_CAP, total_capped: true } } };
    };
    fakeApi({ ...ticketRoutes(many), 'GET /tickets': capped });
    renderApp('/admin/tickets?q=customer');
    await screen.findByText('50 of 10,000+');
  });

  it('Back from a ticket returns to the list with the pages that were loaded and the scroll position', async () => {
    signInAs(ADMIN);
    const many = newestFirst(...Array.from({ length: 55 }, (_, i) => makeTicket({ title: `Ticket ${i + 1}` })));
    fakeApi({ ...ticketRoutes(many), [`GET /tickets/${many[54]!.number}`]: { body: { data: many[54] } }, 'GET /activity-log/TCK': list([]) });
    renderApp('/admin/tickets');
    await screen.findByText('50 of 55');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(titles()).toHaveLength(55));
    await act(async () => {
      window.scrollTo(0, 1234);
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    fireEvent.click(screen.getByRole('link', { name: /Ticket 55/ }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/ticket/${many[54]!.number}`));
    window.scrollTo(0, 0);
    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/admin/tickets'));
    expect(titles()).toHaveLength(55);
    expect(window.scrollY).toBe(1234);
  });

  it('the status chips count from stats over the other filters, without the status filter', async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    renderApp('/admin/tickets?priority=low');
    await screen.findByText('Zebra scanner offline');
    await waitFor(() => expect(chip('Closed').getAttribute('aria-describedby')).toBeTruthy());
    const described = (name: string) => document.getElementById(chip(name).getAttribute('aria-describedby')!)?.textContent;
    expect([described('Opened'), described('Assigned'), described('Closed')]).toEqual(['1 ticket', '0 tickets', '1 ticket']);
    expect(server.calls.filter((call) => call.path.startsWith('/tickets/stats')).map((call) => call.path)).toEqual(['/tickets/stats?priority=low']);
  });
});

describe('the URL holds the list state', () => {
  it('chips, filters and sort are written to the URL and sent with every page request', async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    // The default's chips (Opened, Assigned) are pressed: Assigned off, Closed on.
    fireEvent.click(chip('Assigned'));
    fireEvent.click(chip('Closed'));
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    expect(window.location.search).toBe('?status=opened%2Cclosed&priority=low&sort=oldest');
    await waitFor(() => expect(titles()).toEqual(['Refund stuck', 'Zebra scanner offline']));
    expect(listCalls(server.calls).at(-1)?.path).toBe('/tickets?status=opened%2Cclosed&priority=low&sort=oldest&limit=50');
  });

  it("a chip's or a header's click asks for the new list once: the list joins the request the click sent", async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    const before = listCalls(server.calls).length;
    // The request is out before React renders the new list.
    await outsideAct(() => {
      chip('Closed').click();
      expect(listCalls(server.calls).slice(before).map((call) => call.path)).toEqual(['/tickets?limit=50']);
      expect(screen.queryByText('Refund stuck')).toBeNull();
    });
    await screen.findByText('Refund stuck');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    await waitFor(() => expect(titles()[0]).toBe('Login loops'));
    expect(listCalls(server.calls).slice(before).map((call) => call.path)).toEqual([
      '/tickets?limit=50',
      '/tickets?sort=oldest&limit=50',
    ]);
  });

  it('a link to a filtered list opens that list: scope, chips, search and sort included', async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE, [QUEUE[2]!]);
    renderApp('/admin/tickets?scope=my&status=closed&q=refund&sort=oldest');
    await screen.findByText('Refund stuck');
    // (The one-ticket pages count My Tickets per status for the chips.)
    const pages = listCalls(server.calls).filter((call) => !call.path.endsWith('limit=1'));
    expect(pages.map((call) => call.path)).toEqual(['/tickets/myTickets?q=refund&status=closed&sort=oldest&limit=50']);
    expect(screen.getByRole('button', { name: 'My Tickets' }).getAttribute('aria-pressed')).toBe('true');
    expect(chip('Closed').getAttribute('aria-pressed')).toBe('true');
    expect(search().value).toBe('refund');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('oldest');
  });

  it('Back and Forward return to the same list, from the cache, and the controls follow', async () => {
    signInAs(ADMIN);
    serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    fireEvent.click(chip('All'));
    await screen.findByText('Refund stuck');
    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(titles()).toEqual(['Zebra scanner offline', 'Zebra printer jam', 'Login loops']);
    expect(chip('All').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Closed').getAttribute('aria-pressed')).toBe('false');
    await act(async () => window.history.forward());
    await waitFor(() => expect(window.location.search).toBe('?status=opened%2Cassigned%2Cclosed'));
    expect(titles()).toEqual(['Zebra scanner offline', 'Zebra printer jam', 'Refund stuck', 'Login loops']);
    expect(chip('All').getAttribute('aria-pressed')).toBe('true');
  });

  it('the search is sent 250 ms after the last key; refining it replaces the history entry', async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    const entries = window.history.length;
    fireEvent.change(search(), { target: { value: 'zeb' } });
    expect(window.location.search).toBe('');
    await waitFor(() => expect(window.location.search).toBe('?q=zeb'), { timeout: 2000 });
    expect(window.history.length).toBe(entries + 1);
    fireEvent.change(search(), { target: { value: 'zebra jam' } });
    await waitFor(() => expect(titles()).toEqual(['Zebra printer jam']), { timeout: 2000 });
    expect(window.location.search).toBe('?q=zebra+jam');
    expect(window.history.length).toBe(entries + 1);
    expect(listCalls(server.calls).map((call) => new URLSearchParams(call.path.split('?')[1]).get('q'))).toEqual([null, 'zeb', 'zebra jam']);
  });

  it("'/' focuses the search, except while typing in a field", async () => {
    signInAs(ADMIN);
    serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search());
    const sort = screen.getByLabelText('Sort');
    sort.focus();
    fireEvent.keyDown(search(), { key: '/' });
    expect(document.activeElement).toBe(sort);
  });

  it("nothing matching says 'No tickets match these filters.' and 'Clear filters' brings the list back", async () => {
    signInAs(ADMIN);
    serve(QUEUE);
    renderApp('/admin/tickets?q=nothing-like-it&app=shaq_app&view=cards');
    await screen.findByText('No tickets match these filters.');
    fireEvent.click(within(screen.getByText('No tickets match these filters.').parentElement!).getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Zebra printer jam');
    expect(window.location.search).toBe('?view=cards');
    expect(search().value).toBe('');
  });

  it("the developer filter is the super's only, and 'Unassigned' asks for developer_id=none", async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    await screen.findByRole('option', { name: 'Dora Dev' });
    fireEvent.change(screen.getByLabelText('Developer'), { target: { value: 'none' } });
    await waitFor(() => expect(titles()).toEqual(['Zebra scanner offline', 'Login loops']));
    expect(listCalls(server.calls).at(-1)?.path).toBe('/tickets?status=opened%2Cassigned&developer_id=none&limit=50');
  });

  it('support has no developer filter and never asks for the developer list', async () => {
    signInAs(SUPPORT);
    const server = serve(QUEUE);
    renderApp('/support?scope=all');
    await screen.findByText('Zebra printer jam');
    expect(screen.queryByLabelText('Developer')).toBeNull();
    expect(server.calls.some((call) => call.path === '/developers')).toBe(false);
  });
});

describe('table view', () => {
  it('lists number, title, status, priority, app, creator, developer, age, due and updated, and the quick action; remembered per user', async () => {
    const me = signInAs(ADMIN);
    serve(QUEUE);
    const first = renderApp('/admin/tickets');
    await screen.findByText('Zebra printer jam');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Number', 'Title', 'Status', 'Priority', 'App', 'Created by', 'Developer', 'Age', 'Due', 'Updated', 'Actions']);
    const cells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell').map((td) => td.textContent);
    // The first column holds the bulk-action checkbox (bulk.test.tsx).
    expect(cells.slice(1, 8)).toEqual([QUEUE[1]!.number, 'Zebra printer jam', 'assigned', 'high', 'Consumer app', 'Sam', 'Dora']);
    expect(localStorage.getItem(`helpdesk.ticketView.${me.id}`)).toBe('table');
    first.unmount();
    renderApp('/admin/tickets');
    await screen.findByRole('table');
  });

  it('ArrowDown and ArrowUp move between rows; Enter opens the ticket in this area', async () => {
    signInAs(ADMIN);
    serve(QUEUE);
    renderApp('/admin/tickets?view=table');
    const table = await screen.findByRole('table');
    await within(table).findByText('Zebra printer jam');
    const rows = within(table).getAllByRole('row').slice(1);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'ArrowDown' });
    fireEvent.keyDown(rows[2]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(window.location.pathname).toBe(`/admin/ticket/${QUEUE[1]!.number}`);
  });
});

describe('Export CSV', () => {
  it('downloads the current filter and sort with the token in the header, never in the URL', async () => {
    signInAs(ADMIN);
    const server = serve(QUEUE);
    const objectUrl = vi.fn((_blob: Blob) => 'blob:tickets');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin/tickets?q=zebra&sort=priority');
    await screen.findByText('Zebra printer jam');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = server.calls.find((c) => c.path.startsWith('/tickets/export.csv'))!;
    expect(call.path).toBe('/tickets/export.csv?q=zebra&status=opened%2Cassigned&sort=priority');
    expect(call.headers.authorization).toMatch(/^Bearer token-/);
    expect(await objectUrl.mock.calls[0]![0].text()).toBe(`number,title\r\n${QUEUE[1]!.number},Zebra printer jam\r\n${QUEUE[0]!.number},Zebra scanner offline`);
    clicked.mockRestore();
  });

  it('is offered on All Tickets only (My Tickets has no export)', async () => {
    signInAs(ADMIN);
    serve(QUEUE);
    renderApp('/admin/tickets?scope=my');
    await screen.findByText('Zebra printer jam');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
