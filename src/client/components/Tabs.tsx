/** A segmented toggle (All / My, Assigned / All): buttons with aria-pressed, one of them on. */
import styles from './Tabs.module.css';

export interface TabOption<V extends string> {
  value: V;
  label: string;
}

export interface TabsProps<V extends string> {
  value: V;
  options: readonly TabOption<V>[];
  onChange: (value: V) => void;
  /** Accessible name of the group. @default 'View' */
  label?: string;
}

export function Tabs<V extends string>({ value, options, onChange, label = 'View' }: TabsProps<V>) {
  return (
    <div role="group" aria-label={label} className={styles.tabs}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          className={option.value === value ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
