import type { Ticket, User } from '../../../../shared/types.ts';
import { useChangeStatus } from '../../../api/ticketChange.ts';
import { useDevelopers } from '../../../api/users.ts';
import { destinationAfter } from '../navigation.ts';
import { DeveloperPickerDialog } from '../../../components/DeveloperPickerDialog.tsx';

export interface AssignDialogProps {
  ticket: Ticket;
  user: User;
  onClose(): void;
}

/** The admin picks a developer from the developer list (product.md#transitions). */
export function AssignDialog({ ticket, user, onClose }: AssignDialogProps) {
  const assign = useChangeStatus({
    onSuccess: onClose,
    to: () => destinationAfter('assign', user.role, ticket.number, 'admin'),
  });
  const developers = useDevelopers();
  return (
    <DeveloperPickerDialog
      title="Assign developer"
      developers={developers}
      pending={assign.isPending}
      onPick={(developerId) => assign.mutate({ number: ticket.number, status: 'assigned', developer_id: developerId })}
      onClose={onClose}
    />
  );
}
