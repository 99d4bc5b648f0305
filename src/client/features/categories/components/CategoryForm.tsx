/** The category name form, used by the create page and the edit dialog. */
import { useState, type FormEvent } from 'react';
import { validateCategory } from '../../../../shared/validators.ts';
import { ApiError } from '../../../lib/request.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormActions, FormLayout } from '../../../components/FormLayout.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { CategoryInput } from '../api.ts';

const NAME_LABEL = 'Category name';

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
  const { errors, check } = useFormErrors(validateCategory, { name });
  const server = error instanceof ApiError ? error.errors : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) onSubmit({ name: name.trim() });
  }

  return (
    <FormLayout onSubmit={submit}>
      <TextField label={NAME_LABEL} name="name" value={name} onChange={setName} error={errors.name ?? server?.name?.[0]} />
      <FormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} />
    </FormLayout>
  );
}
