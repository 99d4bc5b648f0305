/**
 * The ticket's activity log as entries of its timeline (docs/design.md#ticket-page). Each line is
 * product.md#log-entry's '@name: action ticket at date time', exactly; an assignment says beside
 * it who was given the ticket (the entry's `assignee`, when the server knows it).
 */
import { useMemo } from 'react';
import type { TicketLogEntry } from '../../../../shared/types.ts';
import { formatLogEntry, logEntryTime } from '../../../../shared/format.ts';
import { useTicketLog } from '../../../api/tickets.ts';
import { QueryError } from '../../../components/QueryState.tsx';
import { timelineStyles, type Activity } from '../../../components/Timeline.tsx';
import styles from './TicketLog.module.css';

export function LogEntry({ entry }: { entry: TicketLogEntry }) {
  const assignee = entry.action === 'assigned' ? entry.assignee : null;
  return (
    <li className={`${timelineStyles.entry} ${styles.entry}`} data-action={entry.action}>
      <span className={styles.line} data-log-line="">
        {formatLogEntry(entry)}
      </span>
      {assignee && (
        <span className={styles.assignee}>
          to <strong>{assignee}</strong>
        </span>
      )}
    </li>
  );
}

/** The log's entries for the timeline; while it loads there are none, a failure says so with Retry. */
export function useActivity(number: string): Activity {
  const log = useTicketLog(number);
  const entries = log.data;
  const items = useMemo(
    () => (entries ?? []).map((entry) => ({ key: `entry-${entry.id}`, at: logEntryTime(entry) ?? entry.created_at, node: <LogEntry entry={entry} /> })),
    [entries],
  );
  return { items, status: log.error ? <QueryError error={log.error} onRetry={log.refetch} /> : null };
}
