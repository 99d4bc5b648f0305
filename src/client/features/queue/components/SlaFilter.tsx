/**
 * "Due soon" and "Breached" (docs/design.md#service-levels): toggle chips for the `sla` filter,
 * shown while service levels are on, or while the URL still filters by them, so a chip is
 * pressed exactly when it filters.
 */
import { useId } from 'react';
import { SLA_FILTERS, type SlaFilter as SlaState } from '../../../../shared/workQueue.ts';
import styles from './StatusFilter.module.css';

export const SLA_FILTER_LABELS: Record<SlaState, string> = { due_soon: 'Due soon', breached: 'Breached' };

export interface SlaFilterProps {
  selected: readonly SlaState[];
  onChange(selected: SlaState[] | undefined): void;
  /** Open tickets in each state under the other filters, once known. */
  counts?: Record<SlaState, number>;
}

export function SlaFilter({ selected, onChange, counts }: SlaFilterProps) {
  const id = useId();
  function toggle(state: SlaState) {
    const next = selected.includes(state) ? selected.filter((s) => s !== state) : [...selected, state];
    onChange(next.length > 0 ? next : undefined);
  }
  return (
    <div role="group" aria-label="Filter by service level" className={styles.group}>
      {SLA_FILTERS.map((state) => (
        <button
          key={state}
          type="button"
          aria-pressed={selected.includes(state)}
          aria-describedby={counts ? `${id}-${state}` : undefined}
          className={styles.chip}
          data-sla={state}
          onClick={() => toggle(state)}
        >
          {SLA_FILTER_LABELS[state]}
          {counts && (
            <span className={styles.count} aria-hidden="true">
              {counts[state]}
            </span>
          )}
        </button>
      ))}
      {counts &&
        SLA_FILTERS.map((state) => (
          <span key={state} id={`${id}-${state}`} hidden>
            {counts[state] === 1 ? '1 ticket' : `${counts[state]} tickets`}
          </span>
        ))}
    </div>
  );
}
