/** A range without a single ticket says so in words: empty axes and a table of zeros tell nothing. */
import { EmptyState } from '../../../components/EmptyState.tsx';
import { longDay } from '../format.ts';
import styles from './EmptyReport.module.css';

export const EMPTY_REPORT = 'No tickets in these days.';
/** A chart with nothing to draw though the report has tickets elsewhere. */
export const NO_CREATED_OR_CLOSED = 'No tickets were created or closed in these days.';
export const NO_BACKLOG = 'No tickets were open at the end of these days.';

export function EmptyReport({ from, to }: { from: string; to: string }) {
  return (
    <div>
      <EmptyState message={EMPTY_REPORT}>
        <p className={styles.text}>
          From {longDay(from)} to {longDay(to)} no ticket was created, closed or open. Choose a longer range, or other days, above.
        </p>
      </EmptyState>
    </div>
  );
}
