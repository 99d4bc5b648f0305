import { STATUSES, type Status } from '../../../../shared/constants.ts';
import styles from './StatusFilter.module.css';

const LABELS: Record<(typeof STATUSES)[number], string> = { opened: 'Opened', assigned: 'Assigned', closed: 'Closed' };

export interface StatusFilterProps {
  selected: readonly Status[];
  onChange(selected: Status[]): void;
}

/** Toggle chips; none selected means the default filter (opened, assigned, reopened). */
export function StatusFilter({ selected, onChange }: StatusFilterProps) {
  function toggle(status: Status) {
    onChange(selected.includes(status) ? selected.filter((s) => s !== status) : [...selected, status]);
  }
  return (
    <div role="group" aria-label="Filter by status" className={styles.group}>
      {STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={selected.includes(status)}
          className={styles.chip}
          data-status={status}
          onClick={() => toggle(status)}
        >
          {LABELS[status]}
        </button>
      ))}
    </div>
  );
}
