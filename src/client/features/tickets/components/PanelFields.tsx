/**
 * The side panel's fields that change in place (docs/design.md#ticket-page): priority and due date
 * through the edit call with only the changed field, the developer through the assign transition.
 * The panel shows each editor only where panelEdits (rules.ts) allows it.
 */
import { PRIORITIES, NO_VALUE, type Priority } from '../../../../shared/constants.ts';
import { EXTRA_FIELDS, formatDueDate, isOverdue } from '../../../../shared/ticketFields.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { validateAssignDeveloper } from '../../../../shared/validators.ts';
import { useChangeStatus, useEditTicket } from '../../../api/ticketChange.ts';
import { useDevelopers } from '../../../api/users.ts';
import { PriorityBadge } from '../../../components/Badge.tsx';
import { DueDateBadge } from '../../../components/DeadlineBadge.tsx';
import { EditableField } from './EditableField.tsx';

const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const DUE_DATE = EXTRA_FIELDS.due_date;

interface FieldProps {
  ticket: Ticket;
  editable: boolean;
}

export function PriorityField({ ticket, editable }: FieldProps) {
  const edit = useEditTicket();
  return (
    <EditableField
      label="Priority"
      editable={editable}
      initial={ticket.priority}
      pending={edit.isPending}
      save={(priority, done) => void edit.mutateAsync({ number: ticket.number, changes: { priority: priority as Priority } }).then(done, () => {})}
      control={({ value, onChange, props }) => (
        <select value={value} onChange={(event) => onChange(event.target.value)} {...props}>
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
      )}
    >
      <PriorityBadge priority={ticket.priority} />
    </EditableField>
  );
}

export function DueDateField({ ticket, editable }: FieldProps) {
  const edit = useEditTicket();
  const due = ticket.due_date;
  return (
    <EditableField
      label={DUE_DATE.label}
      editable={editable}
      initial={due ?? ''}
      pending={edit.isPending}
      validate={(day) => (DUE_DATE.isValid(day) ? undefined : DUE_DATE.message)}
      save={(day, done) => void edit.mutateAsync({ number: ticket.number, changes: { due_date: day || null } }).then(done, () => {})}
      control={({ value, onChange, props }) => <input type="date" value={value} onChange={(event) => onChange(event.target.value)} {...props} />}
    >
      {due ? <span>{formatDueDate(due)}</span> : NO_VALUE}
      {/* The day is already there: the badge only adds that it has passed. */}
      {isOverdue(ticket) && <DueDateBadge ticket={ticket} />}
    </EditableField>
  );
}

export function DeveloperField({ ticket, editable }: FieldProps) {
  const assign = useChangeStatus();
  const developers = useDevelopers({ enabled: editable });
  return (
    <EditableField
      label="Developer"
      editable={editable}
      initial=""
      pending={assign.isPending}
      validate={(id) => validateAssignDeveloper({ developer_id: id }).developer_id}
      save={(id, done) => void assign.mutateAsync({ number: ticket.number, status: 'assigned', developer_id: Number(id) }).then(done, () => {})}
      control={({ value, onChange, props }) => (
        <select value={value} onChange={(event) => onChange(event.target.value)} {...props}>
          <option value="">{developers.data ? 'Select a developer' : 'Loading'}</option>
          {(developers.data ?? []).map((developer) => (
            <option key={developer.id} value={String(developer.id)}>
              {`${developer.first_name} ${developer.last_name}`}
            </option>
          ))}
        </select>
      )}
    >
      {ticket.developer?.name || NO_VALUE}
    </EditableField>
  );
}
