import { useLocation, useParams } from 'wouter';
import { areaOf } from '../../../lib/paths.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { validateEditTicket } from '../../../../shared/validators.ts';
import { useTicket } from '../../../api/tickets.ts';
import { useAuth } from '../../../lib/auth.ts';
import { canGoBackInApp } from '../../../lib/inAppHistory.ts';
import { useDraft } from '../../../lib/draft.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { Button } from '../../../components/Button.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useEditTicket } from '../../../api/ticketChange.ts';
import { changedFields, DRAFTS, formFromTicket, toPayload, withoutImage, type TicketFormValues } from '../form.ts';
import { destinationAfter } from '../navigation.ts';
import { TicketForm } from '../components/TicketForm.tsx';

function EditForm({ ticket }: { ticket: Ticket }) {
  const [location, navigate] = useLocation();
  const role = useAuth((state) => state.user?.role) ?? 'support';
  const userId = useAuth((state) => state.user?.id);
  // The edit survives a reload and a session expiry (issue 13); a field the draft lacks keeps the ticket's value.
  const [values, setValues, clearDraft] = useDraft<TicketFormValues>(userId, DRAFTS.edit(ticket.number), () => formFromTicket(ticket), withoutImage);
  // The full form is checked (not `partial`): every field must be valid, changed or not.
  const { errors, check } = useFormErrors(validateEditTicket, { ...toPayload(values) });
  const destination = destinationAfter('update', role, ticket.number, areaOf(location));
  const save = useEditTicket({ onSuccess: clearDraft, to: () => destination });

  function cancel() {
    clearDraft();
    if (canGoBackInApp()) window.history.back();
    else navigate(destination);
  }

  function submit() {
    if (!check()) return;
    const changes = changedFields(ticket, values);
    // Nothing changed: nothing is sent (product.md#validation-ticket); the user simply lands where a save would.
    if (Object.keys(changes).length === 0) {
      clearDraft();
      navigate(destination);
    }
    else save.mutate({ number: ticket.number, changes });
  }

  return (
    <TicketForm
      title="Edit Ticket"
      values={values}
      errors={errors}
      onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      onSubmit={submit}
      buttons={
        <>
          <Button type="button" variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    />
  );
}

export function EditTicketPage() {
  const { ticketID } = useParams<{ ticketID: string }>();
  const ticket = useTicket(ticketID);
  return <QueryState query={ticket}>{(loaded) => <EditForm key={loaded.number} ticket={loaded} />}</QueryState>;
}
