/** @mention suggestions in the comment box (design.md#notifications): offered as you type, keyboard and screen-reader operable. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mentionHandle, mentionTokens, type Mentionable } from '../../../src/shared/notifications.ts';
import { insertMention, mentionAt } from '../../../src/client/features/comments/mentions.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { SUPPORT, detailRoutes, list, makeTicket } from '../tickets/fixtures.ts';

const PEOPLE: Mentionable[] = [
  { id: 1, name: 'Ada Admin', email: 'ada@example.com' },
  { id: 3, name: 'Dora Dev', email: 'dora@example.com' },
  { id: 5, name: 'Dora Design', email: 'dora@design.example' },
];

function serve() {
  const ticket = makeTicket({ number: 'TCK-000001' });
  const server = fakeApi({
    ...detailRoutes(ticket),
    [`GET /tickets/${ticket.number}/comments`]: list([]),
    'GET /users/mentionable': (req: FakeRequest) => {
      const q = (new URL(req.path, 'http://x').searchParams.get('q') ?? '').toLowerCase();
      return list(PEOPLE.filter((p) => p.name.toLowerCase().startsWith(q) || p.email.startsWith(q)));
    },
    [`POST /tickets/${ticket.number}/comments`]: (req: FakeRequest) => ({ status: 201, body: { message: 'Comment added', data: req.body } }),
  });
  signInAs(SUPPORT);
  renderApp(`/support/ticket-details/${ticket.number}`);
  return server;
}

const box = () => screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
function type(text: string) {
  const element = box();
  fireEvent.change(element, { target: { value: text } });
  element.setSelectionRange(text.length, text.length);
  fireEvent.select(element);
}
const key = (name: string, init: object = {}) => fireEvent.keyDown(box(), { key: name, ...init });
const options = () => within(screen.getByRole('listbox', { name: 'People to mention' })).getAllByRole('option');

describe('the mention rule', () => {
  test('finds @local-part and @address mentions, not addresses written out, each once', () => {
    expect(mentionTokens('Hi @ada and @Dora@design.example, cc ops@example.com. Thanks @ada.')).toEqual(['ada', 'dora@design.example']);
  });

  test('inserts the local part when it is unique, the address when not', () => {
    const emails = PEOPLE.map((p) => p.email);
    expect(mentionHandle('ada@example.com', emails)).toBe('ada');
    expect(mentionHandle('dora@example.com', emails)).toBe('dora@example.com');
  });

  test('knows the name being typed at the caret, and replaces just it', () => {
    expect(mentionAt('hello @do', 9)).toEqual({ start: 6, query: 'do' });
    expect(mentionAt('mail ada@example', 16)).toBeNull();
    expect(insertMention('hi @ad there', { start: 3, query: 'ad' }, PEOPLE[0]!, PEOPLE)).toEqual({ text: 'hi @ada there', caret: 8 });
  });
});

describe('suggestions in the composer', () => {
  test('typing @ and letters offers names; arrows move, Enter inserts, the list is announced', async () => {
    serve();
    await screen.findByLabelText('Add a comment');
    type('Please look @');
    expect(box().hasAttribute('aria-controls')).toBe(false);
    type('Please look @do');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dora Devdora@example.com', 'Dora Designdora@design.example']));
    expect(box().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    screen.getByText('2 people found, use the arrow keys to choose');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    key('ArrowUp');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    // Two people share 'dora': the full address goes in.
    expect(box().value).toBe('Please look @dora@design.example ');
    expect(box().selectionStart).toBe(box().value.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().hasAttribute('aria-controls')).toBe(false);
  });

  test('Tab inserts the local part when it is unique; the comment is sent with it', async () => {
    const server = serve();
    await screen.findByLabelText('Add a comment');
    type('@ad');
    await waitFor(() => expect(options()).toHaveLength(1));
    key('Tab');
    expect(box().value).toBe('@ada ');
    fireEvent.change(box(), { target: { value: '@ada can you check?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ body: '@ada can you check?' }));
  });

  test('Escape closes the list and it stays closed for that @; Enter then does not insert', async () => {
    serve();
    await screen.findByLabelText('Add a comment');
    type('@ad');
    await waitFor(() => expect(options()).toHaveLength(1));
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('@ada');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(key('Enter')).toBe(true);
    expect(box().value).toBe('@ada');
  });

  test('a click on a name inserts it; nobody found is said', async () => {
    serve();
    await screen.findByLabelText('Add a comment');
    type('hi @zz');
    await screen.findByText('No one found');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('hi @a');
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0]!);
    expect(box().value).toBe('hi @ada ');
  });
});
