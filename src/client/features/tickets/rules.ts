/** Which actions a detail screen offers (product.md#buttons), as plain functions. */
import type { Ticket, User } from '../../../shared/types.ts';

export interface AdminActions {
  close: boolean;
  assign: boolean;
  open: boolean;
  edit: boolean;
  removeDeveloper: boolean;
}

export interface DetailsActions {
  close: boolean;
  open: boolean;
  edit: boolean;
  assignSelf: boolean;
}

type Viewer = Pick<User, 'id' | 'role'>;

/** A reopened ticket is open work again: it behaves as opened. */
const isOpened = (ticket: Ticket) => ticket.status === 'opened' || ticket.status === 'reopened';
const isCreator = (ticket: Ticket, user: Viewer) => ticket.created_by_id !== null && ticket.created_by_id === user.id;
const hasDeveloper = (ticket: Ticket) => Boolean(ticket.developer && ticket.developer.id !== null);

export function adminActions(ticket: Ticket, user: Viewer): AdminActions {
  return {
    close: ticket.status === 'assigned',
    // Once the developer is removed the ticket stays assigned; without this nobody could take it.
    assign: isOpened(ticket) || (ticket.status === 'assigned' && !hasDeveloper(ticket)),
    open: ticket.status === 'closed',
    edit: user.role === 'super' && isOpened(ticket) && isCreator(ticket, user),
    removeDeveloper: ticket.status === 'assigned' && hasDeveloper(ticket),
  };
}

export function detailsActions(ticket: Ticket, user: Viewer): DetailsActions {
  const isDeveloper = ticket.developer?.id !== undefined && ticket.developer.id === user.id;
  return {
    close: (ticket.status === 'assigned' || isOpened(ticket)) && (isDeveloper || isCreator(ticket, user)),
    open: ticket.status === 'closed' && (user.role === 'support' || user.role === 'super'),
    edit: user.role === 'support' && isOpened(ticket) && isCreator(ticket, user),
    assignSelf: user.role === 'developer' && isOpened(ticket),
  };
}

export interface PanelEdits {
  /** Priority and due date: the Edit Ticket rule (the creator, super or support, while opened). */
  fields: boolean;
  /** The developer: a super, while the ticket can take one (the Assign rule). */
  developer: boolean;
}

/** What the side panel changes in place: exactly what the permission table lets this viewer change (product.md#permissions). */
export function panelEdits(ticket: Ticket, user: Viewer): PanelEdits {
  return {
    fields: user.role !== 'developer' && isOpened(ticket) && isCreator(ticket, user),
    developer: user.role === 'super' && adminActions(ticket, user).assign,
  };
}
