/**
 * Saved views on the client (design.md#saved-views): Save view stores the list's URL under a name
 * (shared for supers); the views show in each area's navigation with live counts, open their list,
 * and a person renames and deletes their own.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../src/shared/types.ts';
import type { SavedView } from '../../../src/shared/views.ts';
import { invalidate } from '../../../src/client/lib/query.ts';
import { GROUPS } from '../../../src/client/lib/useChange.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest, type Route } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, DEV, DEVELOPERS, SERVICES, list, makeTicket, newestFirst } from '../tickets/fixtures.ts';

const TICKETS = newestFirst(
  makeTicket({ title: 'Scanner offline' }),
  makeTicket({ title: 'Printer jam', status: 'assigned', developer: { id: DEV.id, name: 'Dora' } }),
  makeTicket({ title: 'Refund stuck', status: 'closed', developer: { id: DEV.id, name: 'Dora' } }),
  makeTicket({ title: 'Login loops', priority: 'low' }),
);

/** A fake of /views over an array, as the server answers it (own views, then shared). */
function viewRoutes(views: SavedView[]): Record<string, Route> {
  let nextId = 100;
  const byId = (req: FakeRequest) => views.findIndex((view) => `/views/${view.id}` === req.path);
  return {
    'GET /views': () => ({ body: { data: { list: [...views] } } }),
    'POST /views': (req) => {
      const body = req.body as { name: string; query: string; shared?: boolean };
      if (views.some((view) => view.name.toLowerCase() === body.name.toLowerCase())) {
        return { status: 422, body: { message: 'You already have a view with this name.', errors: { name: ['You already have a view with this name.'] } } };
      }
      const view = { id: nextId++, name: body.name, query: body.query, shared: body.shared ?? false };
      views.push(view);
      return { status: 201, body: { message: 'View saved', data: view } };
    },
    ...Object.fromEntries(
      [101, 102, 103, 7, 8].flatMap((id) => [
        [`PATCH /views/${id}`, (req: FakeRequest) => {
          const at = byId(req);
          views[at] = { ...views[at]!, name: (req.body as { name: string }).name };
          return { body: { message: 'View renamed', data: views[at] } };
        }],
        [`DELETE /views/${id}`, (req: FakeRequest) => {
          views.splice(byId(req), 1);
          return { body: { message: 'View deleted' } };
        }],
      ]),
    ),
  };
}

