/**
 * Single-key shortcuts: '/' focuses the search of every list that has one, 'c' create where the
 * role may, '?' lists them; never while typing or under a dialog.
 */
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { CATEGORIES, DEVELOPERS, list, STAFF } from '../admin/helpers.ts';

function start(role: 'super' | 'support' | 'developer', path: string) {
  fakeApi({
    ...ticketRoutes([]),
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list([]),
    'GET /users': list(STAFF),
    'GET /developers': list(DEVELOPERS),
  });
  signInAs({ role });
  renderApp(path);
}

/** Every page with a search, and the search's label. */
const LISTS_WITH_A_SEARCH = [
  ['super', '/admin/tickets', 'Search tickets'],
  ['super', '/admin/staff', 'Search by first name'],
  ['super', '/admin/developer', 'Search by name'],
  ['support', '/support', 'Search tickets'],
  ['developer', '/developer', 'Search tickets'],
] as const;

describe('shortcuts', () => {
  test.each(LISTS_WITH_A_SEARCH)("'/' focuses the search for a %s on %s", async (role, path, label) => {
    start(role, path);
    const search = await screen.findByRole('searchbox', { name: label });
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/');
    // Pressed on the page as a person sees it: loaded, not while its first answers are still arriving.
    await waitFor(() => expect(screen.queryByText('Loading')).toBeNull());
    const event = createEvent.keyDown(document.body, { key: '/' });
    fireEvent(document.body, event);
    expect(document.activeElement).toBe(search);
    // The key is taken, not typed into the box it just focused.
    expect(event.defaultPrevented).toBe(true);
  });

  test.each([
    ['support', '/support', '/support/create-ticket'],
    ['super', '/admin/tickets', '/admin/create-ticket'],
  ] as const)("'c' takes a %s to Create Ticket", async (role, from, to) => {
    start(role, from);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.keyDown(document.body, { key: 'c' });
    await waitFor(() => expect(window.location.pathname).toBe(to));
  });

  test("'c' does nothing for a developer, who may not create tickets", async () => {
    start('developer', '/developer');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(window.location.pathname).toBe('/developer');
  });

  test("'c' typed into a field, or with Ctrl held, is just a key", async () => {
    start('super', '/admin/tickets');
    const search = await screen.findByLabelText('Search tickets');
    fireEvent.keyDown(search, { key: 'c' });
    fireEvent.keyDown(document.body, { key: 'c', ctrlKey: true });
    expect(window.location.pathname).toBe('/admin/tickets');
  });

  test("'?' lists every shortcut the role has; Escape closes the list; 'c' does not fire under it", async () => {
    start('support', '/support');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = [...dialog.querySelectorAll('kbd')].map((kbd) => kbd.textContent);
    expect(keys).toEqual(['/', 'c', '?']);
    within(dialog).getByText('Create a ticket');
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(window.location.pathname).toBe('/support');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("a developer's list leaves out 'c'", async () => {
    start('developer', '/developer');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.keyDown(document.body, { key: '?' });
    const keys = [...screen.getByRole('dialog', { name: 'Keyboard shortcuts' }).querySelectorAll('kbd')].map((kbd) => kbd.textContent);
    expect(keys).toEqual(['/', '?']);
  });
});
