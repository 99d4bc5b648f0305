/** The due date (product.md#due-date), a field of our own declared once in EXTRA_FIELDS, on every client screen that shows or sends it. */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TicketCard } from '../../../src/client/features/queue/components/TicketCard.tsx';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { SUPPORT, answer, detailRoutes, makeTicket } from './fixtures.ts';
import { openCreateForm } from './createForm.ts';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function createWith(dueDate: string) {
  const server = openCreateForm();
  await screen.findByRole('option', { name: 'Hardware' });
  for (const [label, value] of [['App', 'shaq_app'], ['Service', '11'], ['Category', '2'], ['Priority', 'low'], ['Title', 'Login is broken'],
    ['Description', 'Nobody can sign in since noon.'], ['Due date (optional)', dueDate]]) change(label!, value!);
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  return server.calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
}

describe('due date', () => {
  it('is sent on create when chosen', async () => {
    expect((await createWith('2027-01-15')).due_date).toBe('2027-01-15');
  });

  it('leaves the product payload unchanged when empty', async () => {
    expect('due_date' in (await createWith(''))).toBe(false);
  });

  it('shows on the card, as Overdue once past and not closed', () => {
    signInAs(SUPPORT);
    const { unmount } = render(<TicketCard ticket={makeTicket({ due_date: '2999-01-15' })} area="support" />);
    screen.getByText('Due Jan 15, 2999');
    unmount();
    render(<TicketCard ticket={makeTicket({ due_date: '2020-03-01', status: 'opened' })} area="support" />);
    screen.getByText('Overdue Mar 1, 2020');
  });

  it('shows on the details, and an edit sends only the changed due date', async () => {
    signInAs(SUPPORT);
    const ticket = makeTicket({ due_date: '2027-01-15' });
    const server = fakeApi({ ...detailRoutes(ticket), [`PATCH /tickets/${ticket.number}/edit`]: answer('Ticket updated successfully') });
    renderApp(`/support/edit-ticket/${ticket.number}`);
    await screen.findByRole('option', { name: 'Payments' });
    expect(field('Due date (optional)').value).toBe('2027-01-15');
    change('Due date (optional)', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(server.calls.find((call) => call.method === 'PATCH')!.body).toEqual({ due_date: '2027-02-01' });
    await screen.findByText('Jan 15, 2027');
  });
});
