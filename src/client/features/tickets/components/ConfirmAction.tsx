import type { Ticket, User } from '../../../../shared/types.ts';
import { CONFIRM } from '../../../../shared/messages.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { Area } from '../../../lib/paths.ts';
import { useChangeStatus, type StatusChange } from '../../../api/ticketChange.ts';
import { destinationAfter, type TicketAction } from '../navigation.ts';

export type ConfirmKind = 'close' | 'open' | 'removeDeveloper' | 'assignSelf';

interface ConfirmSpec {
  title: string;
  description?: string;
  action: TicketAction;
  change(user: User): StatusChange;
}

const CONFIRMS: Record<ConfirmKind, ConfirmSpec> = {
  close: { title: CONFIRM.closeTicket, action: 'close', change: () => ({ status: 'closed' }) },
  open: { title: CONFIRM.openTicket, action: 'reopen', change: () => ({ status: 'opened' }) },
  removeDeveloper: {
    title: CONFIRM.removeDeveloper,
    description: CONFIRM.removeDeveloperDetail,
    action: 'removeDeveloper',
    change: () => ({ status: 'assigned', developer_id: null }),
  },
  assignSelf: {
    title: CONFIRM.assignSelf,
    action: 'assign',
    change: (user) => ({ status: 'assigned', developer_id: user.id }),
  },
};

export interface ConfirmActionProps {
  kind: ConfirmKind;
  ticket: Ticket;
  user: User;
  area: Area;
  onClose(): void;
}

/** Asks product.md's question, sends the status change, then goes where product.md#navigation says. */
export function ConfirmAction({ kind, ticket, user, area, onClose }: ConfirmActionProps) {
  const spec = CONFIRMS[kind];
  const change = useChangeStatus({
    onSuccess: onClose,
    to: () => destinationAfter(spec.action, user.role, ticket.number, area),
  });
  return (
    <ConfirmDialog
      open
      title={spec.title}
      description={spec.description}
      confirmLabel="Yes"
      cancelLabel="Cancel"
      pending={change.isPending}
      onConfirm={() => change.mutate({ number: ticket.number, ...spec.change(user) })}
      onCancel={onClose}
    />
  );
}
