/** The category name form, used by the create page and the edit dialog. */
import { useState, type FormEvent } from 'react';
import { hasErrors, validateCategory, type FieldErrors } from '../../../../shared/validators.ts';
import { ApiError } from '../../../lib/request.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { CategoryInput } from '../api.ts';
import styles from './CategoryForm.module.css';

const NAME_LABEL = 'Category name';
const CANCEL_LABEL = 'Cancel';

interface Props {
  initial?: CategoryInput;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last failed answer: its 422 field errors are shown under the fields. */
  error: Error | null;
  onSubmit(input: CategoryInput): void;
  onCancel(): void;
}

export function CategoryForm({ initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = error instanceof ApiError ? error.errors : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCategory({ name });
    setErrors(found);
    if (!hasErrors(found)) onSubmit({ name: name.trim() });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label={NAME_LABEL} name="name" value={name} onChange={setName} error={errors.name ?? server?.name?.[0]} />
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {CANCEL_LABEL}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
