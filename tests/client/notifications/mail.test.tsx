/** /admin/mail (design.md#notifications): the relay's state, the outbox counts, the last deliveries, the test e-mail. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs, type FakeRequest, type Reply } from '../fakeApi.ts';
import { ADMIN, tableText } from '../admin/helpers.ts';

const STATUS = {
  enabled: true,
  relay: 'smtp://mail.internal:587',
  require_tls: true,
  from: 'Helpdesk <helpdesk@example.com>',
  state: 'failing',
  last_error: '421 4.3.2 Service not available',
  waiting: 3,
  failed: 1,
  deliveries: [
    { id: 2, to: 'sam@example.com', subject: '[TCK-000042] Printer on fire', state: 'failed', attempts: 6, last_reply: '550 5.1.1 No such user', created_at: '2026-03-01T09:00:00Z', sent_at: null },
    { id: 1, to: 'dora@example.com', subject: '[TCK-000042] Printer on fire', state: 'sent', attempts: 1, last_reply: '250 2.0.0 OK queued', created_at: '2026-03-01T08:00:00Z', sent_at: '2026-03-01T08:00:05Z' },
  ],
};

function serve(test: (req: FakeRequest) => Reply) {
  const server = fakeApi({ 'GET /admin/mail': { body: { data: STATUS } }, 'POST /admin/mail/test': test });
  signInAs(ADMIN);
  renderApp('/admin/mail');
  return server;
}

describe('/admin/mail', () => {
  test('is in the admin navigation and shows the relay, its state in words, the counts and the deliveries', async () => {
    serve(() => ({ body: {} }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Mail' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('heading', { name: 'Mail', level: 1 });
    const relay = await screen.findByRole('region', { name: 'Relay' });
    const facts = Object.fromEntries([...relay.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      Mail: 'On',
      State: 'Failing: the relay refuses or cannot be reached; messages wait and are retried',
      Relay: 'smtp://mail.internal:587',
      'TLS required': 'Yes',
      From: 'Helpdesk <helpdesk@example.com>',
      Waiting: '3',
      Failed: '1',
      'Last error': '421 4.3.2 Service not available',
    });
    const { headers, rows } = tableText(screen.getByRole('table'));
    expect(headers).toEqual(['To', 'Subject', 'State', 'Attempts', "Relay's answer", 'Queued at', 'Sent at']);
    expect(rows[0]!.slice(0, 5)).toEqual(['sam@example.com', '[TCK-000042] Printer on fire', 'Failed', '6', '550 5.1.1 No such user']);
    expect(rows[1]![6]).not.toBe('—');
    expect(rows[0]![6]).toBe('—');
  });

  test('the test e-mail goes to the admin by default; 200 is a success toast', async () => {
    const server = serve(() => ({ body: { message: 'Sent.' } }));
    const field = (await screen.findByLabelText('Send to')) as HTMLInputElement;
    expect(field.value).toBe(ADMIN.email);
    fireEvent.change(field, { target: { value: 'ops@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    await screen.findByText('The relay accepted the test e-mail.');
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ to: 'ops@example.com' });
  });

  test("a 502 shows the relay's reply; mail off (409) shows the server's message", async () => {
    let answer: Reply = { status: 502, body: { message: '554 5.7.1 Relay access denied' } };
    serve(() => answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test e-mail' }));
    const alert = await screen.findByText('The relay answered: 554 5.7.1 Relay access denied');
    expect(alert.getAttribute('role')).toBe('alert');
    answer = { status: 409, body: { message: 'Mail is off: set SMTP_URL.' } };
    fireEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    await waitFor(() => expect(screen.getAllByText('Mail is off: set SMTP_URL.').some((shown) => shown.getAttribute('role') === 'alert')).toBe(true));
  });

  test('an empty address is refused before anything is sent', async () => {
    const server = serve(() => ({ body: {} }));
    fireEvent.change(await screen.findByLabelText('Send to'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    await screen.findByText('Enter an address to send to.');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
