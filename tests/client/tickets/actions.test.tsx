/** Each confirmation text, what the server receives, and where each action lands (product.md#transitions, #navigation). */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, makeTicket, one } from './fixtures.ts';

type Person = typeof ADMIN | typeof SUPPORT | typeof DEV;

/** A fake server whose ticket takes whatever status a PATCH sends, answering with `message`. */
function serve(ticket: Ticket, message: string) {
  let current = ticket;
  return fakeApi({
    ...detailRoutes(ticket),
    [`GET /tickets/${ticket.number}`]: () => one(current),
    [`PATCH /tickets/${ticket.number}`]: (req) => {
      const body = req.body as { status: Ticket['status'] };
      current = { ...current, status: body.status };
      return { body: { message, data: current } };
    },
  });
}

async function open(path: string, person: Person, ticket: Ticket, message = 'Done') {
  signInAs(person);
  const server = serve(ticket, message);
  renderApp(path);
  await screen.findByRole('heading', { name: ticket.title });
  return server;
}

async function confirm(button: string, question: string, detail?: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('alertdialog');
  within(dialog).getByText(question);
  if (detail) within(dialog).getByText(detail);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

async function patched(server: ReturnType<typeof fakeApi>) {
  await waitFor(() => expect(server.calls.some((call) => call.method === 'PATCH')).toBe(true));
  return server.calls.find((call) => call.method === 'PATCH')!.body;
}

const assigned = { status: 'assigned', developer: { id: DEV.id, name: DEV.first_name } } as const;

describe('admin actions', () => {
  it('Close Ticket: asks, sends closed, stays on the admin ticket and refreshes it', async () => {
    const ticket = makeTicket(assigned);
    const server = await open(`/admin/ticket/${ticket.number}`, ADMIN, ticket, 'Ticket closed successfully');
    await confirm('Close Ticket', 'Are you sure you want to close this ticket?');
    expect(await patched(server)).toEqual({ status: 'closed' });
    await screen.findByText('Ticket closed successfully');
    expect(window.location.pathname).toBe(`/admin/ticket/${ticket.number}`);
    await screen.findByRole('button', { name: 'Open' });
  });

  it('Open: asks, sends opened, lands on the admin ticket', async () => {
    const ticket = makeTicket({ status: 'closed' });
    const server = await open(`/admin/ticket/${ticket.number}`, ADMIN, ticket);
    await confirm('Open', 'Are you sure you want to open ticket?');
    expect(await patched(server)).toEqual({ status: 'opened' });
    expect(window.location.pathname).toBe(`/admin/ticket/${ticket.number}`);
  });

  it('Remove developer: asks with the detail, sends developer_id null with status assigned', async () => {
    const ticket = makeTicket(assigned);
    const server = await open(`/admin/ticket/${ticket.number}`, ADMIN, ticket);
    await confirm('Remove developer', 'Are you sure you want remove developer?', "This ticket won't be assigned anymore.");
    expect(await patched(server)).toEqual({ status: 'assigned', developer_id: null });
    expect(window.location.pathname).toBe(`/admin/ticket/${ticket.number}`);
  });

  it('Assign: requires a developer, then sends the chosen id', async () => {
    const ticket = makeTicket({ status: 'opened' });
    const server = await open(`/admin/ticket/${ticket.number}`, ADMIN, ticket);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog');
    const select = await within(dialog).findByLabelText('Developer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await within(dialog).findByText('Developer must be selected.');
    fireEvent.change(select, { target: { value: String(DEV.id) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await patched(server)).toEqual({ status: 'assigned', developer_id: DEV.id });
    expect(window.location.pathname).toBe(`/admin/ticket/${ticket.number}`);
  });

  it('a failed change shows the error message', async () => {
    const ticket = makeTicket(assigned);
    signInAs(ADMIN);
    fakeApi({
      ...detailRoutes(ticket),
      [`PATCH /tickets/${ticket.number}`]: { status: 409, body: { message: 'The ticket is not in a state that allows this change.' } },
    });
    renderApp(`/admin/ticket/${ticket.number}`);
    await screen.findByRole('heading', { name: ticket.title });
    await confirm('Close Ticket', 'Are you sure you want to close this ticket?');
    await screen.findByText('The ticket is not in a state that allows this change.');
  });
});

describe('support actions', () => {
  const mine = { created_by: SUPPORT.first_name, created_by_id: SUPPORT.id };

  it('Close: asks, sends closed, goes to /support', async () => {
    const ticket = makeTicket({ status: 'opened', ...mine });
    const server = await open(`/support/ticket-details/${ticket.number}`, SUPPORT, ticket);
    await confirm('Close', 'Are you sure you want to close this ticket?');
    expect(await patched(server)).toEqual({ status: 'closed' });
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
  });

  it('Open: asks, sends opened, lands on the support ticket details', async () => {
    const ticket = makeTicket({ status: 'closed', ...mine });
    const server = await open(`/support/ticket-details/${ticket.number}`, SUPPORT, ticket);
    await confirm('Open', 'Are you sure you want to open ticket?');
    expect(await patched(server)).toEqual({ status: 'opened' });
    expect(window.location.pathname).toBe(`/support/ticket-details/${ticket.number}`);
  });
});

describe('developer actions', () => {
  it('Assign to self: asks, sends my own id, lands on the developer ticket details', async () => {
    const ticket = makeTicket({ status: 'opened' });
    const server = await open(`/developer/ticket-details/${ticket.number}`, DEV, ticket);
    await confirm('Assign to self', 'Are you sure you want to assign this ticket to yourself?');
    expect(await patched(server)).toEqual({ status: 'assigned', developer_id: DEV.id });
    expect(window.location.pathname).toBe(`/developer/ticket-details/${ticket.number}`);
  });

  it('Close: asks, sends closed, stays on the developer ticket details', async () => {
    const ticket = makeTicket(assigned);
    const server = await open(`/developer/ticket-details/${ticket.number}`, DEV, ticket);
    await confirm('Close', 'Are you sure you want to close this ticket?');
    expect(await patched(server)).toEqual({ status: 'closed' });
    expect(window.location.pathname).toBe(`/developer/ticket-details/${ticket.number}`);
  });
});
