import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEVELOPERS, list, tableText } from './helpers.ts';

const SEEN = { ...DEVELOPERS[0]!, last_seen: '2026-03-01T09:05:00Z' };

describe('developers table', () => {
  test("shows ID, Name (first and last), Email and Last seen ('n/a' when missing)", async () => {
    fakeApi({ 'GET /developers': list([SEEN, DEVELOPERS[1]!]) });
    signInAs(ADMIN);
    renderApp('/admin/developer');
    const { headers, rows } = tableText(await screen.findByRole('table'));
    expect(headers).toEqual(['ID', 'Name', 'Email', 'Last seen']);
    expect(rows).toEqual([
      ['3', 'Dora Dev', 'dora@example.com', 'Mar 1, 2026 09:05'],
      ['4', 'Otto Other', 'otto@example.com', 'n/a'],
    ]);
  });

  test('search narrows the rows by name, ignoring case, and says when nothing matches', async () => {
    fakeApi({ 'GET /developers': list(DEVELOPERS) });
    signInAs(ADMIN);
    renderApp('/admin/developer');
    const search = await screen.findByLabelText('Search by name');
    fireEvent.change(search, { target: { value: 'OTT' } });
    expect(tableText(screen.getByRole('table')).rows.map((r) => r[1])).toEqual(['Otto Other']);
    fireEvent.change(search, { target: { value: 'zed' } });
    expect(screen.queryByRole('table')).toBeNull();
    screen.getByText('No developers match your search.');
  });

  test('shows the noDev empty state', async () => {
    fakeApi({ 'GET /developers': list([]) });
    signInAs(ADMIN);
    renderApp('/admin/developer');
    await screen.findByText('No developers, create a developer.');
  });
});
