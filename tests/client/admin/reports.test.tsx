/** The reports page: URL state (Back works), "Show as table", tooltips on focus, bars into the work queue, a custom range. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { daysOf, lastDays, type Report, type ReportGroup } from '../../../src/shared/report.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN } from './helpers.ts';

const GROUPS: Record<ReportGroup, Report['groups']> = {
  category: [{ key: '2', label: 'Payments', created: 4, closed: 1, open: 3, median_close_hours: 5 }],
  priority: [
    { key: 'high', label: 'High', created: 3, closed: 1, open: 2, median_close_hours: 30 },
    { key: 'low', label: 'Low', created: 1, closed: 0, open: 1, median_close_hours: null },
  ],
  app: [{ key: 'shaq_app', label: 'Consumer app', created: 4, closed: 1, open: 3, median_close_hours: 5 }],
  service: [],
  developer: [
    { key: '3', label: 'Dora', created: 2, closed: 1, open: 1, median_close_hours: 5 },
    { key: 'none', label: 'No developer', created: 2, closed: 0, open: 2, median_close_hours: null },
  ],
};

/** Two created and one closed on the first day; the backlog follows. */
function reportFor(req: FakeRequest): Report {
  const params = new URLSearchParams(req.path.split('?')[1]);
  const days = daysOf(params.get('from')!, params.get('to')!);
  return {
    per_day: days.map((date, i) => ({ date, created: i === 0 ? 2 : 0, closed: i === 0 ? 1 : 0, backlog: 4 })),
    time_to_assign: { p50: 1.5, p90: 3 },
    time_to_close: { p50: 30, p90: 100 },
    groups: GROUPS[params.get('group') as ReportGroup],
  };
}

function serve() {
  return fakeApi({ 'GET /tickets/report': (req) => ({ body: { data: reportFor(req) } }) });
}
const region = (name: string) => screen.getByRole('region', { name });
const reportPaths = (calls: FakeRequest[]) => calls.map((call) => call.path).filter((path) => path.startsWith('/tickets/report'));

