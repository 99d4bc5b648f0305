/** design.md#live-updates: the rules a live event follows on a screen, shared by the client and the capacity bench. */
import { describe, expect, it } from 'vitest';
import { listChangeOf, listMayChange, listRefetchWait, patchCached, staleKeysFor, type LiveTicketEvent } from '../../src/shared/liveRules.ts';

const fields = { title: 'Printer on fire', priority: 'high', status: 'assigned', developer: { id: 7, name: 'Ada Lovelace' }, comment_count: 2, has_image: false, updated_at: '2026-11-25T10:00:00.000Z', sla: { respond_by: null, resolve_by: null, responded_at: null, state: 'none' } } as const;
const event = (change: LiveTicketEvent['change'], ticket: object | null = fields) => ({ event: 'ticket', data: JSON.stringify({ id: 5, number: 'TCK-000005', change, ...(ticket && { ticket }) }) });
const data = (change: LiveTicketEvent['change']) => ({ id: 5, number: 'TCK-000005', change, ticket: fields }) as unknown as LiveTicketEvent;

describe('staleKeysFor', () => {
  it('with the card fields, a transition or an SLA change patches the detail (its log still reloads); an edit reloads both', () => {
    expect(staleKeysFor(event('status'))).toEqual([['tickets'], ['mytickets'], ['ticketlogs', 'TCK-000005'], ['ticketlogs', '5']]);
    expect(staleKeysFor(event('sla'))).toEqual([['tickets'], ['mytickets']]);
    expect(staleKeysFor(event('updated'))).toContainEqual(['singletickets', 'TCK-000005']);
    expect(staleKeysFor(event('comment'))).toEqual([['tickets'], ['mytickets'], ['comments', 'TCK-000005'], ['comments', '5']]);
  });

  it('without them (an older server), the detail reloads as before', () => {
    expect(staleKeysFor(event('status', null))).toContainEqual(['singletickets', 'TCK-000005']);
    expect(staleKeysFor(event('sla', null))).toContainEqual(['singletickets', '5']);
  });
});

describe('listMayChange', () => {
  const page = (query: object) => ['tickets', 'page', query];
  it('a new ticket, a transition or a reset: every list and count', () => {
    for (const change of ['created', 'status', 'any'] as const) {
      expect([page({}), ['tickets', 'stats', {}], ['mytickets', 'total', {}], ['tickets', 'report', {}]].every((key) => listMayChange(change, key))).toBe(true);
    }
  });
  it('a comment: only a list sorted by "Recently updated" (a card shown is patched)', () => {
    expect(listMayChange('comment', page({}))).toBe(false);
    expect(listMayChange('comment', page({ sort: 'updated' }))).toBe(true);
    expect(listMayChange('comment', ['tickets', 'stats', {}])).toBe(false);
    expect(listMayChange('comment', ['tickets', 'report', {}])).toBe(false);
  });
  it('an edit: lists that filter or sort on what an edit changes', () => {
    expect(listMayChange('updated', page({ status: ['opened'] }))).toBe(false);
    expect(listMayChange('updated', page({ q: 'printer' }))).toBe(true);
    expect(listMayChange('updated', page({ priority: ['high'] }))).toBe(true);
    expect(listMayChange('updated', page({ sort: 'priority' }))).toBe(true);
    expect(listMayChange('updated', ['tickets', 'stats', {}])).toBe(false);
  });
  it('a service-level change: the counts, and lists filtered by it', () => {
    expect(listMayChange('sla', ['tickets', 'stats', {}])).toBe(true);
    expect(listMayChange('sla', page({ sla: ['breached'] }))).toBe(true);
    expect(listMayChange('sla', page({}))).toBe(false);
  });
  it('nothing that is not a list', () => {
    expect(listMayChange('any', ['singletickets', 'TCK-000005'])).toBe(false);
  });

  describe('a transition that names its statuses', () => {
    const open = { status: ['opened', 'assigned'] };
    it('a list or total whose statuses hold both stays: taking open work, giving it back, a reassignment', () => {
      expect(listMayChange('status:opened>assigned', page(open))).toBe(false);
      expect(listMayChange('status:assigned>opened', ['tickets', 'one', { ...open, sort: 'priority' }])).toBe(false);
      expect(listMayChange('status:assigned>assigned', page({}))).toBe(false);
      expect(listMayChange('status:opened>assigned', ['tickets', 'total', { ...open, due_before: '2026-11-26' }])).toBe(false);
      expect(listMayChange('status:opened>closed', page({}))).toBe(false);
    });
    it('a list or total whose statuses hold one of the two refetches: closing, reopening, taking work off an Opened list', () => {
      expect(listMayChange('status:assigned>closed', page(open))).toBe(true);
      expect(listMayChange('status:closed>opened', page(open))).toBe(true);
      expect(listMayChange('status:opened>assigned', page({ status: ['opened'] }))).toBe(true);
      expect(listMayChange('status:assigned>closed', ['tickets', 'total', open])).toBe(true);
    });
    it("the counts on every transition: a developer removed stays 'assigned' but joins 'Unassigned'", () => {
      expect(listMayChange('status:opened>assigned', ['tickets', 'stats', {}])).toBe(true);
      expect(listMayChange('status:assigned>assigned', ['tickets', 'stats', {}])).toBe(true);
    });
    it('always: My Tickets, a developer, service-level or word filter (a search matches the developer), an order a transition moves, a report', () => {
      expect(listMayChange('status:opened>assigned', page({ ...open, q: 'dora' }))).toBe(true);
      expect(listMayChange('status:assigned>assigned', ['tickets', 'total', { q: 'dora' }])).toBe(true);
      expect(listMayChange('status:assigned>assigned', ['mytickets', 'page', open])).toBe(true);
      expect(listMayChange('status:assigned>assigned', ['mytickets', 'counts', {}])).toBe(true);
      expect(listMayChange('status:assigned>assigned', page({ ...open, developer_id: 7 }))).toBe(true);
      expect(listMayChange('status:opened>assigned', page({ ...open, sla: ['breached'] }))).toBe(true);
      expect(listMayChange('status:opened>assigned', page({ ...open, sort: 'updated' }))).toBe(true);
      expect(listMayChange('status:opened>assigned', ['tickets', 'report', {}])).toBe(true);
    });
  });
});

