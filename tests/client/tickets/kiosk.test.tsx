/**
 * Kiosk mode (/admin/board?kiosk=1): no app chrome, pages through every open ticket on its own
 * timer (a manual one here), the clock and "Updated hh:mm", late rows marked, and it carries on
 * by itself after the server was away.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { KioskBoard } from '../../../src/client/features/queue/kiosk/KioskBoard.tsx';
import { TURN_MS, hhmm, rowsFor, type KioskTimer } from '../../../src/client/features/queue/kiosk/paging.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest, type Reply } from '../fakeApi.ts';
import { ADMIN, DEV, makeTicket } from './fixtures.ts';

/** A timer that moves only when told: fire(ms) runs every callback registered with that period. */
function manualTimer(start: number) {
  let now = start;
  const ticks = new Set<{ ms: number; tick: () => void }>();
  const timer: KioskTimer & { fire(ms: number, advance?: number): void } = {
    every(ms, tick) {
      const entry = { ms, tick };
      ticks.add(entry);
      return () => ticks.delete(entry);
    },
    now: () => now,
    fire(ms, advance = ms) {
      now += advance;
      act(() => {
        for (const entry of [...ticks]) if (entry.ms === ms) entry.tick();
      });
    },
  };
  return timer;
}

const START = new Date(2026, 2, 10, 9, 41).getTime();
/** jsdom's window is 768 px high. */
const ROWS = rowsFor(768);

function openWork(count: number): Ticket[] {
  // Newest first among equals: 'Open 01' is the newest.
  const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 9, 59 - i)).toISOString();
  return Array.from({ length: count }, (_, i) => makeTicket({ title: `Open ${String(i + 1).padStart(2, '0')}`, priority: 'high', status: i % 2 ? 'assigned' : 'opened', created_at: at(i) }));
}

const titles = () => within(screen.getByRole('list', { name: /^Open and assigned/ })).getAllByRole('listitem').map((row) => row.querySelector('[class*="title"]')?.textContent);
const heading = () => screen.getByRole('heading', { name: /^Open and assigned/ }).textContent;

