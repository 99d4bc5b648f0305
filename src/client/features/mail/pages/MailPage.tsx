/** /admin/mail (docs/design.md#notifications): whether mail is on, the relay, the outbox, a test e-mail. */
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useMailStatus } from '../api.ts';
import { DeliveryTable } from '../components/DeliveryTable.tsx';
import { MailSummary } from '../components/MailSummary.tsx';
import { TestMailForm } from '../components/TestMailForm.tsx';
import styles from './MailPage.module.css';

const TITLE = 'Mail';

export function MailPage() {
  const status = useMailStatus();
  return (
    <section className={styles.page}>
      <PageHeader title={TITLE} />
      <QueryState query={status}>
        {(loaded) => (
          <div className={styles.body}>
            <MailSummary status={loaded} />
            <TestMailForm />
            <DeliveryTable deliveries={loaded.deliveries} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