describe('reports page', () => {
  it('reads the range and grouping from the URL, writes each change there, and Back restores the last', async () => {
    signInAs(ADMIN);
    const server = serve();
    renderApp('/admin/reports?range=90&group=priority');
    await screen.findByRole('heading', { name: 'Breakdown by priority' });
    const { from, to } = lastDays(90, Date.now());
    expect(reportPaths(server.calls)).toEqual(expect.arrayContaining([`/tickets/report?from=${from}&to=${to}&group=priority`, `/tickets/report?from=${from}&to=${to}&group=developer`]));
    screen.getByText('1.5 h');
    screen.getByText('4.2 days');

    fireEvent.change(screen.getByLabelText('Breakdown by'), { target: { value: 'app' } });
    await screen.findByRole('heading', { name: 'Breakdown by app' });
    expect(window.location.search).toBe('?range=90&group=app');
    fireEvent.click(within(screen.getByRole('group', { name: 'Range' })).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(window.location.search).toBe('?group=app'));

    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?range=90&group=app'));
    await act(async () => window.history.back());
    await screen.findByRole('heading', { name: 'Breakdown by priority' });
    expect(window.location.search).toBe('?range=90&group=priority');
  }, 20_000);

  it('"Show as table" shows the chart\'s figures as a table and back', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin/reports');
    await screen.findByRole('heading', { name: 'Created and closed per day' });
    const perDay = region('Created and closed per day');
    const toggle = within(perDay).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const rows = within(perDay).getAllByRole('row');
    expect(rows).toHaveLength(31);
    const { from } = lastDays(30, Date.now());
    expect(rows.slice(0, 2).map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))).toEqual([
      ['Date (UTC)', 'Created', 'Closed'],
      [from, '2', '1'],
    ]);
    fireEvent.click(toggle);
    expect(within(perDay).queryByRole('table')).toBeNull();
    within(perDay).getByRole('group', { name: 'Created and closed per day' });
  });

  it('a focused day shows its exact values in a tooltip; arrow keys move to the next day', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin/reports');
    await screen.findByRole('heading', { name: 'Created and closed per day' });
    const marks = within(region('Created and closed per day')).getAllByRole('img');
    expect(marks).toHaveLength(30);
    expect(marks.map((mark) => mark.getAttribute('tabindex'))).toEqual(['0', ...Array(29).fill('-1')]);
    act(() => marks[0]!.focus());
    expect(marks[0]!.getAttribute('aria-label')).toMatch(/, Created: 2, Closed: 1$/);
    screen.getByText('Created: 2');
    screen.getByText('Closed: 1');
    fireEvent.keyDown(marks[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(marks[1]);
    screen.getByText('Created: 0');
    fireEvent.blur(marks[1]!);
    expect(screen.queryByText('Created: 0')).toBeNull();
  });

  it('clicking a breakdown bar (or Enter on it) opens the work queue filtered to those tickets', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin/reports?group=priority');
    await screen.findByRole('heading', { name: 'Breakdown by priority' });
    const breakdown = region('Breakdown by priority');
    const openHigh = within(breakdown).getByRole('link', { name: /^High, Open now: 2/ });
    act(() => openHigh.focus());
    screen.getByText('Click to open these tickets in the work queue');
    fireEvent.click(openHigh);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/tickets'));
    expect(new URLSearchParams(window.location.search).get('priority')).toBe('high');
    expect(new URLSearchParams(window.location.search).get('status')).toBe('opened,assigned');

    await act(async () => window.history.back());
    await screen.findByRole('heading', { name: 'Breakdown by priority' });
    fireEvent.keyDown(within(region('Breakdown by priority')).getByRole('link', { name: /^Low, Created: 1/ }), { key: 'Enter' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/tickets'));
    expect(new URLSearchParams(window.location.search).get('status')).toBe('opened,assigned,closed');
    expect(new URLSearchParams(window.location.search).get('priority')).toBe('low');
  });

  it('the workload table links each developer to their open tickets', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin/reports');
    const workload = await screen.findByRole('region', { name: 'Developer workload' });
    expect(within(workload).getByRole('link', { name: 'Dora' }).getAttribute('href')).toBe('/admin/tickets?status=opened%2Cassigned&developer_id=3');
    expect(within(workload).getByRole('link', { name: 'No developer' }).getAttribute('href')).toBe('/admin/tickets?status=opened%2Cassigned&developer_id=none');
  });

  it('a custom range goes into the URL once valid; a reversed one says why and asks nothing', async () => {
    signInAs(ADMIN);
    const server = serve();
    renderApp('/admin/reports');
    await screen.findByRole('heading', { name: 'Breakdown by category' });
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-03' } });
    await waitFor(() => expect(window.location.search).toBe('?from=2026-03-01&to=2026-03-03'));
    await waitFor(() => expect(reportPaths(server.calls)).toContain('/tickets/report?from=2026-03-01&to=2026-03-03&group=category'));
    const asked = server.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-09' } });
    await screen.findByText("'To' must be on or after 'From'");
    expect(window.location.search).toBe('?from=2026-03-01&to=2026-03-03');
    expect(server.calls.length).toBe(asked);
  });

  it('"Export CSV" saves the table as a file, formula-like names defused', async () => {
    signInAs(ADMIN);
    fakeApi({
      'GET /tickets/report': (req) => ({
        body: { data: { ...reportFor(req), groups: [{ key: '9', label: '=cmd()', created: 1, closed: 0, open: 1, median_close_hours: null }] } },
      }),
    });
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:report'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin/reports');
    const breakdown = await screen.findByRole('region', { name: 'Breakdown by category' });
    fireEvent.click(within(breakdown).getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const { from, to } = lastDays(30, Date.now());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`breakdown-category-${from}-to-${to}.csv`);
    expect(await saved[0]!.text()).toBe('\uFEFFCategory,Created,Closed,Open now,Median time to close (h)\r\n\'=cmd(),1,0,1,\r\n');
    click.mockRestore();
  });

  it('is in the admin navigation', async () => {
    signInAs(ADMIN);
    serve();
    renderApp('/admin/reports');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });
});
