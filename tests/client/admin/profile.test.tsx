import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Role } from '../../../src/shared/constants.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { page } from '../ticketServer.ts';
import { makeTicket } from '../tickets/fixtures.ts';
import { list, ok } from './helpers.ts';

function openMenuItem(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
  return screen.getByRole('dialog', { name });
}

const AREA: Record<Role, string> = { super: '/admin', support: '/support', developer: '/developer' };
/** Each role starts away from its area's home, so that the move there is visible. */
const START: Record<Role, string> = { super: '/admin/category', support: '/support/create-ticket', developer: '/developer/ticket-details/TCK-000001' };
const QUIET_LISTS = {
  'GET /config/categories': list([]),
  'GET /config/services': list([]),
  ...ticketRoutes([]),
};

describe('edit profile', () => {
  test("a notification e-mail's preferences link (?profile=notifications) opens the profile; closing it drops the query", async () => {
    fakeApi(QUIET_LISTS);
    signInAs({ role: 'support', first_name: 'Ada', last_name: 'Lovelace' });
    renderApp('/support?profile=notifications');
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname + window.location.search).toBe('/support');
  });

  test('is prefilled and needs 2 characters per name before anything is sent', async () => {
    const server = fakeApi({ 'GET /config/categories': list([]) });
    signInAs({ role: 'super', first_name: 'Ada', last_name: 'Admin' });
    renderApp('/admin/category');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openMenuItem('Edit profile');
    const first = within(dialog).getByLabelText('First name') as HTMLInputElement;
    const last = within(dialog).getByLabelText('Last name') as HTMLInputElement;
    expect([first.value, last.value]).toEqual(['Ada', 'Admin']);
    fireEvent.change(first, { target: { value: 'A' } });
    fireEvent.change(last, { target: { value: 'B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Username must be at least 2 characters.')).toHaveLength(2);
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  for (const role of ['super', 'support', 'developer'] as const) {
    const where = role === 'super' ? 'stays where they were' : 'lands in their area';
    test(`a ${role} sees the new name in the header at once and ${where}`, async () => {
      const me = signInAs({ role, first_name: 'Ada', last_name: 'Lovelace' });
      const server = fakeApi({
        ...QUIET_LISTS,
        [`PATCH /auth/user/${me.id}/update`]: (req) => ok('Profile updated successfully', { ...me, ...(req.body as object) }),
      });
      renderApp(START[role]);
      const header = await screen.findByRole('banner');
      within(header).getByText('Ada');
      const dialog = openMenuItem('Edit profile');
      fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Grace' } });
      fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Hopper' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByText('Profile updated successfully');
      within(header).getByText('Grace');
      within(header).getByText('G');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(window.location.pathname).toBe(role === 'super' ? START.super : AREA[role]);
      const patch = server.calls.find((c) => c.method === 'PATCH')!;
      expect(patch.headers['content-type']).toContain('application/json');
      expect(patch.body).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
      expect(JSON.parse(localStorage.getItem('Auth-token')!).state.user.first_name).toBe('Grace');
    });
  }
});

describe('renaming yourself', () => {
  test('keeps your tickets under My Tickets: the lists are fetched again with the new name', async () => {
    const me = signInAs({ role: 'support', first_name: 'Ada', last_name: 'Lovelace' });
    let firstName = 'Ada';
    const ticket = { ...makeTicket({ title: 'Scanner jams daily' }), created_by_id: me.id };
    fakeApi({
      'GET /tickets/myTickets': (req) => page([{ ...ticket, created_by: firstName }], req),
      [`PATCH /auth/user/${me.id}/update`]: (req) => {
        firstName = (req.body as { first_name: string }).first_name;
        return ok('Profile updated successfully', { ...me, ...(req.body as object) });
      },
    });
    renderApp('/support');
    await screen.findByText('Scanner jams daily');
    const dialog = openMenuItem('Edit profile');
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile updated successfully');
    await waitFor(() => screen.getByText('Scanner jams daily'), { timeout: 2000 });
    expect(screen.queryByText('You have no ticket, create a ticket.')).toBeNull();
  });
});

describe('change own password', () => {
  test("requires 2 characters each and says 'Confirm password does not match' when they differ", async () => {
    const server = fakeApi(ticketRoutes([]));
    signInAs({ role: 'developer' });
    renderApp('/developer');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openMenuItem('Change password');
    const fields = ['Old password', 'New password', 'Confirm new password'].map((l) => within(dialog).getByLabelText(l) as HTMLInputElement);
    expect(fields.map((f) => f.type)).toEqual(['password', 'password', 'password']);
    const [old, next, confirmation] = fields as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
    fireEvent.change(old, { target: { value: 'o' } });
    fireEvent.change(next, { target: { value: 'ab' } });
    fireEvent.change(confirmation, { target: { value: 'ac' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await within(dialog).findByText('Password must be at least 2 characters.');
    within(dialog).getByText('Confirm password does not match');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('POSTs JSON to /auth/reset-password, toasts and closes', async () => {
    const server = fakeApi({
      ...ticketRoutes([]),
      'POST /auth/reset-password': ok('Password changed successfully'),
    });
    signInAs({ role: 'support' });
    renderApp('/support');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openMenuItem('Change password');
    fireEvent.change(within(dialog).getByLabelText('Old password'), { target: { value: 'old-pass' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/auth/reset-password');
    expect(post.body).toEqual({ old_password: 'old-pass', new_password: 'new-pass-1', new_password_confirmation: 'new-pass-1' });
  });

  test('a wrong old password shows the server message under the field and keeps the dialog open', async () => {
    fakeApi({
      ...ticketRoutes([]),
      'POST /auth/reset-password': {
        status: 422,
        body: { message: 'The old password is incorrect.', errors: { old_password: ['The old password is incorrect.'] } },
      },
    });
    signInAs({ role: 'support' });
    renderApp('/support');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openMenuItem('Change password');
    fireEvent.change(within(dialog).getByLabelText('Old password'), { target: { value: 'wrong-old' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await within(dialog).findByText('The old password is incorrect.');
    screen.getByRole('dialog', { name: 'Change password' });
  });
});
