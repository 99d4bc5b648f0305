/**
 * The composer's Replies menu (design.md#canned-replies): it lists the replies (asked for when it
 * first opens), is a keyboard menu, searches when there are many, and puts the chosen text at the
 * caret, keeping the rest, the caret after it and the draft.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { CannedReply } from '../../../src/shared/replies.ts';
import { insertText } from '../../../src/client/features/comments/insertText.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, list, makeTicket } from '../tickets/fixtures.ts';

const REPLIES: CannedReply[] = [
  { id: 1, title: 'Apology', body: 'Sorry for the wait.' },
  { id: 2, title: 'Need logs', body: 'Could you send the logs?\nThanks!' },
];
const MANY: CannedReply[] = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, title: `Reply ${i + 1}`, body: i === 4 ? 'About the printer' : `Text ${i + 1}` }));

function serve(replies: CannedReply[] | { status: number; body: unknown } = REPLIES, person: { id: number; role: 'super' | 'support' | 'developer' } = SUPPORT) {
  const ticket = makeTicket({ number: 'TCK-000001' });
  const server = fakeApi({
    ...detailRoutes(ticket),
    [`GET /tickets/${ticket.number}/comments`]: list([]),
    'GET /replies': Array.isArray(replies) ? list(replies) : replies,
    [`POST /tickets/${ticket.number}/comments`]: (req: FakeRequest) => ({ status: 201, body: { message: 'Comment added', data: req.body } }),
  });
  signInAs(person as typeof SUPPORT);
  const area = person.role === 'super' ? 'admin/ticket' : `${person.role}/ticket-details`;
  renderApp(`/${area}/${ticket.number}`);
  return { server, ticket };
}

const box = () => screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
const button = () => screen.getByRole('button', { name: 'Replies' });
const menu = () => screen.getByRole('menu', { name: 'Canned replies' });
const items = () => within(menu()).getAllByRole('menuitem');
const replyCalls = (server: { calls: FakeRequest[] }) => server.calls.filter((call) => call.path === '/replies');

beforeEach(() => sessionStorage.clear());

describe('inserting text at the caret', () => {
  test('replaces the selection, keeps the rest and puts the caret after the text', () => {
    expect(insertText('Hi Ann, bye', 7, 7, ' thanks!')).toEqual({ text: 'Hi Ann, thanks! bye', caret: 15 });
    expect(insertText('Hi XXX bye', 3, 6, 'Ann')).toEqual({ text: 'Hi Ann bye', caret: 6 });
    expect(insertText('', 0, 0, 'Text')).toEqual({ text: 'Text', caret: 4 });
    expect(insertText('abc', 99, 120, 'd')).toEqual({ text: 'abcd', caret: 4 });
  });
});

describe('the Replies menu', () => {
  test('asks for the replies only when opened, then lists them by title with their text as a menu', async () => {
    const { server } = serve();
    await screen.findByLabelText('Add a comment');
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(replyCalls(server)).toHaveLength(0);
    fireEvent.click(button());
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(replyCalls(server)).toHaveLength(1);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(button().getAttribute('aria-controls')).toBe(menu().id);
    expect(items().map((item) => item.textContent)).toEqual(['ApologySorry for the wait.', 'Need logsCould you send the logs?\nThanks!']);
    // Focus goes to the first reply once they are there.
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    // No search box for a short list.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  test('a click on a reply puts its text at the caret, keeps the rest, moves the caret after it and keeps the draft', async () => {
    const { ticket } = serve();
    await screen.findByLabelText('Add a comment');
    fireEvent.change(box(), { target: { value: 'Hi Ann,\n\nBest, Sam' } });
    box().setSelectionRange(8, 8);
    fireEvent.click(button());
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(items()[1]!);
    const expected = 'Hi Ann,\nCould you send the logs?\nThanks!\nBest, Sam';
    expect(box().value).toBe(expected);
    expect(document.activeElement).toBe(box());
    expect(box().selectionStart).toBe(8 + REPLIES[1]!.body.length);
    expect(box().selectionEnd).toBe(box().selectionStart);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(sessionStorage.getItem(`helpdesk.draft:${SUPPORT.id}:comment:${ticket.number}`)).toBe(JSON.stringify(expected));
  });

  test('keyboard: ArrowDown opens on the first, arrows wrap, Enter inserts; Escape closes and gives focus back', async () => {
    const { server, ticket } = serve(REPLIES, DEV);
    await screen.findByLabelText('Add a comment');
    fireEvent.change(box(), { target: { value: 'Start: ' } });
    box().setSelectionRange(7, 7);
    button().focus();
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items()[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    // A menu item is a button: Enter clicks it.
    fireEvent.click(document.activeElement!);
    expect(box().value).toBe('Start: Sorry for the wait.');
    // Ctrl+Enter sends what the box holds.
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ body: 'Start: Sorry for the wait.' }));
    await waitFor(() => expect(box().value).toBe(''));
    expect(sessionStorage.getItem(`helpdesk.draft:${DEV.id}:comment:${ticket.number}`)).toBeNull();
  });

  test('with many replies a search sits above them, takes focus, filters by title and text, and ArrowDown goes to the list', async () => {
    serve(MANY);
    await screen.findByLabelText('Add a comment');
    fireEvent.click(button());
    const search = await screen.findByRole('searchbox', { name: 'Search replies' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(items()).toHaveLength(9);
    fireEvent.change(search, { target: { value: 'PRINTER' } });
    expect(items().map((item) => item.textContent)).toEqual(['Reply 5About the printer']);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(items()[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.queryByRole('menu')).toBeNull();
    screen.getByText('No reply matches.');
    // A click inside the popup keeps it open; one outside closes it.
    fireEvent.mouseDown(search);
    screen.getByRole('searchbox');
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(screen.queryByRole('searchbox')).toBeNull());
  });

  test('none yet: support is told so; a super is linked to the Replies page', async () => {
    serve([]);
    await screen.findByLabelText('Add a comment');
    fireEvent.click(button());
    await screen.findByText('No canned replies yet.');
    expect(screen.queryByRole('link', { name: 'Write them on the Replies page.' })).toBeNull();
  });

  test('a super with none yet gets the link', async () => {
    serve([], ADMIN);
    await screen.findByLabelText('Add a comment');
    fireEvent.click(button());
    const link = await screen.findByRole('link', { name: 'Write them on the Replies page.' });
    expect(link.getAttribute('href')).toBe('/admin/replies');
  });

  test('a failed read says so, with Retry', async () => {
    serve({ status: 500, body: { message: 'Server error' } });
    await screen.findByLabelText('Add a comment');
    fireEvent.click(button());
    await screen.findByText('The replies could not be loaded.', {}, { timeout: 10_000 });
    screen.getByRole('button', { name: 'Retry' });
    await act(async () => {});
  }, 15_000);
});
