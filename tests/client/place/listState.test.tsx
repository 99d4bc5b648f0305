/** Issue 13: the staff and developer searches live in the address, so Back and Forward bring them back. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEVELOPERS, STAFF, list } from '../admin/helpers.ts';

const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => row.children[1]?.textContent);

describe('list searches in the address', () => {
  test('typing in the staff search writes ?q= (replacing the entry); opening that address searches again', async () => {
    fakeApi({ 'GET /users': list(STAFF) });
    signInAs(ADMIN);
    renderApp('/admin/staff');
    await screen.findByRole('table');
    const before = window.history.length;
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Do' } });
    await waitFor(() => expect(window.location.search).toBe('?q=Do'));
    expect(window.history.length).toBe(before);
    expect(names()).toEqual(['Dora']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  test('the developers list opened with ?q= shows the search and its matches', async () => {
    fakeApi({ 'GET /developers': list(DEVELOPERS) });
    signInAs(ADMIN);
    renderApp('/admin/developer?q=otto');
    await screen.findByRole('table');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('otto');
    expect(names()).toEqual(['Otto Other']);
  });
});
