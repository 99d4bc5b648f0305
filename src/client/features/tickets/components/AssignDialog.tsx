import { useState, type FormEvent } from 'react';
import type { Ticket, User } from '../../../../shared/types.ts';
import { validateAssignDeveloper } from '../../../../shared/validators.ts';
import { useDevelopers } from '../../../api/users.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { FormActions, FormLayout } from '../../../components/FormLayout.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useChangeStatus } from '../api.ts';
import { destinationAfter } from '../navigation.ts';

export interface AssignDialogProps {
  ticket: Ticket;
  user: User;
  onClose(): void;
}

/** The admin picks a developer from the developer list (product.md#transitions). */
export function AssignDialog({ ticket, user, onClose }: AssignDialogProps) {
  const developers = useDevelopers();
  const [developerId, setDeveloperId] = useState('');
  const { errors, check } = useFormErrors(validateAssignDeveloper, { developer_id: developerId });
  const assign = useChangeStatus({
    onSuccess: onClose,
    to: () => destinationAfter('assign', user.role, ticket.number, 'admin'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    assign.mutate({ number: ticket.number, status: 'assigned', developer_id: Number(developerId) });
  }

  return (
    <Dialog open title="Assign developer" onClose={onClose}>
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
            <FormActions submitLabel="Assign" pendingLabel="Assigning..." pending={assign.isPending} onCancel={onClose} />
          </FormLayout>
        )}
      </QueryState>
    </Dialog>
  );
}
