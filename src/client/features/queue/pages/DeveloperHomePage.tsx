import { PageHeader } from '../../../components/PageHeader.tsx';
import { TicketQueue } from '../components/TicketQueue.tsx';
import { DEVELOPER_LIST } from '../scopes.ts';
import styles from '../../../components/Page.module.css';

/** product.md#developer-area: Assigned Tickets (default; assigned to me) / All Tickets. */
export function DeveloperHomePage() {
  return (
    <div className={styles.page}>
      <PageHeader title="Tickets" />
      <TicketQueue config={DEVELOPER_LIST} />
    </div>
  );
}
