import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '../../../../shared/validators.ts';
import type { TicketFormValues } from '../form.ts';
import { TicketFormFields } from './TicketFormFields.tsx';
import styles from './TicketForm.module.css';

export interface TicketFormProps {
  title: string;
  values: TicketFormValues;
  errors: FieldErrors;
  onChange(patch: Partial<TicketFormValues>): void;
  onSubmit(): void;
  /** The Create, or Cancel and Save, buttons. */
  buttons: ReactNode;
}

/** The create and edit screens share the card, the fields and their order. */
export function TicketForm({ title, values, errors, onChange, onSubmit, buttons }: TicketFormProps) {
  // A refused image stays refused until another is picked or it is removed: the form is not sent meanwhile.
  const [pickerProblem, setPickerProblem] = useState<string>();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pickerProblem) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="image"]')?.focus();
      return;
    }
    onSubmit();
  }
  return (
    <section className={styles.card} aria-labelledby="ticket-form-title">
      <h1 id="ticket-form-title" className={styles.title}>
        {title}
      </h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TicketFormFields values={values} errors={errors} onChange={onChange} onImageProblem={setPickerProblem} />
        <div className={styles.buttons}>{buttons}</div>
      </form>
    </section>
  );
}
