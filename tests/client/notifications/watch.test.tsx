/** Watch / Unwatch on the ticket page with the watchers (design.md#notifications). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Watcher } from '../../../src/shared/notifications.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, list, makeTicket } from '../tickets/fixtures.ts';

function serve(person: { id: number; first_name: string }, watchers: Watcher[]) {
  let current = [...watchers];
  const ticket = makeTicket({ number: 'TCK-000001' });
  const detail = () => ({ body: { data: { ...ticket, watching: current.some((w) => w.id === person.id), watchers: current } } });
  const answer = () => ({ body: { data: { watching: current.some((w) => w.id === person.id), watchers: current } } });
  const server = fakeApi({
    ...detailRoutes(ticket),
    [`GET /tickets/${ticket.number}`]: detail,
    [`GET /tickets/${ticket.number}/comments`]: list([]),
    [`PUT /tickets/${ticket.number}/watch`]: () => {
      current = [...current, { id: person.id, name: person.first_name }];
      return answer();
    },
    [`DELETE /tickets/${ticket.number}/watch`]: () => {
      current = current.filter((w) => w.id !== person.id);
      return answer();
    },
  });
  return { server, ticket };
}

describe('watching a ticket', () => {
  test.each([
    ['support', SUPPORT, '/support/ticket-details/TCK-000001'],
    ['developer', DEV, '/developer/ticket-details/TCK-000001'],
    ['super', ADMIN, '/admin/ticket/TCK-000001'],
  ] as const)('a %s watches and unwatches; the watchers follow', async (_role, person, path) => {
    const { server } = serve(person, [{ id: 99, name: 'Otto' }]);
    signInAs(person);
    renderApp(path);
    fireEvent.click(await screen.findByRole('button', { name: 'Watch' }));
    await screen.findByRole('button', { name: 'Unwatch' });
    await screen.findByText(`Otto, ${person.first_name}`);
    await screen.findByText('You are watching this ticket.');
    fireEvent.click(screen.getByRole('button', { name: 'Unwatch' }));
    await screen.findByRole('button', { name: 'Watch' });
    await screen.findByText('Otto');
    await screen.findByText('You stopped watching this ticket.');
    expect(server.calls.filter((call) => call.path.endsWith('/watch')).map((call) => call.method)).toEqual(['PUT', 'DELETE']);
  });

  test('says when nobody watches', async () => {
    serve(SUPPORT, []);
    signInAs(SUPPORT);
    renderApp('/support/ticket-details/TCK-000001');
    await screen.findByText('Nobody is watching this ticket.');
  });

  test('a server without watching shows no button', async () => {
    const ticket = makeTicket({ number: 'TCK-000001' });
    fakeApi({ ...detailRoutes(ticket), [`GET /tickets/${ticket.number}/comments`]: list([]) });
    signInAs(SUPPORT);
    renderApp('/support/ticket-details/TCK-000001');
    await screen.findByRole('heading', { name: ticket.title });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Watch' })).toBeNull());
  });
});
