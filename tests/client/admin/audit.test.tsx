/** The audit log page: rows with before → after in words, filters in the URL and in the request, Show more, empty and error states. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../src/shared/audit.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, list, STAFF, tableText } from './helpers.ts';

const ROWS: AuditEntry[] = [
  {
    id: 3,
    at: '2026-03-02T10:15:00.000Z',
    actor: { id: 1, name: 'Ada Admin' },
    address: '::ffff:10.0.0.7',
    kind: 'category.renamed',
    target: { id: 5, label: 'Devices' },
    before: { id: 5, name: 'Hardware' },
    after: { id: 5, name: 'Devices' },
  },
  {
    id: 2,
    at: '2026-03-01T09:00:00.000Z',
    actor: { id: 1, name: 'Ada Admin' },
    address: '10.0.0.7',
    kind: 'tickets.bulk_close',
    target: { id: null, label: '2 tickets' },
    before: { 'TCK-000001': { status: 'opened', developer: null }, 'TCK-000002': { status: 'assigned', developer: 'Dora' } },
    after: { 'TCK-000001': { status: 'closed', developer: null }, 'TCK-000002': { status: 'closed', developer: 'Dora' } },
  },
];
const OLDER: AuditEntry = {
  id: 1,
  at: '2026-02-28T08:00:00.000Z',
  actor: { id: 1, name: 'Ada Admin' },
  address: '10.0.0.7',
  kind: 'account.created',
  target: { id: 9, label: 'Sam Support (sam@example.com)' },
  before: null,
  after: { first_name: 'Sam', last_name: 'Support', email: 'sam@example.com', role: 'support' },
};

const page = (entries: AuditEntry[], next: string | null, total: number): { body: { data: AuditPage } } => ({ body: { data: { list: entries, next_cursor: next, total } } });
const auditPaths = (calls: FakeRequest[]) => calls.map((call) => call.path).filter((path) => path.startsWith('/audit'));

function serve(answer: (req: FakeRequest) => { status?: number; body?: unknown } = (req) => (req.path.includes('cursor=') ? page([OLDER], null, 3) : page(ROWS, 'next-1', 3))) {
  return fakeApi({ 'GET /users': list(STAFF), 'GET /audit': answer });
}

describe('audit log page', () => {
  it('is in the admin navigation and shows each change: when, who, what, target, before → after, address', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Audit log' }));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' });
    const { headers, rows } = tableText(table);
    expect(headers).toEqual(['When', 'Who', 'What', 'Target', 'Before → after', 'Address']);
    expect(rows[0]!.slice(1)).toEqual(['Ada Admin', 'Category renamed', 'Devices', 'Name: Hardware → Devices', '10.0.0.7']);
    expect(rows[1]!.slice(1, 4)).toEqual(['Ada Admin', 'Bulk close', '2 tickets']);
    expect(rows[1]![4]).toContain('TCK-000001: Opened → Closed');
    expect(rows[1]![4]).toContain('TCK-000002: Assigned (Dora) → Closed (Dora)');
    expect(table.querySelector('time')?.getAttribute('dateTime')).toBe(ROWS[0]!.at);
  }, 20_000);

  it('"Show more" loads the next page with the cursor and counts what is loaded', async () => {
    signInAs(ADMIN);
    const server = serve();
    renderApp('/admin/audit');
    await screen.findByText('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Sam Support (sam@example.com)');
    expect(auditPaths(server.calls)).toContain('/audit?cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByText('Email: sam@example.com')).toBeTruthy();
  });

  it('reads the filters from the URL, sends them, and writes each change to the URL and the request', async () => {
    signInAs(ADMIN);
    const server = serve();
    renderApp('/admin/audit?kind=category&from=2026-03-01');
    await screen.findByRole('table');
    expect(auditPaths(server.calls)).toContain('/audit?kind=category&from=2026-03-01');
    expect((screen.getByLabelText('Change') as HTMLSelectElement).value).toBe('category');

    const person = screen.getByLabelText('Person') as HTMLSelectElement;
    // Only supers make recorded changes, so only they are offered.
    await waitFor(() => expect(within(person).getAllByRole('option').map((option) => option.textContent)).toEqual(['Everyone', 'Ada Admin']));
    fireEvent.change(person, { target: { value: '1' } });
    await waitFor(() => expect(window.location.search).toBe('?actor_id=1&kind=category&from=2026-03-01'));
    await waitFor(() => expect(auditPaths(server.calls)).toContain('/audit?actor_id=1&kind=category&from=2026-03-01'));

    fireEvent.change(screen.getByLabelText('Change'), { target: { value: 'account.deleted' } });
    await waitFor(() => expect(auditPaths(server.calls)).toContain('/audit?actor_id=1&kind=account.deleted&from=2026-03-01'));
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-03-05' } });
    await waitFor(() => expect(auditPaths(server.calls)).toContain('/audit?actor_id=1&kind=account.deleted&from=2026-03-01&to=2026-03-05'));

    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?actor_id=1&kind=account.deleted&from=2026-03-01'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(auditPaths(server.calls).at(-1)).toBe('/audit'));
  }, 20_000);

  it('says when nothing is recorded, when nothing matches (with Clear filters), and when the request fails', async () => {
    signInAs(ADMIN);
    serve(() => page([], null, 0));
    const view = renderApp('/admin/audit');
    await screen.findByText('No changes recorded yet.');
    view.unmount();

    serve(() => page([], null, 0));
    const filtered = renderApp('/admin/audit?kind=service');
    await screen.findByText('No changes match these filters.');
    fireEvent.click(within(screen.getByText('No changes match these filters.').parentElement!).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    filtered.unmount();

    serve(() => ({ status: 500, body: { message: 'Server Error' } }));
    renderApp('/admin/audit?kind=tickets');
    expect((await screen.findByRole('alert')).textContent).toBe('Server Error...');
    screen.getByRole('button', { name: 'Retry' });
  });
});
