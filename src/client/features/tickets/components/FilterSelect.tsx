/** A compact labelled <select> for the list toolbar: the label is read out, the first option says "all". */
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
      <label htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} data-active={value !== '' || undefined}>
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
