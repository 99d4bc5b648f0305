/** A ticket's deadlines side by side: its service level and its manual due date; nothing when it has neither. */
import type { Ticket } from '../../shared/types.ts';
import { slaView } from '../../shared/sla.ts';
import { DueDateBadge, SlaBadge } from './DeadlineBadge.tsx';
import styles from './DeadlineBadge.module.css';

export function Deadlines({ ticket, size }: { ticket: Pick<Ticket, 'sla' | 'due_date' | 'status'>; size?: 'sm' | 'lg' }) {
  const hasSla = slaView(ticket.sla, new Date()).state !== 'none';
  const hasDue = ticket.due_date !== null && ticket.status !== 'closed';
  if (!hasSla && !hasDue) return null;
  return (
    <div className={styles.group}>
      <SlaBadge sla={ticket.sla} size={size} />
      <DueDateBadge ticket={ticket} size={size} />
    </div>
  );
}