describe('listChangeOf', () => {
  it('a transition with the status it left and the card fields names both; without them it stays a plain transition', () => {
    expect(listChangeOf({ ...data('status'), from: 'opened' })).toBe('status:opened>assigned');
    expect(listChangeOf(data('status'))).toBe('status');
    expect(listChangeOf({ ...data('status'), from: 'nonsense' as never })).toBe('status');
    expect(listChangeOf({ id: 5, number: 'TCK-000005', change: 'status', from: 'opened' })).toBe('status');
    expect(listChangeOf(data('comment'))).toBe('comment');
    expect(listChangeOf({})).toBeUndefined();
  });
});

describe('patchCached', () => {
  const card = { id: 5, title: 'Old', status: 'opened', comment_count: 1, updated_at: '2026-11-25T09:00:00.000Z', description: 'kept' };
  const other = { id: 6, title: 'Other', updated_at: '2026-11-25T09:00:00.000Z' };
  it('patches a detail, a page and a paged list, keeping what the event does not carry', () => {
    expect(patchCached(card, data('status'))).toEqual({ ...card, ...fields });
    const pages = [{ list: [other], total: 2 }, { list: [card], total: 2 }];
    const patched = patchCached(pages, data('status')) as typeof pages;
    expect(patched[0]).toBe(pages[0]);
    expect(patched[1]!.list[0]).toMatchObject({ status: 'assigned', description: 'kept' });
  });
  it('leaves another ticket, a newer copy and other data as they are (the same object)', () => {
    const page = { list: [other], total: 1 };
    expect(patchCached(page, data('status'))).toBe(page);
    const newer = { ...card, updated_at: '2026-11-25T11:00:00.000Z' };
    expect(patchCached(newer, data('status'))).toBe(newer);
    expect(patchCached([{ id: 5, body: 'a comment' }], data('comment'))).toEqual([{ id: 5, body: 'a comment' }]);
  });
});

it('listRefetchWait: the rest of the 3 s since the last refetch', () => {
  expect(listRefetchWait(-Infinity, 0)).toBe(0);
  expect(listRefetchWait(1000, 2000)).toBe(2000);
  expect(listRefetchWait(1000, 5000)).toBe(0);
});
