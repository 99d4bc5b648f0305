/**
 * What the status chips say (design.md#queue-wave-3): a chip is pressed exactly when its status
 * is filtered on, the scope's default included (the admin's open work shows as Opened and
 * Assigned pressed). Choosing a chip adds or removes its status; 'All' clears them; every
 * status at once is no filter, so it reads as 'All'. 'Overdue' (the manual due date,
 * product.md#due-date) keeps open work only, so it and 'Closed' turn each other off.
 */
import { STATUSES } from '../../../shared/constants.ts';
import type { StoredStatus } from '../../../shared/workQueue.ts';
import type { ListScope } from './scopes.ts';

/** The statuses overdue work can have. */
export const OPEN_STATUSES: readonly StoredStatus[] = ['opened', 'assigned'];

/** The chips a list shows pressed: the URL's statuses, or the scope's default; [] is 'All'. */
export function shownStatuses(url: readonly StoredStatus[] | undefined, scope: ListScope): StoredStatus[] {
  const shown = url && url.length > 0 ? url : scope.defaultStatus;
  return STATUSES.every((status) => shown.includes(status)) ? [] : STATUSES.filter((status) => shown.includes(status));
}

/** The chips after choosing one: its status added or removed (all three at once read as 'All'). */
export function toggleStatus(shown: readonly StoredStatus[], status: StoredStatus): StoredStatus[] {
  const next = shown.includes(status) ? shown.filter((each) => each !== status) : [...shown, status];
  return next.length === STATUSES.length ? [] : STATUSES.filter((each) => next.includes(each));
}

/** How the URL says a set of chips: nothing for the scope's default; every status for 'All' where the default is narrower. */
export function statusesForUrl(shown: readonly StoredStatus[], scope: ListScope): StoredStatus[] | undefined {
  const isDefault = shownStatuses(undefined, scope).join() === shown.join();
  if (isDefault) return undefined;
  return shown.length === 0 ? [...STATUSES] : [...shown];
}

/** The statuses the server is asked for: the chips, narrowed to open work while 'Overdue' is on; undefined is every status. */
export function queriedStatuses(shown: readonly StoredStatus[], overdue: boolean): StoredStatus[] | undefined {
  if (!overdue) return shown.length > 0 ? [...shown] : undefined;
  const open = shown.filter((status) => OPEN_STATUSES.includes(status));
  return open.length > 0 ? open : [...OPEN_STATUSES];
}
