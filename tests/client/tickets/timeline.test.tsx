/**
 * The ticket page as one timeline (design.md#ticket-page): comments and activity entries by time in
 * the document, the assignee beside an assignment, entries held back while older comments are to
 * load, and the side panel's in-place changes as the permission table allows them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TicketComment } from '../../../src/shared/comments.ts';
import { VALIDATION } from '../../../src/shared/messages.ts';
import type { Ticket, TicketLogEntry } from '../../../src/shared/types.ts';
import { fakeApi, renderApp, signInAs, type FakeRequest } from '../fakeApi.ts';
import { ADMIN, DEV, SUPPORT, detailRoutes, list, makeTicket, one } from './fixtures.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

function entry(id: number, name: string, action: TicketLogEntry['action'], minute: number, assignee: string | null = null): TicketLogEntry {
  const stamp = (kind: string) => (kind === action ? at(minute) : null);
  return {
    id, name, action, created_at: at(minute), assignee,
    opened_at: stamp('opened'), assigned_at: stamp('assigned'), closed_at: stamp('closed'), unassigned_at: stamp('unassigned'),
  };
}

function comment(id: number, name: string, body: string, minute: number): TicketComment {
  return { id, ticket_id: 1, author: { id: 2, name, role: 'support' }, body, created_at: at(minute), edited_at: null };
}

/** Each item of the timeline in document order: an entry by its action, a comment by its body. */
function stream(): string[] {
  const timeline = screen.getByRole('list', { name: 'Activity, oldest first' });
  return within(timeline).getAllByRole('listitem').map((item) => item.dataset.action ?? `comment: ${item.querySelector('p')?.textContent}`);
}

function serve(ticket: Ticket, log: TicketLogEntry[], comments: TicketComment[], more: Record<string, (req: FakeRequest) => unknown> = {}) {
  return fakeApi({
    ...detailRoutes(ticket),
    [`GET /activity-log/${ticket.number}`]: list(log),
    [`GET /tickets/${ticket.number}/comments`]: list(comments),
    ...more,
  } as Parameters<typeof fakeApi>[0]);
}

beforeEach(() => sessionStorage.clear());

