/**
 * The bar over the table while rows are selected (issue 14): how many, "Select all N matching"
 * (up to BULK_MAX_TICKETS), and the actions the role may take. Each asks first, naming the
 * count; the server's sentence is toasted, and skipped tickets are listed in a dialog.
 */
import { useState } from 'react';
import { BULK_ACTION_LABELS, BULK_MAX_TICKETS, type BulkAction, type BulkResult } from '../../../../shared/bulk.ts';
import type { RuleUser } from '../../../../shared/ticketRules.ts';
import type { Ticket } from '../../../../shared/types.ts';
import type { TicketFilters } from '../../../../shared/workQueue.ts';
import { Button } from '../../../components/Button.tsx';
import type { Area } from '../../../lib/paths.ts';
import { useBulkChange, type BulkTarget } from '../bulkApi.ts';
import { allLoadedSelected, NO_SELECTION, offeredActions, selectAllMatching, selectedCount, type Selection } from '../selection.ts';
import { BulkConfirm, BulkSkipped } from './BulkDialogs.tsx';
import styles from './BulkBar.module.css';

export interface BulkBarProps {
  selection: Selection;
  onSelect(next: Selection): void;
  /** The loaded rows, in order. */
  tickets: readonly Ticket[];
  /** How many tickets the list's filter matches. */
  total: number;
  /** The filter "all matching" stands for; undefined when the list is not a filter over every ticket. */
  filter: TicketFilters | undefined;
  user: RuleUser;
  area: Area;
}

/** Our words for a selection no action of this role can change. */
export const NOTHING_APPLIES = 'None of the selected tickets can be changed by you.';

/** Our words for the cap, so "all N matching" never silently means fewer. */
export const overCapNote = (total: number) =>
  `All ${total} matching can't be selected: a bulk action takes at most ${BULK_MAX_TICKETS} tickets. Narrow the filters to act on all of them.`;

export function BulkBar({ selection, onSelect, tickets, total, filter, user, area }: BulkBarProps) {
  const loaded = tickets.map((ticket) => ticket.number);
  const [action, setAction] = useState<BulkAction>();
  const [skipped, setSkipped] = useState<{ summary: string; list: BulkResult['skipped'] }>();
  const change = useBulkChange({
    onSuccess(answer) {
      setAction(undefined);
      onSelect(NO_SELECTION);
      if (answer.data.skipped.length > 0) setSkipped({ summary: answer.message ?? '', list: answer.data.skipped });
    },
  });
  const count = selectedCount(selection, total);
  const target: BulkTarget = selection.allMatching && filter ? { ids: null, filter } : { ids: [...selection.numbers], filter: null };
  const actions = offeredActions(user, selection, tickets, filter?.status);
  const offerAll = !selection.allMatching && filter !== undefined && total > loaded.length && allLoadedSelected(selection, loaded);

  return (
    <>
      {count > 0 && (
        <section className={styles.bar} aria-label="Bulk actions">
          <p className={styles.count} role="status">
            {selection.allMatching ? `All ${count} matching selected` : `${count} selected`}
          </p>
          {offerAll &&
            (total <= BULK_MAX_TICKETS ? (
              <Button variant="ghost" size="sm" onClick={() => onSelect(selectAllMatching())}>
                Select all {total} matching
              </Button>
            ) : (
              <p className={styles.note}>{overCapNote(total)}</p>
            ))}
          <div className={styles.actions}>
            {actions.length === 0 && <p className={styles.note}>{NOTHING_APPLIES}</p>}
            {actions.map((name) => (
              <Button key={name} size="sm" variant={name === 'close' ? 'danger' : 'secondary'} onClick={() => setAction(name)}>
                {BULK_ACTION_LABELS[name].button}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => onSelect(NO_SELECTION)}>
              Clear selection
            </Button>
          </div>
        </section>
      )}
      {action && (
        <BulkConfirm
          action={action}
          count={count}
          pending={change.isPending}
          onConfirm={(developerId) => change.mutate({ target, action, developerId })}
          onCancel={() => setAction(undefined)}
        />
      )}
      {skipped && <BulkSkipped summary={skipped.summary} skipped={skipped.list} area={area} onClose={() => setSkipped(undefined)} />}
    </>
  );
}
