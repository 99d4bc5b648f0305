/** Issue 13: Back on a ticket's page stays in the app when the page was opened from elsewhere. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { SUPPORT, detailRoutes, makeTicket } from '../tickets/fixtures.ts';

describe('the Back link of a ticket page', () => {
  // First in this file: nothing has navigated inside the app yet, as in a fresh tab.
  it('opened directly (a new tab, a link from another site): goes to the area list, not out of the app', async () => {
    const ticket = makeTicket({ created_by: SUPPORT.first_name });
    signInAs(SUPPORT);
    fakeApi(detailRoutes(ticket));
    // A tab with other sites behind this page: history.back() would leave the app.
    window.history.pushState(null, '', '/elsewhere');
    const back = vi.spyOn(window.history, 'back');
    renderApp(`/support/ticket-details/${ticket.number}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });

  it('reached from the list inside the app: goes back in history, to the list as it was left', async () => {
    const ticket = makeTicket({ created_by: SUPPORT.first_name });
    signInAs(SUPPORT);
    fakeApi(detailRoutes(ticket));
    renderApp('/support');
    fireEvent.click(await screen.findByRole('link', { name: new RegExp(ticket.title) }));
    await waitFor(() => expect(window.location.pathname).toBe(`/support/ticket-details/${ticket.number}`));
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('link', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });
});