describe('kiosk board', () => {
  it('turns through every open ticket page by page, then starts again', async () => {
    signInAs(ADMIN);
    const tickets = [...openWork(ROWS * 2 + 3), makeTicket({ title: 'Closed one', status: 'closed' })];
    const server = fakeApi(ticketRoutes(tickets));
    const timer = manualTimer(START);
    render(<KioskBoard timer={timer} />);

    await waitFor(() => expect(titles()[0]).toBe('Open 01'));
    expect(titles()).toHaveLength(ROWS);
    expect(heading()).toBe('Open and assigned · Page 1 of 3');
    const first = new URLSearchParams(server.calls.find((call) => call.path.startsWith('/tickets?'))!.path.split('?')[1]);
    expect(first.get('status')).toBe('opened,assigned');
    expect(first.get('sort')).toBe('priority');
    expect(first.get('limit')).toBe(String(ROWS));

    timer.fire(TURN_MS);
    await waitFor(() => expect(heading()).toBe('Open and assigned · Page 2 of 3'));
    expect(titles()[0]).toBe(`Open ${String(ROWS + 1).padStart(2, '0')}`);
    timer.fire(TURN_MS);
    await waitFor(() => expect(heading()).toBe('Open and assigned · Page 3 of 3'));
    expect(titles()).toHaveLength(3);
    expect(titles()).not.toContain('Closed one');
    timer.fire(TURN_MS);
    await waitFor(() => expect(heading()).toBe('Open and assigned · Page 1 of 3'));
    expect(titles()[0]).toBe('Open 01');
  });

  it('renders the next page ahead, hidden and out of reach, and a turn shows those very rows', async () => {
    signInAs(ADMIN);
    fakeApi(ticketRoutes(openWork(ROWS * 2 + 3)));
    const timer = manualTimer(START);
    const { container } = render(<KioskBoard timer={timer} />);
    await waitFor(() => expect(container.querySelectorAll('ol')).toHaveLength(2));
    const [onScreen, ahead] = [...container.querySelectorAll('ol')];
    expect(screen.getByRole('list', { name: /^Open and assigned/ })).toBe(onScreen);
    expect(ahead!.getAttribute('aria-hidden')).toBe('true');
    expect(ahead!.hasAttribute('inert')).toBe(true);
    expect(ahead!.querySelector('[class*="title"]')!.textContent).toBe(`Open ${String(ROWS + 1).padStart(2, '0')}`);
    const rows = [...ahead!.querySelectorAll('li')];

    timer.fire(TURN_MS);
    await waitFor(() => expect(heading()).toBe('Open and assigned · Page 2 of 3'));
    // The same list and row elements, now on screen; the page turned away from is gone.
    expect(screen.getByRole('list', { name: /^Open and assigned/ })).toBe(ahead);
    expect(ahead!.hasAttribute('aria-hidden')).toBe(false);
    expect(onScreen!.isConnected).toBe(false);
    // Read afresh at the turn, the same words redraw nothing.
    await waitFor(() => expect(container.querySelectorAll('ol')).toHaveLength(2));
    expect([...ahead!.querySelectorAll('li')].every((row, i) => row === rows[i])).toBe(true);
  });

  it('shows the clock, when it last heard from the server, and whether it is live', async () => {
    signInAs(ADMIN);
    fakeApi(ticketRoutes(openWork(2)));
    const timer = manualTimer(START);
    render(<KioskBoard timer={timer} />);
    await screen.findByText(`Updated ${hhmm(START)}`);
    expect(screen.getByText(hhmm(START)).tagName).toBe('TIME');
    timer.fire(1000, 60_000);
    expect(screen.getByText(hhmm(START + 60_000)).tagName).toBe('TIME');
    // The stream answers 404 here: the kiosk says it is not live.
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Reconnecting…|Connecting…/));
  });

  it('marks overdue and SLA-breached rows, in words as well as colour', async () => {
    signInAs(ADMIN);
    const late = makeTicket({ title: 'Late one', due_date: '2026-03-01' });
    const breached = { ...makeTicket({ title: 'Breached one' }), sla: { state: 'breached' } } as Ticket;
    const fine = makeTicket({ title: 'Fine one', due_date: '2026-04-01' });
    fakeApi(ticketRoutes([late, breached, fine]));
    render(<KioskBoard timer={manualTimer(START)} />);
    const row = async (title: string) => (await screen.findByText(title)).closest('li')!;
    expect((await row('Late one')).dataset.late).toBe('overdue');
    expect(within(await row('Late one')).getByText('Overdue')).toBeTruthy();
    expect((await row('Breached one')).dataset.late).toBe('breached');
    expect(within(await row('Breached one')).getByText('SLA breached')).toBeTruthy();
    expect((await row('Fine one')).dataset.late).toBeUndefined();
  });

  it('keeps the last rows up while the server is away, and catches up by itself when it is back', async () => {
    signInAs(ADMIN);
    const tickets = openWork(ROWS + 1);
    const routes = ticketRoutes(tickets);
    let down = false;
    const away: Reply = { status: 503, body: { message: 'Service Unavailable' } };
    const list = routes['GET /tickets'] as (req: FakeRequest) => Reply;
    fakeApi({ ...routes, 'GET /tickets': (req) => (down ? away : list(req)) });
    const timer = manualTimer(START);
    render(<KioskBoard timer={timer} />);
    await waitFor(() => expect(titles()[0]).toBe('Open 01'));

    down = true;
    tickets.unshift(makeTicket({ title: 'Arrived while away', priority: 'high', created_at: '2026-03-01T10:30:00Z' }));
    timer.fire(TURN_MS);
    timer.fire(TURN_MS);
    // Nothing new could be read: the rows already shown stay.
    expect(titles()[0]).toBe('Open 01');
    expect(screen.getByText(`Updated ${hhmm(START)}`)).toBeTruthy();

    down = false;
    timer.fire(TURN_MS);
    timer.fire(TURN_MS);
    await waitFor(() => expect(titles()).toContain('Arrived while away'), { timeout: 8000 });
    expect(screen.getByText(/^Updated /).textContent).toBe(`Updated ${hhmm(START + 4 * TURN_MS)}`);
  });

  it.each([
    ['/admin/board', ADMIN],
    ['/developer/board', DEV],
  ] as const)('%s?kiosk=1 fills the screen without the app chrome; "Full screen" on the board opens it', async (path, person) => {
    signInAs(person);
    fakeApi(ticketRoutes(openWork(3)));
    renderApp(path);
    await screen.findByRole('navigation', { name: 'Main' });
    (await screen.findByRole('button', { name: 'Full screen' })).click();
    await waitFor(() => expect(window.location.search).toBe('?kiosk=1'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull());
    expect(screen.queryByRole('banner', { name: /Helpdesk/ })).toBeNull();
    await screen.findByText('Open 01');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Queue board');
    // The way back is a link, for whoever walks up to it.
    screen.getByRole('link', { name: 'Exit full screen' }).click();
    await screen.findByRole('navigation', { name: 'Main' });
    expect(window.location.search).toBe('');
  });
});
