/** The Comments section on every details page (design.md#comments): list, composer, edit and delete rules, the draft, paging and the rate limit. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TicketComment } from '../../../src/shared/comments.ts';
import { SERVER } from '../../../src/shared/messages.ts';
import { keysForEvent } from '../../../src/client/lib/liveUpdates.ts';
import { invalidate } from '../../../src/client/lib/query.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest, type Reply } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, list, makeTicket } from './fixtures.ts';

type Person = typeof ADMIN | typeof SUPPORT | typeof DEV;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function comment(id: number, author: Person, body: string, created_at = minutesAgo(5)): TicketComment {
  return { id, ticket_id: 1, author: { id: author.id, name: author.first_name, role: author.role }, body, created_at, edited_at: null };
}

/** A fake server holding the comments: POST adds, PATCH and DELETE (the initial ones) edit and remove. */
function serve(person: Person, initial: TicketComment[], path: (number: string) => string) {
  const ticket = makeTicket();
  let comments = [...initial];
  let nextId = 100;
  const byId: Record<string, (req: FakeRequest) => Reply> = {};
  for (const c of initial) {
    byId[`PATCH /comments/${c.id}`] = (req) => {
      comments = comments.map((x) => (x.id === c.id ? { ...x, body: (req.body as { body: string }).body, edited_at: new Date().toISOString() } : x));
      return { body: { message: 'Comment updated', data: comments.find((x) => x.id === c.id) } };
    };
    byId[`DELETE /comments/${c.id}`] = () => {
      comments = comments.filter((x) => x.id !== c.id);
      return { body: { message: 'Comment deleted' } };
    };
  }
  const server = fakeApi({
    ...detailRoutes(ticket),
    [`GET /tickets/${ticket.number}/comments`]: () => list(comments),
    [`POST /tickets/${ticket.number}/comments`]: (req: FakeRequest) => {
      const added = comment(nextId++, person, (req.body as { body: string }).body, new Date().toISOString());
      comments = [...comments, added];
      return { status: 201, body: { message: 'Comment added', data: added } };
    },
    ...byId,
  });
  signInAs(person);
  renderApp(path(ticket.number));
  return { server, ticket };
}

/** The ticket's timeline (design.md#ticket-page): its comments among the activity entries. */
const commentsSection = () => screen.getByRole('region', { name: 'Activity' });
/** The timeline once it counts `n` comments. */
async function timelineCounting(n: number) {
  const region = await screen.findByRole('region', { name: 'Activity' });
  await within(region).findByText(n === 1 ? '1 comment' : `${n} comments`);
  return region;
}
const commentItems = (region: HTMLElement) => within(region).findAllByRole('listitem', { name: /^Comment by / });
const composer = () => screen.getByLabelText('Add a comment') as HTMLTextAreaElement;

beforeEach(() => sessionStorage.clear());

