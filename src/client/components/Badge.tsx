/**
 * Status and priority, never by colour alone (product.md#transitions), and never alike: a status
 * is a filled pill with a dot; a priority is an outlined tag with signal bars (3 high, 2 medium,
 * 1 low) and says 'priority' to screen readers. The colours of product.md#transitions stay (assigned and medium are
 * both yellow), so the shapes tell them apart.
 */
import type { Priority, Status } from '../../shared/constants.ts';
import styles from './Badge.module.css';

type Tone = 'red' | 'yellow' | 'green';

const STATUS_TONE: Record<Status, Tone> = { opened: 'red', reopened: 'red', assigned: 'yellow', closed: 'green' };
const PRIORITY_TONE: Record<Priority, Tone> = { high: 'red', medium: 'yellow', low: 'green' };
const PRIORITY_BARS: Record<Priority, number> = { high: 3, medium: 2, low: 1 };
const BAR_HEIGHTS = [4, 7, 10];

export function StatusBadge({ status }: { status: Status }) {
  return (
    <span className={`${styles.badge} ${styles[STATUS_TONE[status] ?? 'neutral']}`} data-kind="status">
      {status}
    </span>
  );
}

function SignalBars({ lit }: { lit: number }) {
  return (
    <svg className={styles.bars} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
      {BAR_HEIGHTS.map((height, i) => (
        <rect key={height} x={i * 4.5} y={11 - height} width="3" height={height} rx="0.5" className={i < lit ? styles.barLit : styles.barDim} />
      ))}
    </svg>
  );
}

export interface PriorityBadgeProps {
  priority: Priority;
  /** Say 'priority' after the level to screen readers; off in a column headed Priority. @default true */
  spoken?: boolean;
}

export function PriorityBadge({ priority, spoken = true }: PriorityBadgeProps) {
  return (
    <span className={`${styles.priority} ${styles[PRIORITY_TONE[priority] ?? 'neutral']}`} data-kind="priority" data-level={priority}>
      <SignalBars lit={PRIORITY_BARS[priority] ?? 0} />
      {priority}
      {spoken && <span className="visually-hidden"> priority</span>}
    </span>
  );
}
