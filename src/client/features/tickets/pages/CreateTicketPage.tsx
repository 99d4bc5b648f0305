import { useState } from 'react';
import { useLocation } from 'wouter';
import { hasErrors, validateCreateTicket, type FieldErrors } from '../../../../shared/validators.ts';
import { useAuth } from '../../../lib/auth.ts';
import { Button } from '../../../components/Button.tsx';
import { useCreateTicket } from '../api.ts';
import { EMPTY_FORM, toPayload, type TicketFormValues } from '../form.ts';
import { areaOf, destinationAfter } from '../navigation.ts';
import { TicketForm } from '../components/TicketForm.tsx';

export function CreateTicketPage() {
  const [location, navigate] = useLocation();
  const role = useAuth((state) => state.user?.role) ?? 'support';
  const [values, setValues] = useState<TicketFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTicket(() => navigate(destinationAfter('create', role, '', areaOf(location))));

  function submit() {
    const payload = toPayload(values);
    const found = validateCreateTicket({ ...payload });
    setErrors(found);
    if (!hasErrors(found)) create.mutate(payload);
  }

  return (
    <TicketForm
      title="Create a Ticket"
      values={values}
      errors={errors}
      onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      onSubmit={submit}
      buttons={
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </Button>
      }
    />
  );
}