describe('one timeline', () => {
  it('interleaves comments and activity entries by time, oldest first, in the document', async () => {
    const ticket = makeTicket({ status: 'closed' });
    // Given out of order on purpose: the page orders by time, not by the answers' order.
    const log = [entry(1, 'Sam', 'opened', 0), entry(2, 'Ada', 'assigned', 20, 'Dora'), entry(3, 'Dora', 'closed', 50)];
    const comments = [comment(11, 'Sam Support', 'First question', 10), comment(12, 'Sam Support', 'Still broken', 30), comment(13, 'Sam Support', 'Thanks, works', 60)];
    serve(ticket, log, comments);
    signInAs(SUPPORT);
    renderApp(`/support/ticket-details/${ticket.number}`);
    await screen.findByText('Thanks, works');
    await waitFor(() => expect(stream()).toHaveLength(6));
    expect(stream()).toEqual(['opened', 'comment: First question', 'assigned', 'comment: Still broken', 'closed', 'comment: Thanks, works']);
    // The composer comes after the newest item.
    const last = screen.getByText('Thanks, works');
    expect(last.compareDocumentPosition(screen.getByLabelText('Add a comment')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("keeps product.md's log line exactly and names the assignee beside an assignment", async () => {
    const ticket = makeTicket({ status: 'assigned', developer: { id: DEV.id, name: DEV.first_name } });
    serve(ticket, [entry(1, 'Sam', 'opened', 0), entry(2, 'Ada', 'assigned', 5, 'Dora'), entry(3, 'Ada', 'unassigned', 6), entry(4, 'Ada', 'assigned', 7)], []);
    signInAs(SUPPORT);
    renderApp(`/support/ticket-details/${ticket.number}`);
    await screen.findByText('No comments yet.');
    const entries = await waitFor(() => {
      const found = document.querySelectorAll('li[data-action]');
      expect(found).toHaveLength(4);
      return Array.from(found);
    });
    const lines = entries.map((item) => item.querySelector('[data-log-line]')!.textContent);
    for (const line of lines) expect(line).toMatch(/^@\w+: (opened|assigned|unassigned|closed) ticket at [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    expect(entries[1]!.textContent).toBe(`${lines[1]}to Dora`);
    within(entries[1] as HTMLElement).getByText('Dora');
    // An assignment logged before the server kept the assignee shows the product's line alone.
    expect(entries[3]!.textContent).toBe(lines[3]);
    expect(entries[0]!.textContent).toBe(lines[0]);
  });

  it('holds back entries later than the last comment shown until the older comments are loaded', async () => {
    const ticket = makeTicket({ status: 'closed' });
    const pages: Record<string, { list: TicketComment[]; next_cursor: string | null; total: number }> = {
      '': { list: [comment(11, 'Sam Support', 'Page one', 10)], next_cursor: '11', total: 2 },
      '11': { list: [comment(12, 'Sam Support', 'Page two', 30)], next_cursor: null, total: 2 },
    };
    serve(ticket, [entry(1, 'Sam', 'opened', 0), entry(2, 'Ada', 'closed', 40)], [], {
      [`GET /tickets/${ticket.number}/comments`]: (req) => ({ body: { data: pages[new URL(req.path, 'http://x').searchParams.get('cursor') ?? '']! } }),
    });
    signInAs(SUPPORT);
    renderApp(`/support/ticket-details/${ticket.number}`);
    await screen.findByText('Page one');
    await waitFor(() => expect(stream()).toEqual(['opened', 'comment: Page one']));
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(stream()).toEqual(['opened', 'comment: Page one', 'comment: Page two', 'closed']));
  });
});

describe('the side panel changes fields in place', () => {
  function servePanel(ticket: Ticket) {
    let current = ticket;
    const server = serve(ticket, [entry(1, 'Sam', 'opened', 0)], [], {
      [`GET /tickets/${ticket.number}`]: () => one(current),
      [`PATCH /tickets/${ticket.number}/edit`]: (req) => {
        current = { ...current, ...(req.body as Partial<Ticket>) };
        return { body: { message: 'Ticket updated successfully', data: current } };
      },
      [`PATCH /tickets/${ticket.number}`]: (req) => {
        const body = req.body as { developer_id: number };
        current = { ...current, status: 'assigned', developer: { id: body.developer_id, name: DEV.first_name } };
        return { body: { message: 'Ticket assigned successfully', data: current } };
      },
    });
    return server;
  }
  const panel = () => screen.getByRole('complementary', { name: 'Ticket fields and actions' });
  const patches = (server: ReturnType<typeof fakeApi>) => server.calls.filter((call) => call.method === 'PATCH');

  it('the creator (support) changes the priority and the due date, each sent alone; Escape cancels', async () => {
    const ticket = makeTicket();
    const server = servePanel(ticket);
    signInAs(SUPPORT);
    renderApp(`/support/ticket-details/${ticket.number}`);
    await screen.findByRole('heading', { name: ticket.title, level: 1 });

    fireEvent.click(within(panel()).getByRole('button', { name: 'Change priority' }));
    fireEvent.change(within(panel()).getByLabelText('Priority'), { target: { value: 'low' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Ticket updated successfully');
    expect(patches(server)).toEqual([expect.objectContaining({ path: `/tickets/${ticket.number}/edit`, body: { priority: 'low' } })]);
    await waitFor(() => expect(within(panel()).getByRole('button', { name: 'Change priority' })).toBe(document.activeElement));
    await within(panel()).findByText('low');

    fireEvent.click(within(panel()).getByRole('button', { name: 'Change due date' }));
    fireEvent.keyDown(within(panel()).getByLabelText('Due date'), { key: 'Escape' });
    expect(within(panel()).queryByLabelText('Due date')).toBeNull();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Change due date' }));
    fireEvent.change(within(panel()).getByLabelText('Due date'), { target: { value: '2027-02-01' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(server)).toHaveLength(2));
    expect(patches(server)[1]!.body).toEqual({ due_date: '2027-02-01' });
    await within(panel()).findByText('Feb 1, 2027');
  });

  it('a super assigns the developer in place through the assign transition', async () => {
    const ticket = makeTicket();
    const server = servePanel(ticket);
    signInAs(ADMIN);
    renderApp(`/admin/ticket/${ticket.number}`);
    await screen.findByRole('heading', { name: ticket.title, level: 1 });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Change developer' }));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await within(panel()).findByText(VALIDATION.developer);
    const select = within(panel()).getByLabelText('Developer');
    await within(select).findByRole('option', { name: 'Dora Dev' });
    fireEvent.change(select, { target: { value: String(DEV.id) } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Ticket assigned successfully');
    expect(patches(server)).toEqual([expect.objectContaining({ path: `/tickets/${ticket.number}`, body: { status: 'assigned', developer_id: DEV.id } })]);
  });

  it.each([
    ['a developer', DEV, makeTicket(), (n: string) => `/developer/ticket-details/${n}`],
    ['support who did not create it', { ...SUPPORT, id: 99 }, makeTicket(), (n: string) => `/support/ticket-details/${n}`],
    ['the creator once it is assigned', SUPPORT, makeTicket({ status: 'assigned', developer: { id: DEV.id, name: DEV.first_name } }), (n: string) => `/support/ticket-details/${n}`],
    ['a super on an assigned ticket (Remove developer first)', ADMIN, makeTicket({ status: 'assigned', developer: { id: DEV.id, name: DEV.first_name }, created_by_id: ADMIN.id }), (n: string) => `/admin/ticket/${n}`],
  ] as const)('offers no change to %s', async (_who, person, ticket, path) => {
    servePanel(ticket);
    signInAs(person as typeof SUPPORT);
    renderApp(path(ticket.number));
    await screen.findByRole('heading', { name: ticket.title, level: 1 });
    expect(within(panel()).queryAllByRole('button', { name: /^Change / })).toEqual([]);
  });
});
