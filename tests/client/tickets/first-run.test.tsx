/** Create a Ticket before any category or service exists: a super is shown where to add them, support whom to ask. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, SERVICES, SUPPORT, list } from './fixtures.ts';

function open(person: typeof ADMIN | typeof SUPPORT, categories = CATEGORIES, services = SERVICES) {
  signInAs(person);
  fakeApi({ 'GET /config/categories': list(categories), 'GET /config/services': list(services), ...ticketRoutes([]) });
  renderApp(person.role === 'super' ? '/admin/create-ticket' : '/support/create-ticket');
}

const noForm = () => {
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  expect(screen.queryByLabelText('App')).toBeNull();
};

describe('first run', () => {
  it('a super with neither categories nor services gets links to both admin pages instead of the form', async () => {
    open(ADMIN, [], []);
    await screen.findByText('There are no categories or services yet.');
    screen.getByRole('heading', { level: 1, name: 'Create a Ticket' });
    screen.getByText('Every ticket is filed under a category and a service. Add them first, then come back here:');
    expect(screen.getByRole('link', { name: 'Add a category' }).getAttribute('href')).toBe('/admin/category');
    expect(screen.getByRole('link', { name: 'Add a service' }).getAttribute('href')).toBe('/admin/service');
    noForm();
    fireEvent.click(screen.getByRole('link', { name: 'Add a category' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/category'));
  });

  it('a super missing only services is sent only to the services page', async () => {
    open(ADMIN, CATEGORIES, []);
    await screen.findByText('There are no services yet.');
    screen.getByRole('link', { name: 'Add a service' });
    expect(screen.queryByRole('link', { name: 'Add a category' })).toBeNull();
    noForm();
  });

  it('support is told to ask an administrator, with no admin links', async () => {
    open(SUPPORT, [], SERVICES);
    await screen.findByText('There are no categories yet.');
    screen.getByText('Every ticket is filed under a category and a service. Please ask an administrator to add them.');
    expect(screen.queryByRole('link', { name: /Add a/ })).toBeNull();
    noForm();
  });

  it.each([ADMIN, SUPPORT])('with both, $role gets SPEC\'s form unchanged', async (person) => {
    open(person);
    await screen.findByRole('option', { name: 'Hardware' });
    screen.getByRole('heading', { name: 'Create a Ticket' });
    screen.getByRole('button', { name: 'Create' });
    expect(screen.queryByText(/There are no/)).toBeNull();
  });
});
