/** The scopes (toggle groups) of the three ticket lists and what each one reads (product.md#screens, #permissions). */
import type { StoredStatus, TicketFilters } from '../../../shared/workQueue.ts';
import type { EmptyVariant } from '../../../shared/messages.ts';
import type { TicketSource } from '../../api/tickets.ts';
import type { Area } from '../../lib/paths.ts';

export interface ListScope {
  value: string;
  label: string;
  source: TicketSource;
  /** Filters the scope always applies, from the signed-in user's id. @default none */
  fixed?(userId: number): TicketFilters;
  /** Statuses shown while no chip is on; empty means every status. */
  defaultStatus: readonly StoredStatus[];
  /** The empty state when the scope has no ticket at all. */
  empty: EmptyVariant;
  /**
   * Where the chip counts come from: 'stats' when the scope is a filter over every ticket, or
   * 'mine' (one-ticket pages of my-tickets) when it is not (an admin's created OR assigned).
   */
  counts: 'stats' | 'mine';
}

export interface ListConfig {
  area: Area;
  /** The query-string name of the scope. */
  param: 'scope' | 'tab';
  /** The first is the default. */
  scopes: readonly ListScope[];
  /** The developer filter needs the developer list, which only the super may read. */
  developerFilter: boolean;
  /** 'Export CSV' of the current filter and sort. */
  exportCsv: boolean;
}

/** product.md#admin-area: the default filter is opened, assigned and reopened (reopened is stored as opened). */
const OPEN_WORK: readonly StoredStatus[] = ['opened', 'assigned'];
const EVERY_STATUS: readonly StoredStatus[] = [];

export const ADMIN_LIST: ListConfig = {
  area: 'admin',
  param: 'scope',
  developerFilter: true,
  exportCsv: true,
  scopes: [
    { value: 'all', label: 'All Tickets', source: 'all', defaultStatus: OPEN_WORK, empty: 'empty', counts: 'stats' },
    { value: 'my', label: 'My Tickets', source: 'mine', defaultStatus: OPEN_WORK, empty: 'empty', counts: 'mine' },
  ],
};

/** product.md#support-area: support's own tickets are the ones they created. */
export const SUPPORT_LIST: ListConfig = {
  area: 'support',
  param: 'scope',
  developerFilter: false,
  exportCsv: false,
  scopes: [
    { value: 'my', label: 'My Tickets', source: 'mine', fixed: (id) => ({ created_by_id: id }), defaultStatus: EVERY_STATUS, empty: 'create', counts: 'stats' },
    { value: 'all', label: 'All Tickets', source: 'all', defaultStatus: EVERY_STATUS, empty: 'empty', counts: 'stats' },
  ],
};

/** product.md#developer-area: a developer's Assigned Tickets are the my-tickets assigned to them. */
export const DEVELOPER_LIST: ListConfig = {
  area: 'developer',
  param: 'tab',
  developerFilter: false,
  exportCsv: false,
  scopes: [
    { value: 'assigned', label: 'Assigned Tickets', source: 'mine', fixed: (id) => ({ developer_id: id }), defaultStatus: EVERY_STATUS, empty: 'assigned', counts: 'stats' },
    { value: 'all', label: 'All Tickets', source: 'all', defaultStatus: EVERY_STATUS, empty: 'empty', counts: 'stats' },
  ],
};
