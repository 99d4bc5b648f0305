/** The header's bell (design.md#notifications): the count, live updates, the panel, marking read. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test } from 'vitest';
import { startRefetchTriggers } from '../../../src/client/lib/refetchTriggers.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, makeTicket } from '../tickets/fixtures.ts';
import { fakeEventStream, notification } from './helpers.ts';
import type { AppNotification } from '../../../src/shared/notifications.ts';

/** A server holding notifications: the list pages by `limit`/`cursor`, read marks them. */
function serve(initial: AppNotification[], extra: Record<string, unknown> = {}) {
  let items = [...initial];
  const unread = () => items.filter((item) => item.read_at === null).length;
  const server = fakeApi({
    ...ticketRoutes([]),
    'GET /config/categories': { body: { data: { list: [] } } },
    'GET /config/services': { body: { data: { list: [] } } },
    'GET /notifications/unread': () => ({ body: { data: { count: unread() } } }),
    'GET /notifications': (req: FakeRequest) => {
      const query = new URL(req.path, 'http://x').searchParams;
      const limit = Number(query.get('limit'));
      const from = Number(query.get('cursor') ?? 0);
      const list = items.slice(from, from + limit);
      return { body: { data: { list, next_cursor: from + limit < items.length ? String(from + limit) : null } } };
    },
    'POST /notifications/read': (req: FakeRequest) => {
      const body = req.body as { ids?: number[]; all?: boolean };
      const now = new Date().toISOString();
      items = items.map((item) => (body.all || body.ids?.includes(item.id) ? { ...item, read_at: item.read_at ?? now } : item));
      return { body: { data: { count: unread() } } };
    },
    ...(extra as object),
  });
  return {
    server,
    add(item: AppNotification) {
      items = [item, ...items];
    },
  };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the bell', () => {
  test.each([
    ['super', ADMIN, '/admin/tickets'],
    ['support', SUPPORT, '/support'],
    ['developer', DEV, '/developer'],
  ] as const)('is in the header of the %s area with the unread count in its name', async (_role, person, path) => {
    serve([notification(1), notification(2), notification(3, { read_at: '2026-03-01T10:00:00Z' })]);
    signInAs(person);
    renderApp(path);
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy());
    expect(within(header).getByText('2').getAttribute('aria-hidden')).toBe('true');
  });

  test('says just "Notifications" with nothing unread, and shows no badge', async () => {
    serve([notification(1, { read_at: '2026-03-01T10:00:00Z' })]);
    signInAs(SUPPORT);
    renderApp('/support');
    const button = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(button.textContent).toBe(''));
  });

  test('counts up live when the stream says so, and announces the rise', async () => {
    const api = serve([notification(1)]);
    const events = fakeEventStream();
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The header says Live once the stream is open (StrictMode opens, closes and opens it again).
    await within(screen.getByRole('banner')).findByText('Live');
    api.add(notification(4));
    events.send('notification', { unread: 2 });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await screen.findByText('You have 2 unread notifications');
  });

  test('refetches the count when the window comes back online', async () => {
    const api = serve([]);
    const stop = startRefetchTriggers();
    onTestFinished(stop);
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByRole('button', { name: 'Notifications' });
    api.add(notification(5));
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });
});

describe('the panel', () => {
  test('lists newest first with text, actor and relative time; unread ones say New; Escape closes and focus returns', async () => {
    serve([notification(1, { text: 'Sam commented on TCK-000001 "Printer"' }), notification(2, { read_at: '2026-03-01T10:00:00Z', actor: null, text: 'TCK-000002 is due soon' })]);
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell().getAttribute('aria-controls')).toBe(panel.id);
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['NewSam commented on TCK-000001 "Printer"Sam · 5 min ago', 'TCK-000002 is due soonHelpdesk · 10 min ago']);
    expect(panel.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  test.each([
    ['support', SUPPORT, '/support', '/support/ticket-details/TCK-000001'],
    ['developer', DEV, '/developer', '/developer/ticket-details/TCK-000001'],
    ['super', ADMIN, '/admin/tickets', '/admin/ticket/TCK-000001'],
  ] as const)('choosing one opens its ticket in the %s area and marks it read', async (_role, person, start, ticketPath) => {
    const ticket = makeTicket({ number: 'TCK-000001' });
    const { server } = serve([notification(1), notification(2)], detailRoutes(ticket));
    signInAs(person);
    renderApp(start);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell());
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('link', { name: /TCK-000001/ }));
    await waitFor(() => expect(window.location.pathname).toBe(ticketPath));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({ ids: [1] });
  });

  test('Mark all read clears the count and the New tags', async () => {
    const { server } = serve([notification(1), notification(2)]);
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell());
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByText('New');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).queryAllByText('New')).toHaveLength(0));
    expect((within(panel).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({ all: true });
  });

  test('pages with Show more, and says when there is nothing', async () => {
    const many = Array.from({ length: 25 }, (_, i) => notification(i + 1, { text: `Notice ${i + 1}` }));
    serve(many);
    signInAs(SUPPORT);
    renderApp('/support');
    await screen.findByRole('button', { name: 'Notifications, 25 unread' });
    fireEvent.click(bell());
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('link')).toHaveLength(20));
    fireEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(panel).getAllByRole('link')).toHaveLength(25));
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  test('an empty list says so; a click outside closes the panel', async () => {
    serve([]);
    signInAs(SUPPORT);
    renderApp('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('No notifications yet.');
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });
});
