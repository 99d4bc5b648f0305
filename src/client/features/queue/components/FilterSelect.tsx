/**
 * A compact labelled <select> for the list toolbar. With an "all" option the label shows on phones
 * only: on wide screens 'All apps' says what the select is, and saves a row.
 */
import { useId } from 'react';
import styles from './TicketToolbar.module.css';

export interface FilterSelectProps {
  label: string;
  value: string;
  /** The first option (value ''), e.g. 'All apps'. */
  all?: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}

export function FilterSelect({ label, value, all, options, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={styles.select}>
      <label htmlFor={id} className={all === undefined ? styles.selectLabel : `${styles.selectLabel} ${styles.phoneOnly}`}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} data-active={(all !== undefined && value !== '') || undefined}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
