/** A catalogue record's form (a category's name; a service's name and app), used by the create page and the edit dialog. */
import { useState, type FormEvent } from 'react';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormActions, FormLayout } from '../../../components/FormLayout.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { Catalog, CatalogInput, CatalogRow } from '../kinds.ts';

interface Props {
  catalog: Catalog;
  initial?: CatalogRow;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last failed answer: its 422 field errors are shown under the fields. */
  error: Error | null;
  onSubmit(input: CatalogInput): void;
  onCancel(): void;
}

export function CatalogForm({ catalog, initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<CatalogInput>(() =>
    Object.fromEntries(catalog.fields.map((field) => [field.name, initial?.[field.name] ?? ''])),
  );
  const { errors, check } = useFormErrors(catalog.validate, values, error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    // A chosen option is sent as it is; typed text without its surrounding spaces.
    onSubmit(Object.fromEntries(catalog.fields.map(({ name, select }) => [name, select ? values[name] : values[name]?.trim()])));
  }

  return (
    <FormLayout onSubmit={submit}>
      {catalog.fields.map(({ name, label, select }) => {
        const field = {
          label,
          name,
          value: values[name] ?? '',
          onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
          error: errors[name],
        };
        return select ? (
          <SelectField key={name} {...field} options={select.options} placeholder={select.placeholder} />
        ) : (
          <TextField key={name} {...field} />
        );
      })}
      <FormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onCancel={onCancel} />
    </FormLayout>
  );
}
