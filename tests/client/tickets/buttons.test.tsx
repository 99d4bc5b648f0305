/** product.md#buttons, row by row, for each role. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Ticket } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEV, OTHER_DEV, SUPPORT, detailRoutes, makeTicket } from './fixtures.ts';

type Person = typeof ADMIN | typeof SUPPORT | typeof DEV;

async function buttonsOn(path: string, person: Person, ticket: Ticket) {
  signInAs(person);
  fakeApi(detailRoutes(ticket));
  renderApp(path + ticket.number);
  await screen.findByRole('heading', { name: ticket.title });
  const names = ['Close Ticket', 'Close', 'Assign', 'Open', 'Edit Ticket', 'Remove developer', 'Assign to self'];
  return names.filter((name) => screen.queryByRole('button', { name }) !== null);
}

const withDev = (id: number, name: string) => ({ developer: { id, name } });
const byAdmin = { created_by: ADMIN.first_name, created_by_id: ADMIN.id };
const bySupport = { created_by: SUPPORT.first_name, created_by_id: SUPPORT.id };

describe('admin ticket details', () => {
  const cases: Array<[string, Partial<Ticket>, string[]]> = [
    ['opened by me: Assign and Edit Ticket', { status: 'opened', ...byAdmin }, ['Assign', 'Edit Ticket']],
    ['opened by someone else: Assign only', { status: 'opened', ...bySupport }, ['Assign']],
    ['assigned with a developer: Close Ticket and Remove developer', { status: 'assigned', ...withDev(DEV.id, DEV.first_name) }, ['Close Ticket', 'Remove developer']],
    ['assigned without a developer: Close Ticket and Assign', { status: 'assigned', developer: null }, ['Close Ticket', 'Assign']],
    ['closed: Open only', { status: 'closed', ...byAdmin }, ['Open']],
  ];
  it.each(cases)('%s', async (_name, overrides, expected) => {
    expect(await buttonsOn('/admin/ticket/', ADMIN, makeTicket(overrides))).toEqual(expected);
  });
});

describe('support ticket details', () => {
  const cases: Array<[string, Partial<Ticket>, string[]]> = [
    ['own opened: Close and Edit Ticket', { status: 'opened', ...bySupport }, ['Close', 'Edit Ticket']],
    ['own assigned: Close', { status: 'assigned', ...bySupport, ...withDev(DEV.id, DEV.first_name) }, ['Close']],
    ["someone else's opened: nothing", { status: 'opened', ...byAdmin }, []],
    ["someone else's assigned: nothing", { status: 'assigned', ...byAdmin, ...withDev(DEV.id, DEV.first_name) }, []],
    ['closed (any creator): Open', { status: 'closed', ...byAdmin }, ['Open']],
  ];
  it.each(cases)('%s', async (_name, overrides, expected) => {
    expect(await buttonsOn('/support/ticket-details/', SUPPORT, makeTicket(overrides))).toEqual(expected);
  });
});

describe('developer ticket details', () => {
  const cases: Array<[string, Partial<Ticket>, string[]]> = [
    ['opened: Assign to self', { status: 'opened', ...bySupport }, ['Assign to self']],
    ['assigned to me: Close', { status: 'assigned', ...withDev(DEV.id, DEV.first_name) }, ['Close']],
    ['assigned to someone else: nothing', { status: 'assigned', ...withDev(OTHER_DEV.id, OTHER_DEV.first_name) }, []],
    ['closed: nothing (Open is for support and super)', { status: 'closed', ...withDev(DEV.id, DEV.first_name) }, []],
  ];
  it.each(cases)('%s', async (_name, overrides, expected) => {
    expect(await buttonsOn('/developer/ticket-details/', DEV, makeTicket(overrides))).toEqual(expected);
  });

  it('Edit Ticket on the support details goes to the support edit route', async () => {
    const ticket = makeTicket({ status: 'opened', ...bySupport });
    await buttonsOn('/support/ticket-details/', SUPPORT, ticket);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ticket' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/support/edit-ticket/${ticket.number}`));
  });
});
