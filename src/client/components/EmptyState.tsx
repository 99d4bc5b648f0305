/** An illustration and one of the empty-state messages of product.md#empty-states. */
import type { ReactNode } from 'react';
import { EMPTY_STATES, type EmptyVariant } from '../../shared/messages.ts';
import styles from './EmptyState.module.css';

/** One of product.md's variants, or (beyond them, e.g. a search with no match) a message of our own. */
export type EmptyStateProps = ({ variant: EmptyVariant; message?: undefined } | { variant?: undefined; message: string }) & {
  /** Optional action under the message, e.g. a create link. */
  children?: ReactNode;
};

function Illustration() {
  return (
    <svg className={styles.image} viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="106" rx="58" ry="8" fill="var(--color-surface-muted)" />
      <rect x="38" y="22" width="84" height="72" rx="8" fill="var(--color-surface)" stroke="var(--color-border)" strokeWidth="2" />
      <rect x="38" y="22" width="84" height="16" rx="8" fill="var(--color-primary-soft)" />
      <rect x="50" y="50" width="44" height="6" rx="3" fill="var(--color-border)" />
      <rect x="50" y="62" width="60" height="6" rx="3" fill="var(--color-border)" />
      <rect x="50" y="74" width="32" height="6" rx="3" fill="var(--color-border)" />
      <circle cx="118" cy="30" r="14" fill="var(--color-primary)" />
      <path d="M112 30h12" stroke="var(--color-on-primary)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function EmptyState({ variant, message, children }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <Illustration />
      <p className={styles.message}>{variant ? EMPTY_STATES[variant] : message}</p>
      {children}
    </div>
  );
}
