/**
 * Which rows of the table are selected for a bulk action: rows chosen one by one or by a
 * shift-click range, or "all matching" (the whole filter, not just the loaded rows). Plain
 * functions over a value, so the rules are tested without a screen; useSelection holds one per list.
 */
import { useState } from 'react';
import { BULK_ACTIONS_BY_ROLE, type BulkAction } from '../../../shared/bulk.ts';
import { bulkActionApplies, type RuleUser } from '../../../shared/ticketRules.ts';
import type { Ticket } from '../../../shared/types.ts';
import type { StoredStatus } from '../../../shared/workQueue.ts';

export interface Selection {
  /** Ticket numbers chosen row by row. */
  numbers: ReadonlySet<string>;
  /** The last row clicked without shift: where a shift-click range starts. */
  anchor: string | undefined;
  /** Every ticket the list's filter matches (numbers is then unused). */
  allMatching: boolean;
}

export const NO_SELECTION: Selection = { numbers: new Set(), anchor: undefined, allMatching: false };

export const isSelected = (selection: Selection, number: string) => selection.allMatching || selection.numbers.has(number);

/** How many tickets the selection holds, given how many the filter matches. */
export const selectedCount = (selection: Selection, total: number) => (selection.allMatching ? total : selection.numbers.size);

/** Every loaded row is selected (the header checkbox is checked). */
export const allLoadedSelected = (selection: Selection, loaded: readonly string[]) =>
  loaded.length > 0 && loaded.every((number) => isSelected(selection, number));

/**
 * A row's checkbox was clicked. With shift, every row from the anchor to this one takes this
 * row's new state, as in a mail client.
 */
export function toggleRow(selection: Selection, loaded: readonly string[], number: string, range: boolean): Selection {
  const checked = !isSelected(selection, number);
  const numbers = new Set(selection.allMatching ? loaded : selection.numbers);
  const from = range && selection.anchor !== undefined ? loaded.indexOf(selection.anchor) : -1;
  const to = loaded.indexOf(number);
  const span = from >= 0 && to >= 0 ? loaded.slice(Math.min(from, to), Math.max(from, to) + 1) : [number];
  for (const each of span) {
    if (checked) numbers.add(each);
    else numbers.delete(each);
  }
  return { numbers, anchor: range && from >= 0 ? selection.anchor : number, allMatching: false };
}

/** The header checkbox: selects every loaded row, or clears the selection when all are selected. */
export function toggleLoaded(selection: Selection, loaded: readonly string[]): Selection {
  if (allLoadedSelected(selection, loaded)) return NO_SELECTION;
  return { numbers: new Set(loaded), anchor: undefined, allMatching: false };
}

export const selectAllMatching = (): Selection => ({ numbers: new Set(), anchor: undefined, allMatching: true });

/**
 * One selection per list; it starts empty again whenever `listKey` (the list's query) changes,
 * so a selection never carries over to tickets the user can no longer see.
 */
export function useSelection(listKey: string): [Selection, (next: Selection) => void] {
  const [held, setHeld] = useState({ key: listKey, selection: NO_SELECTION });
  const selection = held.key === listKey ? held.selection : NO_SELECTION;
  return [selection, (next) => setHeld({ key: listKey, selection: next })];
}

/** The statuses a bulk action changes: with "all matching", only the filter's statuses are known of the rows not loaded. */
const ACTION_STATUSES: Record<BulkAction, readonly StoredStatus[]> = {
  assign: ['opened', 'assigned'],
  remove_developer: ['assigned'],
  close: ['opened', 'assigned'],
  reopen: ['closed'],
};

/**
 * The bulk actions that can change at least one selected ticket (design.md#permissions): rows
 * chosen one by one are known; "all matching" is judged by the filter's statuses.
 * @param statuses the list's status filter; undefined is every status
 */
export function offeredActions(user: RuleUser, selection: Selection, loaded: readonly Ticket[], statuses: readonly StoredStatus[] | undefined): BulkAction[] {
  const actions = BULK_ACTIONS_BY_ROLE[user.role];
  if (selection.allMatching) return actions.filter((action) => !statuses || ACTION_STATUSES[action].some((status) => statuses.includes(status)));
  const chosen = loaded.filter((ticket) => selection.numbers.has(ticket.number));
  return actions.filter((action) => chosen.some((ticket) => bulkActionApplies(action, user, ticket)));
}
