/**
 * Create a Ticket before any category or service exists (docs/product.md#first-run): a ticket needs
 * both, so instead of a form that cannot be sent, a super is shown where to add them and anyone else
 * whom to ask.
 */
import { Link } from 'wouter';
import type { Role } from '../../../../shared/constants.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ROUTES } from '../../../lib/paths.ts';
import styles from './FirstRunNotice.module.css';

export interface Missing {
  categories: boolean;
  services: boolean;
}

const TITLE = 'Create a Ticket';

/** What is missing, in one sentence. */
export function missingSentence({ categories, services }: Missing): string {
  if (categories && services) return 'There are no categories or services yet.';
  return categories ? 'There are no categories yet.' : 'There are no services yet.';
}

export const SUPER_STEP = 'Every ticket is filed under a category and a service. Add them first, then come back here:';
export const ASK_ADMIN = 'Every ticket is filed under a category and a service. Please ask an administrator to add them.';

export function FirstRunNotice({ role, missing }: { role: Role; missing: Missing }) {
  return (
    <section className={styles.card} aria-labelledby="first-run-title">
      <h1 id="first-run-title" className={styles.title}>
        {TITLE}
      </h1>
      <EmptyState message={missingSentence(missing)}>
        {role === 'super' ? (
          <>
            <p className={styles.text}>{SUPER_STEP}</p>
            <ul className={styles.links}>
              {missing.categories && (
                <li>
                  <Link href={ROUTES.admin.categories}>Add a category</Link>
                </li>
              )}
              {missing.services && (
                <li>
                  <Link href={ROUTES.admin.services}>Add a service</Link>
                </li>
              )}
            </ul>
          </>
        ) : (
          <p className={styles.text}>{ASK_ADMIN}</p>
        )}
      </EmptyState>
    </section>
  );
}
