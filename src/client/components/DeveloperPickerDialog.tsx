/**
 * A dialog that picks one developer from the developer list (product.md#transitions), for one
 * ticket or many; the caller reads the list (useDevelopers) and hands it in.
 */
import { useState, type FormEvent } from 'react';
import type { User } from '../../shared/types.ts';
import { validateAssignDeveloper } from '../../shared/validators.ts';
import { Dialog } from './Dialog.tsx';
import { FormActions, FormLayout } from './FormLayout.tsx';
import { QueryState, type QueryLike } from './QueryState.tsx';
import { SelectField } from './SelectField.tsx';
import { useFormErrors } from '../lib/useFormErrors.ts';

export interface DeveloperPickerDialogProps {
  title: string;
  developers: QueryLike<User[]>;
  pending: boolean;
  onPick(developerId: number): void;
  onClose(): void;
}

export function DeveloperPickerDialog({ title, developers, pending, onPick, onClose }: DeveloperPickerDialogProps) {
  const [developerId, setDeveloperId] = useState('');
  const { errors, check } = useFormErrors(validateAssignDeveloper, { developer_id: developerId });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) onPick(Number(developerId));
  }

  return (
    <Dialog open title={title} onClose={onClose}>
      <QueryState query={developers}>
        {(list) => (
          <FormLayout onSubmit={submit}>
            <SelectField
              label="Developer"
              name="developer_id"
              value={developerId}
              onChange={setDeveloperId}
              error={errors.developer_id}
              placeholder="Select a developer"
              options={list.map((dev) => ({ value: String(dev.id), label: `${dev.first_name} ${dev.last_name}` }))}
            />
            <FormActions submitLabel="Assign" pendingLabel="Assigning..." pending={pending} onCancel={onClose} />
          </FormLayout>
        )}
      </QueryState>
    </Dialog>
  );
}
