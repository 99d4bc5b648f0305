/** The bulk bar's dialogs: the confirmation naming the count, the developer picker, and what was skipped. */
import { Link } from 'wouter';
import { BULK_ACTION_LABELS, bulkQuestion, type BulkAction, type BulkSkip } from '../../../../shared/bulk.ts';
import { useDevelopers } from '../../../api/users.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { detailPath, type Area } from '../../../lib/paths.ts';
import styles from './BulkBar.module.css';
import { DeveloperPickerDialog } from '../../../components/DeveloperPickerDialog.tsx';

export interface BulkConfirmProps {
  action: BulkAction;
  count: number;
  pending: boolean;
  onConfirm(developerId?: number): void;
  onCancel(): void;
}

/** "Close 12 tickets?"; assigning first picks the developer (product.md#transitions: from the developer list). */
export function BulkConfirm({ action, count, pending, onConfirm, onCancel }: BulkConfirmProps) {
  if (action === 'assign') return <BulkAssign count={count} pending={pending} onConfirm={onConfirm} onCancel={onCancel} />;
  return (
    <ConfirmDialog
      open
      title={bulkQuestion(action, count)}
      description="Each ticket is changed only if its state and your role allow it; the others are skipped and listed."
      confirmLabel={BULK_ACTION_LABELS[action].button}
      pendingLabel="Working..."
      confirmVariant={action === 'reopen' ? 'primary' : 'danger'}
      pending={pending}
      onConfirm={() => onConfirm()}
      onCancel={onCancel}
    />
  );
}

function BulkAssign({ count, pending, onConfirm, onCancel }: Omit<BulkConfirmProps, 'action'>) {
  const developers = useDevelopers();
  return (
    <DeveloperPickerDialog title={bulkQuestion('assign', count)} developers={developers} pending={pending} onPick={onConfirm} onClose={onCancel} />
  );
}

export interface BulkSkippedProps {
  summary: string;
  skipped: readonly BulkSkip[];
  area: Area;
  onClose(): void;
}

/** The tickets left as they were, each with why, linked to its page. */
export function BulkSkipped({ summary, skipped, area, onClose }: BulkSkippedProps) {
  return (
    <Dialog open title="Skipped tickets" description={summary} onClose={onClose}>
      <ul className={styles.skipped}>
        {skipped.map(({ number, reason }) => (
          <li key={number}>
            <Link href={detailPath(area, number)} className={styles.skippedNumber}>
              {number}
            </Link>
            <span>{reason}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
