import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, SUPPORT, answer, detailRoutes, makeTicket } from './fixtures.ts';

function openEdit(person: typeof ADMIN | typeof SUPPORT, ticket: Ticket) {
  signInAs(person);
  const server = fakeApi({
    ...detailRoutes(ticket),
    [`PATCH /tickets/${ticket.number}/edit`]: answer('Ticket updated successfully'),
  });
  const area = person.role === 'super' ? 'admin' : 'support';
  renderApp(`/${area}/edit-ticket/${ticket.number}`);
  return server;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const edits = (server: ReturnType<typeof fakeApi>) => server.calls.filter((call) => call.method === 'PATCH');

async function loaded() {
  await screen.findByRole('heading', { name: 'Edit Ticket' });
  await screen.findByRole('option', { name: 'Payments' });
}

describe('edit ticket', () => {
  it('loads the ticket into the form', async () => {
    const ticket = makeTicket({ link: 'https://example.com' });
    openEdit(SUPPORT, ticket);
    await loaded();
    expect(field('Title').value).toBe(ticket.title);
    expect(field('Description').value).toBe(ticket.description);
    expect(field('App').value).toBe('shaq_app');
    expect(field('Service').value).toBe('10');
    expect(field('Category').value).toBe('1');
    expect(field('Priority').value).toBe('high');
    expect(field('Link (optional)').value).toBe('https://example.com');
  });

  it('sends only the changed fields and goes to the support ticket details', async () => {
    const ticket = makeTicket();
    const server = openEdit(SUPPORT, ticket);
    await loaded();
    change('Title', 'Printer still on fire');
    change('Priority', 'low');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/support/ticket-details/${ticket.number}`));
    expect(edits(server).map((call) => call.body)).toEqual([{ title: 'Printer still on fire', priority: 'low' }]);
    await screen.findByText('Ticket updated successfully');
  });

  it('a new category or service sends its id and name', async () => {
    const ticket = makeTicket();
    const server = openEdit(ADMIN, ticket);
    await loaded();
    change('Category', '2');
    change('Service', '11');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits(server)).toHaveLength(1));
    expect(edits(server)[0]!.body).toEqual({ category_id: 2, category: 'Payments', service_id: 11, service: 'Wallet' });
  });

  it('sends nothing when nothing changed, and still lands on the admin ticket', async () => {
    const ticket = makeTicket({ created_by: ADMIN.first_name, created_by_id: ADMIN.id });
    const server = openEdit(ADMIN, ticket);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/ticket/${ticket.number}`));
    expect(edits(server)).toHaveLength(0);
  });

  it('checks the edit rules: a 2-character title passes, a short description does not', async () => {
    const ticket = makeTicket();
    const server = openEdit(SUPPORT, ticket);
    await loaded();
    change('Title', 'ab');
    change('Description', 'too short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('description must be at least 2 characters.');
    expect(screen.queryByText('Tittle must be at least 2 characters.')).toBeNull();
    expect(edits(server)).toHaveLength(0);
  });

  it('Cancel goes back', async () => {
    const ticket = makeTicket();
    signInAs(SUPPORT);
    fakeApi(detailRoutes(ticket));
    renderApp(`/support/ticket-details/${ticket.number}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ticket' }));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/support/ticket-details/${ticket.number}`));
  });
});
