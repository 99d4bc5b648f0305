/** Status and priority badges: colour AND text, never colour alone (product.md#transitions). */
import type { Priority, Status } from '../../shared/constants.ts';
import styles from './Badge.module.css';

type Tone = 'red' | 'yellow' | 'green';

const STATUS_TONE: Record<Status, Tone> = { opened: 'red', reopened: 'red', assigned: 'yellow', closed: 'green' };
const PRIORITY_TONE: Record<Priority, Tone> = { high: 'red', medium: 'yellow', low: 'green' };

function Badge({ tone, children, kind }: { tone: Tone | undefined; children: string; kind: string }) {
  return (
    <span className={`${styles.badge} ${styles[tone ?? 'neutral']}`} data-kind={kind}>
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge tone={STATUS_TONE[status]} kind="status">
      {status}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge tone={PRIORITY_TONE[priority]} kind="priority">
      {priority}
    </Badge>
  );
}
