import { useTicketLog } from '../../../api/tickets.ts';
import { formatLogEntry } from '../../../../shared/format.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import panel from '../../../components/Panel.module.css';
import styles from './TicketLog.module.css';

export function TicketLog({ number }: { number: string }) {
  const log = useTicketLog(number);
  return (
    <section className={panel.panel} aria-labelledby="ticket-log-title">
      <h2 id="ticket-log-title" className={panel.heading}>
        Activity Log
      </h2>
      <QueryState query={log}>
        {(entries) => (
          <ol className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.entry} data-action={entry.action}>
                {formatLogEntry(entry)}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
