import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DIRECTORY_ACCOUNT } from '../../../src/shared/directory.ts';
import type { User } from '../../../src/shared/types.ts';
import { ADMIN, DEV, list, SUPPORT, tableText } from '../admin/helpers.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';

const DIRECTORY_DEV: User = { ...DEV, id: 9, first_name: 'Dana', email: 'dana@example.com', source: 'directory' };
const PASSWORD_SUPPORT: User = { ...SUPPORT, source: 'password' };
const rowOf = (name: string) => within(screen.getByRole('table')).getByText(name).closest('tr')!;

describe('directory accounts on the staff list', () => {
  test('carry a "Directory" badge in words, and no password action; the page says why', async () => {
    fakeApi({ 'GET /users': list([ADMIN, PASSWORD_SUPPORT, DIRECTORY_DEV]) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    const { rows } = tableText(await screen.findByRole('table'));
    expect(rows.map((r) => r[4])).toEqual(['Super', 'Support', `Developer ${DIRECTORY_ACCOUNT.badge}`]);
    const badge = within(rowOf('Dana')).getByText(DIRECTORY_ACCOUNT.badge);
    // Readable without colour: the word itself, in an outline (not a colour swatch).
    expect(badge.textContent).toBe('Directory');
    expect(within(rowOf('Dana')).queryByRole('button', { name: 'Change password of Dana' })).toBeNull();
    within(rowOf('Dana')).getByRole('button', { name: 'Delete Dana' });
    within(rowOf('Sam')).getByRole('button', { name: 'Change password of Sam' });
    expect(within(rowOf('Sam')).queryByText(DIRECTORY_ACCOUNT.badge)).toBeNull();
    screen.getByText(DIRECTORY_ACCOUNT.staffNote);
  });

  test('without directory accounts the list is as it was: no badge, no note', async () => {
    fakeApi({ 'GET /users': list([ADMIN, SUPPORT, DEV]) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    expect(screen.queryByText(DIRECTORY_ACCOUNT.badge)).toBeNull();
    expect(screen.queryByText(DIRECTORY_ACCOUNT.staffNote)).toBeNull();
  });
});

describe("a directory account's own menu", () => {
  test('offers no Change password, and Edit profile says the directory manages the password', async () => {
    fakeApi({ 'GET /config/categories': list([]) });
    signInAs({ role: 'super', first_name: 'Dana', source: 'directory' });
    renderApp('/admin/category');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toContain('Edit profile');
    expect(items).not.toContain('Change password');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit profile' }));
    within(screen.getByRole('dialog', { name: 'Edit profile' })).getByText(DIRECTORY_ACCOUNT.profileNote);
  });

  test('a password account keeps Change password and hears nothing about a directory', async () => {
    fakeApi({ 'GET /config/categories': list([]) });
    signInAs({ role: 'super', first_name: 'Ada', source: 'password' });
    renderApp('/admin/category');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    screen.getByRole('menuitem', { name: 'Change password' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit profile' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit profile' })).queryByText(DIRECTORY_ACCOUNT.profileNote)).toBeNull();
  });
});
