/** "Are you sure…?" with Cancel and a confirm button that shows progress while pending. */
import { Button, type ButtonVariant } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './Dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  /** @default 'Yes' */
  confirmLabel?: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  /** @default false */
  pending?: boolean;
  /** Shown on the confirm button while pending. @default confirmLabel */
  pendingLabel?: string;
  /** @default 'danger' */
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel = 'Yes', cancelLabel = 'Cancel', pending = false } = props;
  const { pendingLabel = confirmLabel, confirmVariant = 'danger', onConfirm, onCancel } = props;
  return (
    <Dialog open={open} title={title} description={description} onClose={onCancel} role="alertdialog" hideClose>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
