/** A centred title, text and action; used for the not-found page and the area loading fallback. */
import type { ReactNode } from 'react';
import styles from './App.module.css';

export function EmptyStateFrame({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <section className={styles.frame}>
      <h1 className={styles.frameTitle}>{title}</h1>
      {text && <p className={styles.frameText}>{text}</p>}
      {children}
    </section>
  );
}
