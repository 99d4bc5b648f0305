/** POST /tickets/bulk (design.md#bulk-actions) through the shared after-change step: toast, refresh every ticket group. */
import type { BulkAction, BulkResult } from '../../../shared/bulk.ts';
import type { Envelope } from '../../../shared/types.ts';
import type { TicketFilters } from '../../../shared/workQueue.ts';
import { request } from '../../lib/request.ts';
import { TICKET_GROUPS, useChange, type ChangeOptions } from '../../lib/useChange.ts';

/** The tickets a bulk action is for: numbers picked row by row, or a work-queue filter. */
export type BulkTarget = { ids: string[]; filter: null } | { ids: null; filter: TicketFilters };

export interface BulkVars {
  target: BulkTarget;
  action: BulkAction;
  /** For 'assign' only. */
  developerId?: number;
}

export type BulkAnswer = Envelope<BulkResult>;

function bulkChange({ target, action, developerId }: BulkVars) {
  return request<BulkAnswer>('/tickets/bulk', {
    method: 'POST',
    json: { ...target, action, ...(action === 'assign' ? { developer_id: developerId } : {}) },
  });
}

export const useBulkChange = (options?: Omit<ChangeOptions<BulkVars, BulkAnswer>, 'refresh'>) =>
  useChange(bulkChange, { ...options, refresh: TICKET_GROUPS });
