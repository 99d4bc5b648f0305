/** Which message an empty ticket list shows (product.md#empty-states and docs/decisions.md). */
import type { StoredStatus } from '../../../shared/workQueue.ts';
import type { EmptyVariant } from '../../../shared/messages.ts';
import type { ListScope } from './scopes.ts';

/** product.md's variants, or our own "No tickets match" state with 'Clear filters'. */
export type ListEmpty = EmptyVariant | 'noMatch';

/**
 * The admin list's rules (product.md#admin-area: empty and closed lists differ):
 *  - only Closed pressed: 'No closed tickets yet.';
 *  - no ticket at all in the chosen scope, or every status shown: 'You have no Ticket.';
 *  - tickets exist but the open-work filter (the default, or Opened/Assigned without Closed)
 *    hides them all: 'You have no Opened or assigned ticket.'.
 * @param shown the pressed chips ([] is 'All', see filterState.ts)
 * @param scopeTotal how many tickets the scope holds with no filter at all
 */
function emptyVariantFor(shown: readonly StoredStatus[], scopeTotal: number): EmptyVariant {
  if (shown.length === 1 && shown[0] === 'closed') return 'closed';
  if (scopeTotal === 0 || shown.length === 0 || shown.includes('closed')) return 'empty';
  return 'opened';
}

/**
 * Search and the other filters narrow the list beyond product.md's cases, so an empty answer then
 * says "nothing matches" and offers to clear them. Lists whose default is every status (support,
 * developer) keep their own empty state for an empty scope and 'No closed tickets yet.' for Closed.
 */
export function emptyFor(scope: ListScope, shown: readonly StoredStatus[], scopeTotal: number, narrowed: boolean): ListEmpty {
  if (narrowed) return 'noMatch';
  if (scope.defaultStatus.length > 0) return emptyVariantFor(shown, scopeTotal);
  if (scopeTotal === 0 || shown.length === 0) return scope.empty;
  if (shown.length === 1 && shown[0] === 'closed') return 'closed';
  return 'noMatch';
}
