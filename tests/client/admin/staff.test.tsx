import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEV, STAFF, SUPPORT, holdRoute, list, ok, tableText } from './helpers.ts';

const rowOf = (name: string) => within(screen.getByRole('table')).getByText(name).closest('tr')!;

describe('staff table', () => {
  test("shows product.md's columns, the role, and 'n/a' for a missing last seen", async () => {
    fakeApi({ 'GET /users': list(STAFF) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    const { headers, rows } = tableText(await screen.findByRole('table'));
    expect(headers).toEqual(['ID', 'First Name', 'Last Name', 'Email', 'Role', 'Last seen', 'Actions']);
    expect(rows.map((r) => r.slice(0, 6))).toEqual([
      ['1', 'Ada', 'Admin', 'ada@example.com', 'Super', 'n/a'],
      ['2', 'Sam', 'Support', 'sam@example.com', 'Support', 'Mar 1, 2026 09:05'],
      ['3', 'Dora', 'Dev', 'dora@example.com', 'Developer', 'n/a'],
      ['4', 'Otto', 'Other', 'otto@example.com', 'Developer', 'n/a'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/create-account'));
  });

  test('offers change password and delete only on support and developer rows', async () => {
    fakeApi({ 'GET /users': list(STAFF) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    expect(within(rowOf('Ada')).queryAllByRole('button')).toHaveLength(0);
    for (const name of ['Sam', 'Dora', 'Otto']) {
      within(rowOf(name)).getByRole('button', { name: `Change password of ${name}` });
      within(rowOf(name)).getByRole('button', { name: `Delete ${name}` });
    }
  });

  test('search filters by first name, ignoring case, and says when nothing matches', async () => {
    fakeApi({ 'GET /users': list(STAFF) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    const search = await screen.findByLabelText('Search by first name');
    fireEvent.change(search, { target: { value: 'DO' } });
    expect(tableText(screen.getByRole('table')).rows.map((r) => r[1])).toEqual(['Dora']);
    // last names do not count
    fireEvent.change(search, { target: { value: 'Support' } });
    screen.getByText('No staff match your search.');
  });

  test('shows the noStaff empty state', async () => {
    fakeApi({ 'GET /users': list([]) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByText('No staff, create a staff.');
  });
});

describe('staff actions', () => {
  test('delete confirms with the account texts, shows Deleting..., then DELETEs and refreshes', async () => {
    let staff = STAFF;
    const server = fakeApi({
      'GET /users': () => list(staff),
      'DELETE /auth/user/3': () => {
        staff = staff.filter((u) => u.id !== 3);
        return ok('Account deleted successfully');
      },
    });
    const release = holdRoute('DELETE /auth/user/3');
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Dora')).getByRole('button', { name: 'Delete Dora' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this account?' });
    within(dialog).getByText('This action cannot be undone. This will permanently delete the account.');
    within(dialog).getByRole('button', { name: 'Cancel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await within(dialog).findByRole('button', { name: 'Deleting...' });
    release();
    await screen.findByText('Account deleted successfully');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('Dora')).toBeNull();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/auth/user/3')).toBe(true);
  });

  test('change password shows both fields in clear text and PATCHes them form-encoded', async () => {
    const server = fakeApi({
      'GET /users': list(STAFF),
      'PATCH /user/2/change-password': ok('Password changed successfully'),
    });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('Sam')).getByRole('button', { name: 'Change password of Sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    const password = within(dialog).getByLabelText('New password') as HTMLInputElement;
    const confirmation = within(dialog).getByLabelText('Confirm new password') as HTMLInputElement;
    expect([password.type, confirmation.type]).toEqual(['text', 'text']);
    fireEvent.change(password, { target: { value: 'brand-new-1' } });
    fireEvent.change(confirmation, { target: { value: 'brand-new-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(patch.body).toEqual({ new_password: 'brand-new-1', new_password_confirmation: 'brand-new-1' });
  });

  test("the server's field errors show under the password fields and the dialog stays open", async () => {
    fakeApi({
      'GET /users': list([SUPPORT, DEV]),
      'PATCH /user/3/change-password': {
        status: 422,
        body: {
          message: 'Password must be at least 8 characters.',
          errors: { new_password: ['Password must be at least 8 characters.'], new_password_confirmation: ['Confirm password does not match'] },
        },
      },
    });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Change password of Dora' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await within(dialog).findByText('Confirm password does not match');
    within(dialog).getByText('Password must be at least 8 characters.');
  });
});
