/**
 * The list toolbar on a phone (matchMedia answers as a 390 px touch screen): one row of search,
 * 'Filters (n)' and sort; the sheet holds the chips and filters, keeps focus inside and gives it
 * back; no keyboard hint in the search.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PHONE_QUERY, TOUCH_QUERY } from '../../../src/client/lib/useMediaQuery.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, SERVICES, DEVELOPERS, list, makeTicket } from './fixtures.ts';

const original = window.matchMedia;

function answerAsPhone() {
  const matching = new Set([PHONE_QUERY, TOUCH_QUERY]);
  const media = (query: string) => ({ matches: matching.has(query), media: query, addEventListener() {}, removeEventListener() {} });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: media });
}

beforeEach(answerAsPhone);
afterEach(() => Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: original }));

describe('the list toolbar on a phone', () => {
  it('shows search, Filters and sort; the sheet holds the chips and filters and manages focus', async () => {
    signInAs(ADMIN);
    fakeApi({ ...ticketRoutes([makeTicket({ title: 'Printer on fire' })]), 'GET /categories': list(CATEGORIES), 'GET /services': list(SERVICES), 'GET /users/developers': list(DEVELOPERS) });
    renderApp('/admin/tickets');
    await screen.findByText('Printer on fire');
    const search = screen.getByRole('searchbox', { name: 'Search tickets' }) as HTMLInputElement;
    expect(search.placeholder).toBe('Search tickets');
    expect(screen.getByLabelText('Sort')).toBeTruthy();
    // The chips and the other filters wait in the sheet.
    expect(screen.queryByRole('group', { name: 'Filter by status' })).toBeNull();
    expect(screen.queryByLabelText('Priority')).toBeNull();

    const button = screen.getByRole('button', { name: 'Filters' });
    button.focus();
    fireEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet.contains(document.activeElement)).toBe(true);
    // From 'All' (the admin's default is Opened and Assigned pressed), Closed alone.
    fireEvent.click(within(sheet).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('status')).toBe('opened,assigned,closed'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('status')).toBe('closed'));
    // Still open after a choice; the count follows.
    expect(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(within(sheet).getByLabelText('Priority')).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters (1)' }));
  });

  it('floats Create Ticket on the support list', async () => {
    signInAs({ id: 2, first_name: 'Sam', role: 'support' });
    fakeApi(ticketRoutes([makeTicket({ title: 'Printer on fire' })]));
    renderApp('/support');
    const create = await screen.findByRole('link', { name: 'Create Ticket' });
    expect(create.getAttribute('href')).toBe('/support/create-ticket');
    expect(create.className).toMatch(/create/);
  });
});
