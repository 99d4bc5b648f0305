/** The e-mail preferences on the profile (design.md#notifications): one switch per kind, saved at once, put back on failure. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../src/shared/notifications.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { SUPPORT } from '../tickets/fixtures.ts';

const ALL_ON = { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) };

function openProfile() {
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Edit profile' }));
  return screen.getByRole('dialog', { name: 'Edit profile' });
}

describe('notification e-mail preferences', () => {
  test('show one labelled switch per kind under Edit profile; a change is saved at once with a toast', async () => {
    const puts: unknown[] = [];
    fakeApi({
      'GET /me/notifications': { body: { data: ALL_ON } },
      'PUT /me/notifications': (req: FakeRequest) => {
        puts.push(req.body);
        return { body: { data: req.body } };
      },
    });
    signInAs(SUPPORT);
    renderApp('/support/create-ticket');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openProfile();
    const section = await within(dialog).findByRole('region', { name: 'Notification e-mails' });
    const switches = await within(section).findAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true', 'true']);
    const names = ['Assigned to me', 'My tickets', 'Comments', 'Mentions', 'Service levels'];
    expect(names.map((name) => within(section).getByRole('switch', { name }))).toEqual(switches);
    const comments = within(section).getByRole('switch', { name: 'Comments' });
    expect(comments.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(comments);
    expect(comments.getAttribute('aria-checked')).toBe('false');
    await screen.findByText('Notification preferences saved.');
    expect(puts).toEqual([{ email: { ...ALL_ON.email, comments: false } }]);
    // The name form is untouched: nothing else was sent.
    expect(within(dialog).getByLabelText('First name')).toBeTruthy();
  });

  test('a refused save puts the switch back and says why', async () => {
    fakeApi({
      'GET /me/notifications': { body: { data: ALL_ON } },
      'PUT /me/notifications': { status: 500, body: { message: 'Something went wrong.' } },
    });
    signInAs(SUPPORT);
    renderApp('/support/create-ticket');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openProfile();
    const mentions = await within(dialog).findByRole('switch', { name: 'Mentions' });
    fireEvent.click(mentions);
    expect(mentions.getAttribute('aria-checked')).toBe('false');
    await screen.findByText('Something went wrong.');
    await waitFor(() => expect(mentions.getAttribute('aria-checked')).toBe('true'));
  });

  test('clicking the label text toggles the switch too', async () => {
    const server = fakeApi({
      'GET /me/notifications': { body: { data: { email: { ...ALL_ON.email, sla: false } } } },
      'PUT /me/notifications': (req: FakeRequest) => ({ body: { data: req.body } }),
    });
    signInAs(SUPPORT);
    renderApp('/support/create-ticket');
    await screen.findByRole('button', { name: 'Account menu' });
    const dialog = openProfile();
    const sla = await within(dialog).findByRole('switch', { name: 'Service levels' });
    expect(sla.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(dialog).getByText('Service levels'));
    expect(sla.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
  });
});
