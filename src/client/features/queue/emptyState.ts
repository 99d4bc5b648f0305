/** Which message an empty ticket list shows (product.md#empty-states and docs/decisions.md). */
import type { Status } from '../../../shared/constants.ts';
import type { EmptyVariant } from '../../../shared/messages.ts';
import type { ListScope } from './scopes.ts';

/** product.md's variants, or our own "No tickets match" state with 'Clear filters'. */
export type ListEmpty = EmptyVariant | 'noMatch';

/**
 * The admin list's rules (product.md#admin-area: empty and closed lists differ):
 *  - only Closed selected: 'No closed tickets yet.';
 *  - no ticket at all in the chosen scope: 'You have no Ticket.';
 *  - tickets exist but the open-work filter (the default, or Opened/Assigned without Closed)
 *    hides them all: 'You have no Opened or assigned ticket.'.
 * @param scopeTotal how many tickets the scope holds with no filter at all
 */
function emptyVariantFor(selected: readonly Status[], scopeTotal: number): EmptyVariant {
  if (selected.length === 1 && selected[0] === 'closed') return 'closed';
  if (scopeTotal === 0 || selected.includes('closed')) return 'empty';
  return 'opened';
}

/**
 * Search and the other filters narrow the list beyond product.md's cases, so an empty answer then
 * says "nothing matches" and offers to clear them. Lists whose default is every status (support,
 * developer) keep their own empty state for an empty scope and 'No closed tickets yet.' for Closed.
 */
export function emptyFor(scope: ListScope, selected: readonly Status[], scopeTotal: number, narrowed: boolean): ListEmpty {
  if (narrowed) return 'noMatch';
  if (scope.defaultStatus.length > 0) return emptyVariantFor(selected, scopeTotal);
  if (scopeTotal === 0 || selected.length === 0) return scope.empty;
  if (selected.length === 1 && selected[0] === 'closed') return 'closed';
  return 'noMatch';
}