function serve(views: SavedView[], tickets: Ticket[] = TICKETS) {
  return fakeApi({
    // My tickets are all of them here: a scope's fixed filter (a developer's own) narrows them.
    ...ticketRoutes(tickets),
    ...viewRoutes(views),
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list(SERVICES),
    'GET /developers': list(DEVELOPERS),
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const viewsList = () => within(nav()).getByRole('list', { name: 'Views' });
const viewLink = (name: RegExp) => within(viewsList()).getByRole('link', { name });

describe('the views in the navigation', () => {
  it('admin: the built-in views and the saved ones, each with its live count, open their list', async () => {
    signInAs(ADMIN);
    const views: SavedView[] = [
      { id: 7, name: 'Low ones', query: 'scope=all&priority=low', shared: false },
      { id: 8, name: 'Team closed', query: 'scope=all&status=closed', shared: true },
    ];
    serve(views);
    renderApp('/admin');
    // Unassigned: opened without a developer (Scanner offline, Login loops).
    await waitFor(() => expect(viewLink(/^Unassigned/).textContent).toBe('Unassigned, 2 tickets'));
    expect(viewLink(/^Low ones/).textContent).toBe('Low ones, 1 ticket');
    expect(viewLink(/^Team closed/).textContent).toBe('Team closed, shared, 1 ticket');
    expect(viewLink(/^My open work/)).toBeTruthy();

    fireEvent.click(viewLink(/^Low ones/));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/admin/tickets?priority=low'));
    await screen.findByRole('heading', { name: 'Login loops' });
    expect(screen.queryByRole('heading', { name: 'Scanner offline' })).toBeNull();
    expect(viewLink(/^Low ones/).getAttribute('aria-current')).toBe('page');
  });

  it('counts refresh with the ticket cache groups, like the stat tiles', async () => {
    signInAs(ADMIN);
    const tickets = [...TICKETS];
    serve([], tickets);
    renderApp('/admin');
    await waitFor(() => expect(viewLink(/^Unassigned/).textContent).toBe('Unassigned, 2 tickets'));
    tickets.push(makeTicket({ title: 'New one' }));
    await act(async () => invalidate(GROUPS.tickets));
    await waitFor(() => expect(viewLink(/^Unassigned/).textContent).toBe('Unassigned, 3 tickets'));
  });

  it('developer: the Views button opens them; a shared view reads its scope as the developer list’s tab; no menu on shared views', async () => {
    signInAs(DEV);
    serve([{ id: 8, name: 'Team open', query: 'scope=all&status=opened', shared: true }]);
    renderApp('/developer');
    const toggle = await screen.findByRole('button', { name: 'Views' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(viewLink(/^Team open/).textContent).toBe('Team open, shared, 2 tickets'));
    expect(within(viewsList()).queryByRole('button', { name: /Actions for/ })).toBeNull();
    // My open work: assigned to me and not closed (Printer jam).
    expect(viewLink(/^My open work/).textContent).toBe('My open work, 1 ticket');
    // Overdue: everyone's open work past its due date (none here).
    await waitFor(() => expect(viewLink(/^Overdue/).textContent).toBe('Overdue, 0 tickets'));
    fireEvent.keyDown(viewLink(/^Team open/), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(viewLink(/^Team open/));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/developer?tab=all&status=opened'));
    expect(screen.getByRole('button', { name: 'Views' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('the built-in Overdue counts open work past its due date and opens the list with the Overdue chip on', async () => {
    signInAs(ADMIN);
    const late = newestFirst(
      makeTicket({ title: 'Late and open', due_date: '2020-03-01' }),
      makeTicket({ title: 'Late and taken', status: 'assigned', developer: { id: DEV.id, name: 'Dora' }, due_date: '2020-03-02' }),
      makeTicket({ title: 'Late but closed', status: 'closed', due_date: '2020-03-03' }),
      makeTicket({ title: 'Due later', due_date: '2999-01-01' }),
      makeTicket({ title: 'No due date' }),
    );
    const server = serve([], late);
    renderApp('/admin');
    await waitFor(() => expect(viewLink(/^Overdue/).textContent).toBe('Overdue, 2 tickets'));
    // Its count asks what the list will: open work due before today, as one page's total.
    expect(server.calls.some((call) => /^\/tickets\?status=opened%2Cassigned&due_before=\d{4}-\d{2}-\d{2}&limit=1$/.test(call.path))).toBe(true);
    fireEvent.click(viewLink(/^Overdue/));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/admin/tickets?overdue=1'));
    await screen.findByRole('heading', { name: 'Late and open' });
    expect(screen.getByRole('heading', { name: 'Late and taken' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Late but closed' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Due later' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Overdue' }).getAttribute('aria-pressed')).toBe('true');
    expect(viewLink(/^Overdue/).getAttribute('aria-current')).toBe('page');
  });

  it('a server without views (an older one) shows no Views section at all', async () => {
    signInAs(ADMIN);
    fakeApi({ ...ticketRoutes(TICKETS) });
    renderApp('/admin/tickets');
    await screen.findByRole('heading', { name: 'Scanner offline' });
    expect(within(nav()).queryByRole('list', { name: 'Views' })).toBeNull();
  });
});

describe('saving, renaming and deleting', () => {
  it('Save view keeps the filters, sort and layout of the URL with the scope written out; a super may share it', async () => {
    signInAs(ADMIN);
    const views: SavedView[] = [];
    const server = serve(views);
    renderApp('/admin/tickets?status=closed&sort=priority&view=table');
    fireEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('name must be 1 to 60 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Closed by priority ' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Share with everyone' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/views')!;
    expect(post.body).toEqual({ name: 'Closed by priority', query: 'scope=all&status=closed&sort=priority&view=table', shared: true });
    await screen.findByText('View saved');
    await waitFor(() => expect(viewLink(/^Closed by priority/).getAttribute('aria-current')).toBe('page'));
  });

  it('support sees no share switch; a taken name shows the server’s message under the field', async () => {
    signInAs({ id: 2, first_name: 'Sam', last_name: 'Support', email: 'sam@example.com', role: 'support' });
    serve([{ id: 7, name: 'Mine', query: 'scope=my', shared: false }]);
    renderApp('/support?scope=all');
    fireEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('switch')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a view with this name.')).toBeTruthy();
  });

  it('rename and delete one’s own view from its menu, deleting after a confirmation', async () => {
    signInAs(ADMIN);
    const views: SavedView[] = [{ id: 7, name: 'Low ones', query: 'scope=all&priority=low', shared: false }];
    const server = serve(views);
    renderApp('/admin');
    const menuButton = await screen.findByRole('button', { name: 'Actions for the view Low ones' });
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'View Low ones' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Rename' })));
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view' });
    fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Quiet ones' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(viewLink(/^Quiet ones/)).toBeTruthy());
    expect(server.calls.find((call) => call.method === 'PATCH')).toMatchObject({ path: '/views/7', body: { name: 'Quiet ones' } });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for the view Quiet ones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the view “Quiet ones”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the view Quiet ones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(viewsList()).queryByRole('link', { name: /^Quiet ones/ })).toBeNull());
    expect(server.calls.find((call) => call.method === 'DELETE')?.path).toBe('/views/7');
    await screen.findByText('View deleted');
  });
});
