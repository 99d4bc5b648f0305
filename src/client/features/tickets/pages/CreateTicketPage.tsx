import { useLocation } from 'wouter';
import { areaOf } from '../../../lib/paths.ts';
import { validateCreateTicket } from '../../../../shared/validators.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useDraft } from '../../../lib/draft.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { Button } from '../../../components/Button.tsx';
import { useCreateTicket } from '../../../api/ticketChange.ts';
import { DRAFTS, EMPTY_FORM, toPayload, withoutImage, type TicketFormValues } from '../form.ts';
import { destinationAfter } from '../navigation.ts';
import { TicketForm } from '../components/TicketForm.tsx';
import { FirstRunNotice } from '../components/FirstRunNotice.tsx';
import { useCategories, useServices } from '../../../api/config.ts';

const DISCARD_LABEL = 'Discard draft';

/** SPEC's form once there is a category and a service to file under; before that, the first-run notice. */
export function CreateTicketPage() {
  const role = useAuth((state) => state.user?.role) ?? 'support';
  const categories = useCategories().data;
  const services = useServices().data;
  // Decided on loaded lists only: while they load (or if they fail) the form shows as it always has.
  const missing = { categories: categories?.length === 0, services: services?.length === 0 };
  if (missing.categories || missing.services) return <FirstRunNotice role={role} missing={missing} />;
  return <CreateTicketForm />;
}

function CreateTicketForm() {
  const [location] = useLocation();
  const role = useAuth((state) => state.user?.role) ?? 'support';
  const userId = useAuth((state) => state.user?.id);
  // The half-typed ticket survives a reload and a session expiry (issue 13).
  const [values, setValues, clearDraft] = useDraft<TicketFormValues>(userId, DRAFTS.create, () => EMPTY_FORM, withoutImage);
  const payload = toPayload(values);
  const { errors, check } = useFormErrors(validateCreateTicket, { ...payload });
  const create = useCreateTicket({ onSuccess: clearDraft, to: () => destinationAfter('create', role, '', areaOf(location)) });

  // Our addition (issue 13): a draft comes back after a reload, so it can also be thrown away.
  const dirty = Object.entries(values).some(([field, value]) => value !== EMPTY_FORM[field as keyof TicketFormValues]);

  function submit() {
    if (check()) create.mutate(payload);
  }

  return (
    <TicketForm
      title="Create a Ticket"
      values={values}
      errors={errors}
      onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      onSubmit={submit}
      buttons={
        <>
          {dirty && (
            <Button type="button" variant="secondary" onClick={clearDraft} disabled={create.isPending}>
              {DISCARD_LABEL}
            </Button>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create'}
          </Button>
        </>
      }
    />
  );
}
