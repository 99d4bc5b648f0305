import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TicketCard } from '../../../src/client/features/queue/components/TicketCard.tsx';
import { fakeApi, signInAs } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, answer, makeTicket } from './fixtures.ts';

describe('TicketCard', () => {
  it('shows number, truncated title and names, status and priority', () => {
    signInAs(SUPPORT);
    const ticket = makeTicket({
      title: 'A'.repeat(31),
      created_by: 'Bartholomew',
      developer: { id: 3, name: 'Christopher' },
      status: 'assigned',
      priority: 'medium',
    });
    render(<TicketCard ticket={ticket} area="support" />);
    screen.getByText(ticket.number);
    screen.getByText(`${'A'.repeat(26)}...`);
    screen.getByText('Bartholo...');
    screen.getByText('Christop...');
    screen.getByText(/assigned/i);
    screen.getByText(/medium/i);
  });

  it('names its link by the whole title, though it shows it truncated', () => {
    signInAs(SUPPORT);
    const ticket = makeTicket({ title: 'Printer in room 4 is on fire again today' });
    render(<TicketCard ticket={ticket} area="support" />);
    const link = screen.getByRole('link', { name: 'Printer in room 4 is on fire again today' });
    expect(screen.getByText('Printer in room 4 is on fi...').closest('a')).toBe(link);
    // Named by its content, not an aria-label that differs from what shows (WCAG 2.5.3, voice control).
    expect(link.getAttribute('aria-label')).toBeNull();
  });

  it('keeps a 30-character title and 10-character names whole', () => {
    signInAs(SUPPORT);
    const ticket = makeTicket({ title: 'B'.repeat(30), created_by: 'Maximilian', developer: { id: 3, name: 'Alexandros' } });
    render(<TicketCard ticket={ticket} area="support" />);
    screen.getByText('B'.repeat(30));
    screen.getByText('Maximilian');
    screen.getByText('Alexandros');
  });

  it("shows '---' when no developer is assigned", () => {
    signInAs(SUPPORT);
    render(<TicketCard ticket={makeTicket()} area="support" />);
    screen.getByText('---');
  });

  it.each([
    ['admin', '/admin/ticket/'],
    ['support', '/support/ticket-details/'],
    ['developer', '/developer/ticket-details/'],
  ] as const)('links the %s card to %s plus the number', (area, prefix) => {
    signInAs(SUPPORT);
    const ticket = makeTicket();
    render(<TicketCard ticket={ticket} area={area} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe(prefix + ticket.number);
  });

  it.each([
    ['assigned', 'Sam', true],
    ['opened', 'Sam', false],
    ['closed', 'Sam', false],
    ['assigned', 'Someone', false],
  ] as const)('status %s created by %s: Close Ticket shown = %s', (status, createdBy, shown) => {
    signInAs(SUPPORT);
    render(<TicketCard ticket={makeTicket({ status, created_by: createdBy })} area="support" />);
    expect(screen.queryByRole('button', { name: 'Close Ticket' }) !== null).toBe(shown);
  });

  it('asks before closing, sends status closed and stays on the list', async () => {
    signInAs(ADMIN);
    const ticket = makeTicket({ status: 'assigned', created_by: 'Ada', developer: { id: DEV.id, name: DEV.first_name } });
    const server = fakeApi({ [`PATCH /tickets/${ticket.number}`]: answer('Ticket closed successfully') });
    window.history.replaceState(null, '', '/admin/tickets');
    render(<TicketCard ticket={ticket} area="admin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close Ticket' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Are you sure you want to close this ticket?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'closed' });
    expect(window.location.pathname).toBe('/admin/tickets');
  });
});
