/** The service form (name and app), used by the create page and the edit dialog. */
import { useState, type FormEvent } from 'react';
import { APP_LABELS, APPS } from '../../../../shared/constants.ts';
import { validateService } from '../../../../shared/validators.ts';
import { ApiError } from '../../../lib/request.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormActions, FormLayout } from '../../../components/FormLayout.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { ServiceInput } from '../api.ts';

const NAME_LABEL = 'Service name';
const APP_LABEL = 'App';
const APP_PLACEHOLDER = 'Select app';
const APP_OPTIONS = APPS.map((app) => ({ value: app, label: APP_LABELS[app] }));

interface Props {
  initial?: ServiceInput;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last failed answer: its 422 field errors are shown under the fields. */
  error: Error | null;
  onSubmit(input: ServiceInput): void;
  onCancel(): void;
}

export function ServiceForm({ initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [app, setApp] = useState(initial?.app ?? '');
  const { errors, check } = useFormErrors(validateService, { name, app });
  const server = error instanceof ApiError ? error.errors : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) onSubmit({ name: name.trim(), app });
  }

  return (
    <FormLayout onSubmit={submit}>
      <TextField label={NAME_LABEL} name="name" value={name} onChange={setName} error={errors.name ?? server?.name?.[0]} />
      <SelectField
        label={APP_LABEL}
        name="app"
        value={app}
        onChange={setApp}
        options={APP_OPTIONS}
        placeholder={APP_PLACEHOLDER}
        error={errors.app ?? server?.app?.[0]}
      />
      <FormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} />
    </FormLayout>
  );
}
