/**
 * An on/off switch (WAI-ARIA switch: a button with aria-checked) with its label and a hint line;
 * the whole row is the click target. The state shows by the knob's side, not colour alone.
 */
import { useId } from 'react';
import styles from './Switch.module.css';

export interface SwitchProps {
  label: string;
  /** A line under the label, read as the switch's description. */
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** @default false */
  disabled?: boolean;
}

export function Switch({ label, hint, checked, onChange, disabled = false }: SwitchProps) {
  const id = useId();
  return (
    <label htmlFor={id} className={styles.row}>
      <span className={styles.text}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        className={styles.switch}
        onClick={() => onChange(!checked)}
      >
        <span className={styles.knob} aria-hidden="true" />
      </button>
    </label>
  );
}
