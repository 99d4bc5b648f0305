/** The last 100 deliveries, newest first, with the relay's last answer for each. */
import { formatLogDate } from '../../../../shared/format.ts';
import { Table, type Column } from '../../../components/Table.tsx';
import type { DeliveryState, MailDelivery } from '../api.ts';
import panel from '../../../components/Panel.module.css';
import styles from './Mail.module.css';

const STATE_WORDS: Record<DeliveryState, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
const NONE = '—';

const COLUMNS: readonly Column<MailDelivery>[] = [
  { header: 'To', cell: (row) => <span className={styles.break}>{row.to}</span> },
  { header: 'Subject', cell: (row) => <span className={styles.break}>{row.subject}</span> },
  {
    header: 'State',
    cell: (row) => (
      <span className={styles.delivery} data-state={row.state}>
        {STATE_WORDS[row.state] ?? row.state}
      </span>
    ),
  },
  { header: 'Attempts', cell: (row) => row.attempts, align: 'end' },
  { header: "Relay's answer", cell: (row) => <span className={`${styles.mono} ${styles.break}`}>{row.last_reply ?? NONE}</span> },
  { header: 'Queued at', cell: (row) => formatLogDate(row.created_at) },
  { header: 'Sent at', cell: (row) => (row.sent_at ? formatLogDate(row.sent_at) : NONE) },
];

export function DeliveryTable({ deliveries }: { deliveries: readonly MailDelivery[] }) {
  return (
    <section className={`${panel.panel} ${styles.deliveries}`} aria-labelledby="mail-deliveries-title">
      <h2 id="mail-deliveries-title" className={panel.heading}>
        Last deliveries
      </h2>
      {deliveries.length === 0 ? (
        <p className={styles.none}>No mail has been sent yet.</p>
      ) : (
        <Table columns={COLUMNS} rows={deliveries} rowKey={(row) => row.id} caption="The last 100 deliveries, newest first" stackOnPhone />
      )}
    </section>
  );
}
