/** The stacked form every create page and form dialog uses, with its Cancel / submit footer. */
import type { FormEvent, ReactNode } from 'react';
import { Button, ButtonLink } from './Button.tsx';
import styles from './FormLayout.module.css';

const CANCEL_LABEL = 'Cancel';

export interface FormLayoutProps {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

/** A `noValidate` form: the shared validators report errors under the fields instead. */
export function FormLayout({ onSubmit, children }: FormLayoutProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}

export interface FormActionsProps {
  submitLabel: string;
  /** Shown on the submit button while pending. */
  pendingLabel: string;
  /** Disables the submit button. @default false */
  pending?: boolean;
  /** Cancel as a button; ignored when `cancelHref` is given. */
  onCancel?(): void;
  /** Cancel as a link to this path instead of a button. */
  cancelHref?: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
}

export function FormActions(props: FormActionsProps) {
  const { submitLabel, pendingLabel, pending = false, onCancel, cancelHref, cancelLabel = CANCEL_LABEL } = props;
  return (
    <div className={styles.actions}>
      {cancelHref !== undefined ? (
        <ButtonLink href={cancelHref} variant="secondary">
          {cancelLabel}
        </ButtonLink>
      ) : (
        <Button type="button" variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
