import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TicketQueue } from '../components/TicketQueue.tsx';
import { ADMIN_LIST } from '../scopes.ts';
import styles from '../../../components/Page.module.css';

/** product.md#admin-area: All Tickets / My Tickets, status chips (none = open work), plus search, filters, sort, export. */
/** @param actions the header's extra actions, composed in app/ (Save view). */
export function AdminTicketsPage({ actions }: { actions?: ReactNode }) {
  return (
    <div className={styles.page}>
      <PageHeader title="Tickets" actions={actions} />
      <TicketQueue config={ADMIN_LIST} />
    </div>
  );
}
