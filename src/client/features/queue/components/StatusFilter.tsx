import { useId } from 'react';
import { STATUSES } from '../../../../shared/constants.ts';
import type { StoredStatus } from '../../../../shared/workQueue.ts';
import styles from './StatusFilter.module.css';

const LABELS: Record<StoredStatus, string> = { opened: 'Opened', assigned: 'Assigned', closed: 'Closed' };
type ChipName = StoredStatus | 'all' | 'overdue';

export interface StatusFilterProps {
  /** The pressed status chips; [] is 'All' (filterState.ts). */
  shown: readonly StoredStatus[];
  overdue: boolean;
  onToggle(status: StoredStatus): void;
  onAll(): void;
  onOverdue(): void;
  /** Tickets per status under the other filters; shown on the chips once known. */
  counts?: Record<StoredStatus, number>;
  /** Overdue open work under the other filters. */
  overdueCount?: number;
}

/** In words, what the chips let through: whether closed work is in the list is never left to guess. */
export function filterSummary(shown: readonly StoredStatus[], overdue: boolean): string {
  if (overdue) return 'Showing overdue open work';
  if (shown.length === 0) return 'Showing every status, closed included';
  const names = shown.map((status) => LABELS[status]);
  return `Showing ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} only`;
}

const spoken = (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`);

/**
 * Toggle chips, pressed exactly when they filter, the default included. The count is a
 * description, not part of the name, so a chip is always found as 'Closed'.
 */
export function StatusFilter({ shown, overdue, onToggle, onAll, onOverdue, counts, overdueCount }: StatusFilterProps) {
  const id = useId();
  const total = counts ? STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const chips: { name: ChipName; label: string; pressed: boolean; count: number | undefined; onClick(): void }[] = [
    { name: 'all', label: 'All', pressed: shown.length === 0 && !overdue, count: total, onClick: onAll },
    ...STATUSES.map((status) => ({ name: status, label: LABELS[status], pressed: shown.includes(status), count: counts?.[status], onClick: () => onToggle(status) })),
    { name: 'overdue', label: 'Overdue', pressed: overdue, count: overdueCount, onClick: onOverdue },
  ];
  return (
    <div className={styles.wrap}>
      <div role="group" aria-label="Filter by status" aria-describedby={`${id}-summary`} className={styles.group}>
        {chips.map((chip) => (
          <button
            key={chip.name}
            type="button"
            aria-pressed={chip.pressed}
            aria-describedby={chip.count !== undefined ? `${id}-${chip.name}` : undefined}
            className={styles.chip}
            data-status={chip.name}
            onClick={chip.onClick}
          >
            {chip.label}
            {chip.count !== undefined && (
              <span className={styles.count} aria-hidden="true">
                {chip.count}
              </span>
            )}
          </button>
        ))}
        {chips.map(
          (chip) =>
            chip.count !== undefined && (
              <span key={chip.name} id={`${id}-${chip.name}`} hidden>
                {spoken(chip.count)}
              </span>
            ),
        )}
      </div>
      <p id={`${id}-summary`} className={styles.summary}>
        {filterSummary(shown, overdue)}
      </p>
    </div>
  );
}
