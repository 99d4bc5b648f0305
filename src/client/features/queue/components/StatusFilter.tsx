import { useId } from 'react';
import { STATUSES, type Status } from '../../../../shared/constants.ts';
import type { StoredStatus } from '../../../../shared/workQueue.ts';
import styles from './StatusFilter.module.css';

const LABELS: Record<StoredStatus, string> = { opened: 'Opened', assigned: 'Assigned', closed: 'Closed' };

export interface StatusFilterProps {
  selected: readonly Status[];
  onChange(selected: StoredStatus[]): void;
  /** Tickets per status under the other filters; shown on the chips once known. */
  counts?: Record<StoredStatus, number>;
}

/**
 * Toggle chips; none selected means the list's default (open work on /admin/tickets). The count
 * is a description, not part of the name, so a chip is always found as 'Closed'.
 */
export function StatusFilter({ selected, onChange, counts }: StatusFilterProps) {
  const id = useId();
  function toggle(status: StoredStatus) {
    const on = selected.filter((s): s is StoredStatus => s !== 'reopened');
    onChange(on.includes(status) ? on.filter((s) => s !== status) : [...on, status]);
  }
  return (
    <div role="group" aria-label="Filter by status" className={styles.group}>
      {STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={selected.includes(status)}
          aria-describedby={counts ? `${id}-${status}` : undefined}
          className={styles.chip}
          data-status={status}
          onClick={() => toggle(status)}
        >
          {LABELS[status]}
          {counts && (
            <span className={styles.count} aria-hidden="true">
              {counts[status]}
            </span>
          )}
        </button>
      ))}
      {counts &&
        STATUSES.map((status) => (
          <span key={status} id={`${id}-${status}`} hidden>
            {counts[status] === 1 ? '1 ticket' : `${counts[status]} tickets`}
          </span>
        ))}
    </div>
  );
}
