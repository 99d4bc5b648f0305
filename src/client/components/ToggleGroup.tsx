/** A toggle group (All / My, Assigned / All, cards / table): buttons with aria-pressed, exactly one of them on. */
import styles from './ToggleGroup.module.css';

export interface ToggleOption<V extends string> {
  value: V;
  label: string;
}

export interface ToggleGroupProps<V extends string> {
  value: V;
  options: readonly ToggleOption<V>[];
  onChange: (value: V) => void;
  /** Accessible name of the group. @default 'View' */
  label?: string;
}

export function ToggleGroup<V extends string>({ value, options, onChange, label = 'View' }: ToggleGroupProps<V>) {
  return (
    <div role="group" aria-label={label} className={styles.group}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          className={option.value === value ? `${styles.option} ${styles.active}` : styles.option}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
