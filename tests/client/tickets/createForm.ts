/** The create-ticket page on a fake server, and the valid filling its suites start from. */
import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, SERVICES, SUPPORT, answer, list } from './fixtures.ts';

/** The routes the create-ticket page calls; a create succeeds. */
export function serveCreate() {
  return fakeApi({
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list(SERVICES),
    ...ticketRoutes([]),
    'POST /tickets': answer('Ticket created successfully'),
  });
}

/** `person` signed in on the create-ticket page of their area, served by serveCreate. */
export function openCreateForm(person: typeof ADMIN | typeof SUPPORT = SUPPORT) {
  signInAs(person);
  const server = serveCreate();
  renderApp(person.role === 'super' ? '/admin/create-ticket' : '/support/create-ticket');
  return server;
}

/** Once the options have come, every required field filled with a valid value. */
export async function fillValidTicket() {
  await screen.findByRole('option', { name: 'Hardware' });
  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  change('App', 'shaq_app');
  change('Service', '11');
  change('Category', '2');
  change('Priority', 'low');
  change('Title', 'Login is broken');
  change('Description', 'Nobody can sign in since noon.');
}
