/** A create page: a narrow centred card with the page's h1 above its form. */
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';
import styles from './FormCard.module.css';

export interface FormCardProps {
  title: string;
  children: ReactNode;
}

export function FormCard({ title, children }: FormCardProps) {
  return (
    <section className={styles.card}>
      <PageHeader title={title} />
      {children}
    </section>
  );
}
