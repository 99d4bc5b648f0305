import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TicketQueue } from '../components/TicketQueue.tsx';
import { DEVELOPER_LIST } from '../scopes.ts';
import styles from '../../../components/Page.module.css';

/** product.md#developer-area: Assigned Tickets (default; assigned to me) / All Tickets. */
/** @param actions the header's extra actions, composed in app/ (Save view). */
export function DeveloperHomePage({ actions }: { actions?: ReactNode }) {
  return (
    <div className={styles.page}>
      <PageHeader title="Tickets" actions={actions} />
      <TicketQueue config={DEVELOPER_LIST} />
    </div>
  );
}
