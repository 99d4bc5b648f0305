/** The label / control / error frame shared by TextField, TextArea and SelectField. */
import type { ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  /** Visually hide the label (it stays for screen readers). @default false */
  hideLabel?: boolean;
  children: ReactNode;
}

const errorId = (id: string) => `${id}-error`;

export function FieldFrame({ id, label, error, hideLabel = false, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** An error shown on its own, for a field that is not on screen yet. */
export function FieldError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.error}>
      {children}
    </p>
  );
}

/** Props every control gets so that the error is announced with it. */
export function controlProps(id: string, error: string | undefined, extra?: string) {
  return {
    id,
    className: [styles.control, error ? styles.invalid : '', extra].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(id) : undefined,
  };
}
