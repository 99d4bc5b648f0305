/** The page's h1 with its actions on the right (they wrap below on phones). */
import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

export interface PageHeaderProps {
  title: string;
  actions?: ReactNode;
  /** Small line above the title, e.g. breadcrumbs. */
  eyebrow?: ReactNode;
}

export function PageHeader({ title, actions, eyebrow }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        {eyebrow && <div className={styles.eyebrow}>{eyebrow}</div>}
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
