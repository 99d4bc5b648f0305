/**
 * Service levels wherever a ticket is shown (design.md#service-levels): cards, rows, the ticket
 * page and the board say it in words with an icon and a colour; the queue's Due soon and Breached
 * chips; the counts on the dashboard and the board; the report's share met per group.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SlaPolicy, TicketSla } from '../../../src/shared/sla.ts';
import type { Report } from '../../../src/shared/report.ts';
import type { Ticket } from '../../../src/shared/types.ts';
import { TicketCard } from '../../../src/client/features/queue/components/TicketCard.tsx';
import { TicketTable } from '../../../src/client/features/queue/components/TicketTable.tsx';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, DEV, DEVELOPERS, SERVICES, SUPPORT, detailRoutes, list, makeTicket, newestFirst } from './fixtures.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A little past the minute, so the label's whole units are stable while the test runs. */
const fromNow = (ms: number) => new Date(Date.now() + ms + (ms >= 0 ? 30_000 : -30_000)).toISOString();
const sla = (state: TicketSla['state'], respondIn: number, responded: string | null = null): TicketSla => ({
  respond_by: fromNow(respondIn),
  resolve_by: fromNow(respondIn + 24 * HOUR),
  responded_at: responded,
  state,
});
const POLICY: SlaPolicy = {
  timezone: 'UTC',
  week: { mon: [['00:00', '24:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  holidays: [],
  targets: { high: { respond_minutes: 60, resolve_minutes: 480 }, medium: { respond_minutes: null, resolve_minutes: null }, low: { respond_minutes: null, resolve_minutes: null } },
  warn_percent: 80,
};

const ON_TRACK = makeTicket({ title: 'Alpha', sla: sla('on_track', 2 * HOUR) });
const DUE_SOON = makeTicket({ title: 'Bravo', sla: sla('due_soon', 40 * MINUTE), priority: 'medium' });
const BREACHED = makeTicket({ title: 'Charlie', sla: sla('breached', -3 * HOUR), status: 'assigned', developer: { id: DEV.id, name: 'Dora' } });
const MET = makeTicket({ title: 'Delta', sla: { ...sla('met', -HOUR, fromNow(-2 * HOUR)), resolve_by: null }, status: 'closed' });
const QUEUE = newestFirst(ON_TRACK, DUE_SOON, BREACHED, MET);

/** The deadline badge that reads `text`: its state (the colour) and its icon. */
function badge(text: string) {
  const words = screen.getByText(text);
  const shown = words.closest('[data-state]') as HTMLElement;
  return { state: shown.dataset.state, icon: shown.querySelector('svg'), spoken: shown.textContent };
}

describe('a ticket shows its service level', () => {
  it('on a card: words, an icon and a state colour for each state', () => {
    signInAs(SUPPORT);
    for (const [ticket, text, state] of [
      [ON_TRACK, 'Due in 2 h', 'on_track'],
      [DUE_SOON, 'Due soon: 40 min', 'due_soon'],
      [BREACHED, 'Breached 3 h ago', 'breached'],
      [MET, 'Met', 'met'],
    ] as const) {
      const { unmount } = render(<TicketCard ticket={ticket} area="support" />);
      const shown = badge(text);
      expect(shown.state).toBe(state);
      expect(shown.icon).not.toBeNull();
      expect(shown.spoken).toBe(`Service level: ${text}`);
      unmount();
    }
  });

  it("time alone turns a deadline passed since the answer into Breached; no policy shows nothing", () => {
    signInAs(SUPPORT);
    const { unmount } = render(<TicketCard ticket={makeTicket({ sla: sla('on_track', -30 * MINUTE) })} area="support" />);
    expect(badge('Breached 30 min ago').state).toBe('breached');
    unmount();
    const { container } = render(<TicketCard ticket={makeTicket({ sla: { respond_by: null, resolve_by: null, responded_at: null, state: 'none' } })} area="support" />);
    expect(container.querySelector('[data-state]')).toBeNull();
  });

  it('the due date the same way: Overdue as breached; a closed ticket shows no pending due date', () => {
    signInAs(SUPPORT);
    const { unmount } = render(<TicketCard ticket={makeTicket({ due_date: '2020-03-01' })} area="support" />);
    expect(badge('Overdue Mar 1, 2020').state).toBe('breached');
    expect(badge('Overdue Mar 1, 2020').spoken).toBe('Due date: Overdue Mar 1, 2020');
    unmount();
    render(<TicketCard ticket={makeTicket({ due_date: '2020-03-01', status: 'closed' })} area="support" />);
    expect(screen.queryByText(/Mar 1, 2020/)).toBeNull();
  });

  it('in a table row, under the title', () => {
    signInAs(ADMIN);
    render(<TicketTable tickets={QUEUE} area="admin" />);
    const row = screen.getByRole('row', { name: `${BREACHED.number} Charlie` });
    const title = within(row).getAllByRole('cell')[1]!;
    expect(title.textContent).toBe('CharlieService level: Breached 3 h ago');
    expect(badge('Breached 3 h ago').state).toBe('breached');
  });

  it('on the ticket page: the badge, and when it must be taken and closed', async () => {
    signInAs(SUPPORT);
    fakeApi(detailRoutes(BREACHED));
    renderApp(`/support/ticket-details/${BREACHED.number}`);
    await screen.findByRole('heading', { name: 'Charlie', level: 1 });
    expect(badge('Breached 3 h ago').state).toBe('breached');
    const takeBy = screen.getByText('Take by').nextElementSibling!.textContent!;
    expect(takeBy).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    expect(screen.getByText('Close by').nextElementSibling!.textContent).toMatch(/\d{2}:\d{2}$/);
  });

  it('on the board, with the Due soon and Breached counts while service levels are on', async () => {
    signInAs(DEV);
    fakeApi({ ...ticketRoutes(QUEUE), 'GET /sla': { body: { data: POLICY } } });
    renderApp('/developer/board');
    const rows = within(await screen.findByRole('list', { name: /^Open and assigned/ })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-state]')?.textContent)).toEqual([
      'Service level: Due in 2 h',
      'Service level: Breached 3 h ago',
      'Service level: Due soon: 40 min',
    ]);
    const count = (label: string) => screen.getByText(label, { selector: '[class*="countLabel"]' }).previousElementSibling?.textContent;
    await waitFor(() => expect(count('Breached')).toBe('1'));
    expect(count('Due soon')).toBe('1');
  });
});

describe('the queue', () => {
  const serve = (policy: SlaPolicy | null) =>
    fakeApi({
      ...ticketRoutes(QUEUE),
      'GET /sla': { body: { data: policy } },
      'GET /config/categories': list(CATEGORIES),
      'GET /config/services': list(SERVICES),
      'GET /developers': list(DEVELOPERS),
    });
  const titles = () => screen.queryAllByRole('article').map((card) => card.querySelector('h3')?.textContent);
  const slaChip = (name: string) => within(screen.getByRole('group', { name: 'Filter by service level' })).getByRole('button', { name });

  it('Due soon and Breached chips filter through the sla parameter in the URL, with their counts', async () => {
    signInAs(ADMIN);
    const server = serve(POLICY);
    renderApp('/admin/tickets');
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    await waitFor(() => expect(slaChip('Breached').textContent).toBe('Breached1'));
    fireEvent.click(slaChip('Breached'));
    await waitFor(() => expect(titles()).toEqual(['Charlie']));
    expect(window.location.search).toBe('?sla=breached');
    expect(slaChip('Breached').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(slaChip('Due soon'));
    await waitFor(() => expect(titles()).toEqual(['Bravo', 'Charlie']));
    expect(window.location.search).toBe('?sla=breached%2Cdue_soon');
    const pages = server.calls.filter((call: FakeRequest) => call.path.startsWith('/tickets?'));
    expect(new URLSearchParams(pages.at(-1)!.path.split('?')[1]).get('sla')).toBe('breached,due_soon');
    fireEvent.click(slaChip('Breached'));
    fireEvent.click(slaChip('Due soon'));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('without a policy there are no chips, unless the URL filters by them', async () => {
    signInAs(ADMIN);
    serve(null);
    const { unmount } = renderApp('/admin/tickets');
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByRole('group', { name: 'Filter by service level' })).toBeNull();
    unmount();
    renderApp('/admin/tickets?sla=due_soon');
    await waitFor(() => expect(titles()).toEqual(['Bravo']));
    expect(slaChip('Due soon').getAttribute('aria-pressed')).toBe('true');
  });

  it('the dashboard counts them in tiles that open the filtered queue', async () => {
    signInAs(ADMIN);
    fakeApi({ ...ticketRoutes(QUEUE), 'GET /sla': { body: { data: POLICY } }, 'GET /users': list([]), 'GET /developers': list([]), 'GET /config/categories': list([]) });
    renderApp('/admin');
    const tile = await screen.findByRole('group', { name: 'Breached' });
    await waitFor(() => expect(tile.querySelector('strong')?.textContent).toBe('1'));
    expect(within(tile).getByRole('link').getAttribute('href')).toBe('/admin/tickets?sla=breached');
    expect(screen.getByRole('group', { name: 'Due soon' }).querySelector('strong')?.textContent).toBe('1');
  });
});

describe('the report', () => {
  it('charts the share of targets met per group, with the figures as a table', async () => {
    signInAs(ADMIN);
    const report = (group: string): Report => ({
      per_day: [],
      time_to_assign: { p50: null, p90: null },
      time_to_close: { p50: null, p90: null },
      groups:
        group === 'category'
          ? [
              { key: '1', label: 'Hardware', created: 4, closed: 2, open: 2, median_close_hours: 3, sla_met_share: 0.75 },
              { key: '2', label: 'Payments', created: 1, closed: 0, open: 1, median_close_hours: null, sla_met_share: null },
            ]
          : [],
    });
    fakeApi({ 'GET /tickets/report': (req) => ({ body: { data: report(new URLSearchParams(req.path.split('?')[1]).get('group')!) } }), 'GET /sla': { body: { data: POLICY } } });
    renderApp('/admin/reports');
    const panel = await screen.findByRole('region', { name: 'Service levels met by category' });
    expect(within(panel).getByRole('img', { name: 'Hardware, Targets met: 75%' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show as table' }));
    const cells = within(panel).getAllByRole('row').map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Category', 'Targets met (%)'],
      ['Hardware', '75'],
      ['Payments', '–'],
    ]);
  });
});
