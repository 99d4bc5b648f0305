/** A dialog holding one form: its fields, then Cancel (closes) and a submit button with progress. */
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import { FormActions, FormLayout } from './FormLayout.tsx';

const SAVING_LABEL = 'Saving...';

export interface FormDialogProps {
  title: string;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  submitLabel: string;
  /** Shown on the submit button while pending. @default 'Saving...' */
  pendingLabel?: string;
  /** @default false */
  pending?: boolean;
  /** The fields. */
  children: ReactNode;
  /** Shown under the form (its buttons included): a part saved apart, e.g. switches saved at once. */
  after?: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, submitLabel, pendingLabel = SAVING_LABEL, pending = false, children, after }: FormDialogProps) {
  return (
    <Dialog open title={title} onClose={onClose}>
      <FormLayout onSubmit={onSubmit}>
        {children}
        <FormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onClose} />
      </FormLayout>
      {after}
    </Dialog>
  );
}
