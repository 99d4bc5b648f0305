/** src/shared/bulk.ts: the request check both sides rely on, and the sentences the user reads. */
import { describe, expect, it } from 'vitest';
import { BULK_MAX_TICKETS, BULK_MESSAGES, bulkQuestion, bulkSummary, parseBulkRequest } from '../../src/shared/bulk.ts';

describe('parseBulkRequest', () => {
  it('reads ids, a filter in the work queue’s own terms, and a developer for assign', () => {
    expect(parseBulkRequest({ ids: ['TCK-000001', 2], filter: null, action: 'close' })).toEqual({
      request: { action: 'close', ids: ['TCK-000001', 2], filter: null },
      errors: {},
    });
    expect(parseBulkRequest({ filter: { status: ['reopened', 'assigned'], developer_id: 'none', q: ' printer ' }, action: 'assign', developer_id: '7' })).toEqual({
      request: { action: 'assign', ids: null, filter: { status: ['opened', 'assigned'], developer_id: 'none', q: 'printer' }, developer_id: 7 },
      errors: {},
    });
    expect(parseBulkRequest({ filter: { status: 'closed,opened', category_id: 3 }, action: 'reopen' }).request?.filter).toEqual({ status: ['closed', 'opened'], category_id: 3 });
  });

  it('names what is wrong', () => {
    const error = (body: unknown) => Object.values(parseBulkRequest(body).errors)[0];
    expect(error(null)).toBe(BULK_MESSAGES.body);
    expect(error({ ids: [1], action: 'archive' })).toBe(BULK_MESSAGES.action);
    expect(error({ ids: [1], filter: { q: 'x' }, action: 'close' })).toBe(BULK_MESSAGES.target);
    expect(error({ action: 'close' })).toBe(BULK_MESSAGES.target);
    expect(error({ ids: [1.5], action: 'close' })).toBe(BULK_MESSAGES.ids);
    expect(error({ ids: ['  '], action: 'close' })).toBe(BULK_MESSAGES.ids);
    expect(error({ ids: [], action: 'close' })).toBe(BULK_MESSAGES.idsEmpty);
    expect(error({ ids: ['tck-000001', 'TCK-000001'], action: 'close' })).toBe(BULK_MESSAGES.idsDuplicate);
    expect(error({ ids: Array.from({ length: BULK_MAX_TICKETS + 1 }, (_, i) => i + 1), action: 'close' })).toBe(BULK_MESSAGES.tooMany);
    expect(error({ filter: { limit: 5 }, action: 'close' })).toBe(BULK_MESSAGES.filter);
    expect(error({ filter: { status: [{}] }, action: 'close' })).toBe(BULK_MESSAGES.filter);
    expect(error({ filter: { priority: 'urgent' }, action: 'close' })).toBe('priority must be low, medium or high.');
    expect(error({ ids: [1], action: 'assign', developer_id: 0 })).toBe(BULK_MESSAGES.developer);
  });
});

describe('the sentences', () => {
  it('sum up the result: changed, then skipped by reason', () => {
    expect(bulkSummary('close', { changed: ['A', 'B'], skipped: [] })).toBe('2 closed');
    expect(bulkSummary('close', { changed: Array(12).fill('A'), skipped: [{ number: 'C', reason: 'already closed' }] })).toBe('12 closed, 1 skipped: already closed');
    expect(
      bulkSummary('reopen', {
        changed: ['A'],
        skipped: [
          { number: 'B', reason: 'not closed' },
          { number: 'C', reason: 'not allowed' },
          { number: 'D', reason: 'not closed' },
        ],
      }),
    ).toBe('1 reopened, 3 skipped: 2 not closed, 1 not allowed');
    expect(bulkSummary('remove_developer', { changed: ['A'], skipped: [] })).toBe('1 unassigned');
  });

  it('ask with the count', () => {
    expect(bulkQuestion('close', 12)).toBe('Close 12 tickets?');
    expect(bulkQuestion('reopen', 1)).toBe('Reopen 1 ticket?');
    expect(bulkQuestion('remove_developer', 3)).toBe('Remove the developer from 3 tickets?');
    expect(bulkQuestion('assign', 2)).toBe('Assign 2 tickets?');
  });
});
