/** /admin/replies (design.md#canned-replies): the table, and creating, editing and deleting in dialogs, with the server's refusals. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { REPLY_MESSAGES, type CannedReply } from '../../../src/shared/replies.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, list, ok, tableText } from '../admin/helpers.ts';

const REPLIES: CannedReply[] = [
  { id: 1, title: 'Apology', body: 'Sorry for the wait.\nWe are on it.' },
  { id: 2, title: 'Need logs', body: 'Could you send the logs?' },
];

/** A fake server keeping the replies: POST adds, PATCH changes, DELETE removes. */
function serve(initial = REPLIES) {
  let replies = [...initial];
  let nextId = 10;
  const byId = (req: FakeRequest) => Number(req.path.split('/').at(-1));
  const routes: Record<string, (req: FakeRequest) => { status?: number; body?: unknown }> = {
    'GET /replies': () => list(replies),
    'POST /replies': (req) => {
      const added = { id: nextId++, ...(req.body as { title: string; body: string }) };
      replies = [...replies, added];
      return { status: 201, ...ok(REPLY_MESSAGES.created, added) };
    },
  };
  for (const reply of initial) {
    routes[`PATCH /replies/${reply.id}`] = (req) => {
      replies = replies.map((item) => (item.id === byId(req) ? { ...item, ...(req.body as object) } : item));
      return ok(REPLY_MESSAGES.updated, replies.find((item) => item.id === byId(req)));
    };
    routes[`DELETE /replies/${reply.id}`] = (req) => {
      replies = replies.filter((item) => item.id !== byId(req));
      return ok(REPLY_MESSAGES.deleted);
    };
  }
  const server = fakeApi(routes);
  signInAs(ADMIN);
  renderApp('/admin/replies');
  return server;
}

describe('the replies page', () => {
  test('is in the admin navigation, marked, with a table of titles and texts and edit and delete per row', async () => {
    serve();
    const table = await screen.findByRole('table');
    const { headers, rows } = tableText(table);
    expect(headers).toEqual(['Title', 'Reply', 'Actions']);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Apology', 'Sorry for the wait.\nWe are on it.'],
      ['Need logs', 'Could you send the logs?'],
    ]);
    screen.getByRole('heading', { name: 'Canned replies', level: 1 });
    screen.getByRole('button', { name: 'Edit Apology' });
    screen.getByRole('button', { name: 'Delete Need logs' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Replies' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Canned replies · Helpdesk');
  });

  test('says so when there are none yet', async () => {
    fakeApi({ 'GET /replies': list([]) });
    signInAs(ADMIN);
    renderApp('/admin/replies');
    await screen.findByText(/No canned replies yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('support is not let in', async () => {
    fakeApi({ 'GET /replies': list(REPLIES) });
    signInAs({ role: 'support' });
    renderApp('/admin/replies');
    await screen.findByText('Access Denied');
  });
});

describe('writing a reply', () => {
  test('New reply checks title and text as the server does, then posts them trimmed, toasts and lists it', async () => {
    const server = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'New reply' }));
    const dialog = screen.getByRole('dialog', { name: 'New reply' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    within(dialog).getByText(REPLY_MESSAGES.title);
    within(dialog).getByText(REPLY_MESSAGES.body);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x'.repeat(101) } });
    within(dialog).getByText(REPLY_MESSAGES.title);
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Closing  ' } });
    fireEvent.change(within(dialog).getByLabelText('Reply'), { target: { value: '\nThanks, closing this now.\n' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText(REPLY_MESSAGES.created);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({ title: 'Closing', body: 'Thanks, closing this now.' });
    await screen.findByRole('button', { name: 'Edit Closing' });
  });

  test('a title the server refuses shows under the field and in a toast; the dialog stays open with the text', async () => {
    fakeApi({
      'GET /replies': list(REPLIES),
      'POST /replies': { status: 422, body: { message: REPLY_MESSAGES.titleTaken, errors: { title: [REPLY_MESSAGES.titleTaken] } } },
    });
    signInAs(ADMIN);
    renderApp('/admin/replies');
    fireEvent.click(await screen.findByRole('button', { name: 'New reply' }));
    const dialog = screen.getByRole('dialog', { name: 'New reply' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'apology' } });
    fireEvent.change(within(dialog).getByLabelText('Reply'), { target: { value: 'Again sorry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByText(REPLY_MESSAGES.titleTaken)).toHaveLength(2));
    expect((within(dialog).getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('Again sorry');
  });

  test('Edit opens the reply in a dialog and PATCHes what it holds', async () => {
    const server = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Apology' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit reply' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Apology');
    const body = within(dialog).getByLabelText('Reply') as HTMLTextAreaElement;
    expect(body.value).toBe('Sorry for the wait.\nWe are on it.');
    fireEvent.change(body, { target: { value: 'Sorry, looking now.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(REPLY_MESSAGES.updated);
    expect(screen.queryByRole('dialog')).toBeNull();
    const patch = server.calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe('/replies/1');
    expect(patch.body).toEqual({ title: 'Apology', body: 'Sorry, looking now.' });
    await screen.findByText('Sorry, looking now.');
  });

  test('Delete asks first; Yes deletes and the row goes, Cancel keeps it', async () => {
    const server = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Apology' }));
    const ask = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this reply?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Apology' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await screen.findByText(REPLY_MESSAGES.deleted);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Apology' })).toBeNull());
    expect(server.calls.find((call) => call.method === 'DELETE')!.path).toBe('/replies/1');
  });

  test('a refused delete (403) toasts the message and keeps the row', async () => {
    fakeApi({ 'GET /replies': list(REPLIES), 'DELETE /replies/2': { status: 403, body: { message: 'This action is unauthorized.' } } });
    signInAs(ADMIN);
    renderApp('/admin/replies');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Need logs' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await screen.findByText('This action is unauthorized.');
    screen.getByRole('button', { name: 'Edit Need logs' });
  });
});
