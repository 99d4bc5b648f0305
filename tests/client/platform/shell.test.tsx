import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';

describe('header', () => {
  test('shows the initials, the first name and the role', async () => {
    fakeApi({});
    signInAs({ role: 'support', first_name: 'Mary Ann' });
    renderApp('/support');
    const header = await screen.findByRole('banner');
    within(header).getByText('MA');
    within(header).getByText('Mary Ann');
    within(header).getByText('Support');
  });

  test('the menu offers Edit profile, Change password and Log out; Escape closes it', async () => {
    fakeApi({});
    signInAs({ role: 'developer' });
    renderApp('/developer');
    const button = await screen.findByRole('button', { name: 'Account menu' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Edit profile', 'Change password', 'Log out']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('Log out signs out on the server, forgets the session, goes to / and toasts', async () => {
    const server = fakeApi({ 'POST /auth/sign-out': { body: { message: 'Signed out successfully.' } } });
    signInAs({ role: 'super' });
    renderApp('/admin/tickets');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await screen.findByText('Signed out successfully.');
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem('Auth-token')).toBeNull();
    expect(server.calls.filter((call) => call.path === '/auth/sign-out')).toHaveLength(1);
  });

  test('a failed sign-out still signs out locally and shows a red toast', async () => {
    fakeApi({ 'POST /auth/sign-out': { status: 500, body: { message: 'Server error.' } } });
    signInAs({ role: 'support' });
    renderApp('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const toast = await screen.findByText('Server error.');
    expect(toast.closest('li')!.className).toMatch(/error/);
    expect(window.location.pathname).toBe('/');
  });
});

describe('admin navigation', () => {
  test('lists the admin destinations with the current one marked', async () => {
    fakeApi({});
    signInAs({ role: 'super' });
    renderApp('/admin/staff');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/admin'],
      ['Tickets', '/admin/tickets'],
      ['Staff', '/admin/staff'],
      ['Developers', '/admin/developer'],
      ['Create Ticket', '/admin/create-ticket'],
      ['Categories', '/admin/category'],
      ['Services', '/admin/service'],
      ['Replies', '/admin/replies'],
      ['Board', '/admin/board'],
      ['Reports', '/admin/reports'],
      ['Audit log', '/admin/audit'],
      ['Mail', '/admin/mail'],
      ['Service levels', '/admin/sla'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    within(nav).getByRole('button', { name: 'Logout' });
  });

  test('Developers is marked on the developers page, and Staff is not', async () => {
    fakeApi({});
    signInAs({ role: 'super' });
    renderApp('/admin/developer');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Developers' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBeNull();
  });

  test.each([
    ['/admin/ticket/TCK-000001', 'Tickets'],
    ['/admin/edit-ticket/TCK-000001', 'Tickets'],
    ['/admin/create-account', 'Staff'],
    ['/admin/create-category', 'Categories'],
    ['/admin/create-service', 'Services'],
  ])('on %s only %s is marked: an entry stays lit on the pages of its section', async (path, entry) => {
    fakeApi({});
    signInAs({ role: 'super' });
    renderApp(path);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const marked = within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([entry]);
  });

  test('the phone panel opens from the header and closes on Escape, on the close button and on navigation', async () => {
    fakeApi({});
    signInAs({ role: 'super' });
    renderApp('/admin');
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(open.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(open.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(open);
    fireEvent.click(screen.getByRole('link', { name: 'Categories' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/category'));
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });
});