describe('comments on the details page', () => {
  it.each([
    ['admin', ADMIN, (n: string) => `/admin/ticket/${n}`],
    ['support', SUPPORT, (n: string) => `/support/ticket-details/${n}`],
    ['developer', DEV, (n: string) => `/developer/ticket-details/${n}`],
  ] as const)('shows the comments oldest first with author, role and relative time in the %s area', async (_area, person, path) => {
    serve(person, [comment(1, SUPPORT, 'First\nsecond line', minutesAgo(90)), comment(2, DEV, 'See https://example.com/x. Not javascript:alert(1)', minutesAgo(5))], path);
    const items = await commentItems(await timelineCounting(2));
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Comment by Sam', 'Comment by Dora']);
    within(items[0]!).getByText('Support');
    within(items[0]!).getByText('1 h ago');
    within(items[1]!).getByText('Developer');
    const time = within(items[1]!).getByText('5 min ago');
    expect(time.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    // Line breaks are kept as text (CSS pre-wrap); only the http link is clickable.
    expect(items[0]!.querySelector('p')?.textContent).toBe('First\nsecond line');
    const links = within(items[1]!).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/x']);
    expect(items[1]!.textContent).toContain('javascript:alert(1)');
  });

  it('adds a comment with Ctrl+Enter, clears the composer and shows it', async () => {
    const { server, ticket } = serve(SUPPORT, [], (n) => `/support/ticket-details/${n}`);
    await screen.findByText('No comments yet.');
    fireEvent.change(composer(), { target: { value: '  Any news?\nThanks  ' } });
    fireEvent.keyDown(composer(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/tickets/${ticket.number}/comments`, body: { body: 'Any news?\nThanks' } });
    await screen.findByText('Comment added');
    await within(commentsSection()).findByText(/Any news\?/);
    expect(composer().value).toBe('');
    expect(sessionStorage.getItem(`helpdesk.draft:${SUPPORT.id}:comment:${ticket.number}`)).toBeNull();
  });

  it('Cmd+Enter sends too, and the Add comment button; an empty comment is refused with the shared message', async () => {
    const { server } = serve(DEV, [], (n) => `/developer/ticket-details/${n}`);
    await screen.findByText('No comments yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText('Comment must not be empty.');
    fireEvent.change(composer(), { target: { value: 'x'.repeat(10_001) } });
    await screen.findByText('Comment must be at most 10000 characters.');
    fireEvent.change(composer(), { target: { value: 'On it' } });
    fireEvent.keyDown(composer(), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('keeps a draft in sessionStorage (per user and ticket) across a reload, and Cancel clears it', async () => {
    const first = serve(SUPPORT, [], (n) => `/support/ticket-details/${n}`);
    await screen.findByText('No comments yet.');
    fireEvent.change(composer(), { target: { value: 'Half a thought' } });
    const key = `helpdesk.draft:${SUPPORT.id}:comment:${first.ticket.number}`;
    expect(sessionStorage.getItem(key)).toBe('"Half a thought"');
    first.server.calls.length = 0;
    // A reload: unmount everything and render the page again.
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    expect(sessionStorage.getItem(key)).toBe('"Half a thought"');
    renderApp(`/support/ticket-details/${first.ticket.number}`);
    await screen.findByText('No comments yet.');
    expect(composer().value).toBe('Half a thought');
    fireEvent.click(within(commentsSection()).getByRole('button', { name: 'Cancel' }));
    expect(composer().value).toBe('');
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('the author may edit and delete their own; others see no buttons', async () => {
    const { server } = serve(SUPPORT, [comment(1, SUPPORT, 'Mine'), comment(2, DEV, 'Theirs')], (n) => `/support/ticket-details/${n}`);
    const [mine, theirs] = await commentItems(await timelineCounting(2));
    expect(within(theirs!).queryByRole('button')).toBeNull();
    fireEvent.click(within(mine!).getByRole('button', { name: 'Edit comment' }));
    const editor = within(mine!).getByLabelText('Edit comment');
    fireEvent.change(editor, { target: { value: 'Mine, edited' } });
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await screen.findByText('Comment updated');
    expect(server.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/comments/1', body: { body: 'Mine, edited' } });
    await screen.findByText('Mine, edited');
    screen.getByText('(edited)');

    fireEvent.click(within(screen.getAllByRole('listitem', { name: /^Comment by / })[0]!).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Are you sure you want to delete this comment?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Comment deleted');
    await waitFor(() => expect(screen.queryByText('Mine, edited')).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/comments/1')).toBe(true);
  });

  it('a super may delete any comment but edit only their own; Cancel keeps it', async () => {
    const { server } = serve(ADMIN, [comment(1, SUPPORT, 'From support'), comment(2, ADMIN, 'From admin')], (n) => `/admin/ticket/${n}`);
    const [theirs, mine] = await commentItems(await timelineCounting(2));
    expect(within(theirs!).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    within(theirs!).getByRole('button', { name: 'Delete comment' });
    within(mine!).getByRole('button', { name: 'Edit comment' });
    fireEvent.click(within(theirs!).getByRole('button', { name: 'Delete comment' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('a long conversation, page by page (design.md#api-edges)', () => {
  const PAGE = 2;

  /** A fake server paging its comments PAGE at a time by offset cursors, as the real one pages by id. */
  function servePaged(person: Person, initial: TicketComment[], post: (req: FakeRequest, comments: TicketComment[]) => Reply = () => ({ status: 500 })) {
    const ticket = makeTicket();
    const comments = [...initial];
    const server = fakeApi({
      ...detailRoutes(ticket),
      [`GET /tickets/${ticket.number}/comments`]: (req) => {
        const from = Number(new URL(req.path, 'http://x').searchParams.get('cursor') ?? 0);
        const list = comments.slice(from, from + PAGE);
        const next = from + PAGE < comments.length ? String(from + PAGE) : null;
        return { body: { data: { list, next_cursor: next, total: comments.length } } };
      },
      [`POST /tickets/${ticket.number}/comments`]: (req) => post(req, comments),
    });
    signInAs(person);
    renderApp(`/support/ticket-details/${ticket.number}`);
    return { server, ticket, comments };
  }
  const pageReads = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'GET' && c.path.includes('/comments')).map((c) => c.path.split('?')[1] ?? '');
  const shown = () => within(commentsSection()).queryAllByRole('listitem', { name: /^Comment by / }).map((item) => item.querySelector('p')?.textContent);

  it('shows the first page and the total; Show more comments loads the next, oldest first, until none are left', async () => {
    const five = [1, 2, 3, 4, 5].map((id) => comment(id, id % 2 ? SUPPORT : DEV, `Comment ${id}`));
    const { server } = servePaged(SUPPORT, five);
    await timelineCounting(5);
    expect(shown()).toEqual(['Comment 1', 'Comment 2']);
    within(commentsSection()).getByText('2 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(shown()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4']));
    within(commentsSection()).getByText('4 of 5');
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
    expect(pageReads(server.calls)).toEqual(['', 'cursor=2', 'cursor=4']);
  });

  it("a live 'comment' event reloads every page shown, so the list keeps its length and gains the new one", async () => {
    const four = [1, 2, 3, 4].map((id) => comment(id, DEV, `Comment ${id}`));
    const { server, ticket, comments } = servePaged(SUPPORT, four);
    await timelineCounting(4);
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();

    // Someone else comments; the stream's event makes this ticket's comments stale.
    comments.push(comment(5, SUPPORT, 'Comment 5'));
    server.calls.length = 0;
    const event = { id: '9', event: 'ticket', data: JSON.stringify({ id: ticket.id, number: ticket.number, change: 'comment' }) };
    invalidate(...(keysForEvent(event) ?? []));
    await timelineCounting(5);
    expect(shown()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4']);
    expect(pageReads(server.calls)).toEqual(['', 'cursor=2']);
    within(commentsSection()).getByText('4 of 5');
  });

  it('a 429 on posting shows the server message and keeps the draft', async () => {
    const message = SERVER.tooManyComments;
    const { server, ticket } = servePaged(SUPPORT, [], () => ({ status: 429, body: { message } }));
    await screen.findByText('No comments yet.');
    fireEvent.change(composer(), { target: { value: 'One too many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText(message);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(composer().value).toBe('One too many');
    expect(sessionStorage.getItem(`helpdesk.draft:${SUPPORT.id}:comment:${ticket.number}`)).toBe('"One too many"');
    expect(screen.getByText('No comments yet.')).toBeTruthy();
  });
});
