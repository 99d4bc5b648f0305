/**
 * A deadline in words, an icon and a colour (docs/design.md#service-levels): the service level
 * ("Due in 2 h", "Due soon: 40 min", "Breached 3 h ago", "Met") and the manual due date
 * ("Overdue Mar 1, 2020") look alike. The words carry the meaning and each state has its own
 * icon, so neither colour nor icon is needed to read it.
 */
import { formatLogDate } from '../../shared/format.ts';
import { activeDeadline, dueDateView, slaView, type SlaState, type SlaView, type TicketSla } from '../../shared/sla.ts';
import type { Status } from '../../shared/constants.ts';
import { useMinuteClock } from '../lib/useMinuteClock.ts';
import { Icon, type IconName } from './Icon.tsx';
import styles from './DeadlineBadge.module.css';

const ICONS: Record<Exclude<SlaState, 'none'>, IconName> = { on_track: 'clock', due_soon: 'warning', breached: 'breached', met: 'check' };

export interface DeadlineProps {
  view: SlaView;
  /** Said before the words to screen readers, e.g. 'Service level'. */
  spoken: string;
  /** The tooltip: the deadline itself. */
  title?: string;
  /** @default 'sm' */
  size?: 'sm' | 'lg';
}

export function Deadline({ view, spoken, title, size = 'sm' }: DeadlineProps) {
  if (view.state === 'none' || !view.text) return null;
  return (
    <span className={styles.deadline} data-state={view.state} data-size={size} title={title}>
      <Icon name={ICONS[view.state]} size={size === 'lg' ? 24 : 14} className={styles.icon} />
      <span className="visually-hidden">{spoken}: </span>
      <span className={styles.text}>{view.text}</span>
    </span>
  );
}

function deadlineTitle(sla: TicketSla): string | undefined {
  const at = activeDeadline(sla);
  if (!at || sla.state === 'met') return undefined;
  return `${sla.responded_at === null && sla.respond_by !== null ? 'Take by' : 'Close by'} ${formatLogDate(at)}`;
}

/** A ticket's service level as of now; nothing while none applies. */
export function SlaBadge({ sla, size }: { sla: TicketSla | null | undefined; size?: 'sm' | 'lg' }) {
  const now = useMinuteClock();
  if (!sla) return null;
  return <Deadline view={slaView(sla, new Date(now))} spoken="Service level" title={deadlineTitle(sla)} size={size} />;
}

/** The manual due date while the ticket is open: "Due Jan 15, 2027" or "Overdue Jan 15, 2027". */
export function DueDateBadge({ ticket, size }: { ticket: { due_date: string | null; status: Status }; size?: 'sm' | 'lg' }) {
  const now = useMinuteClock();
  const view = dueDateView(ticket, new Date(now));
  return view ? <Deadline view={view} spoken="Due date" size={size} /> : null;
}
