/**
 * Who may change a ticket how (design.md#permissions), as the client offers it: the quick actions
 * on cards and rows, and which bulk actions a selection can take. The server decides every change
 * by the same table (tickets/transitions.ts); these functions only spare people a button that
 * would be refused.
 */
import type { Role, Status } from './constants.ts';
import type { BulkAction } from './bulk.ts';

/** What the rules read of a ticket. */
export interface RuleTicket {
  status: Status;
  created_by_id: number | null;
  developer: { id: number | null; name: string } | null;
}

/** What the rules read of the signed-in user. */
export interface RuleUser {
  id: number;
  role: Role;
}

/** Opened, reopened (stored as opened) or assigned: work not done yet. */
export const isOpenWork = (status: Status) => status !== 'closed';

const developerId = (ticket: RuleTicket) => ticket.developer?.id ?? null;

/** Close (opened or assigned → closed): a super any, support their own, a developer what they hold. */
export function mayClose(user: RuleUser, ticket: RuleTicket): boolean {
  if (!isOpenWork(ticket.status)) return false;
  if (user.role === 'super') return true;
  if (user.role === 'support') return ticket.created_by_id === user.id;
  return developerId(ticket) === user.id;
}

/** Reopen (closed → opened): super and support. */
export const mayReopen = (user: RuleUser, ticket: RuleTicket) => ticket.status === 'closed' && user.role !== 'developer';

/** "Assign to me" (opened → assigned to oneself): developers only. */
export const mayTake = (user: RuleUser, ticket: RuleTicket) =>
  user.role === 'developer' && (ticket.status === 'opened' || ticket.status === 'reopened');

/** A developer gives back a ticket they hold (assigned → opened), the Undo of "Assign to me". */
export const mayGiveBack = (user: RuleUser, ticket: RuleTicket) =>
  user.role === 'developer' && ticket.status === 'assigned' && developerId(ticket) === user.id;

/** Assign a developer (super): opened, or assigned with nobody. */
export const mayAssign = (user: RuleUser, ticket: RuleTicket) =>
  user.role === 'super' && (ticket.status === 'opened' || ticket.status === 'reopened' || (ticket.status === 'assigned' && developerId(ticket) === null));

/** Remove the developer (super): assigned with somebody, even an account since deleted (its name stays). */
export const mayRemoveDeveloper = (user: RuleUser, ticket: RuleTicket) =>
  user.role === 'super' && ticket.status === 'assigned' && ticket.developer !== null;

/** Whether a bulk action would change this ticket rather than skip it. */
export function bulkActionApplies(action: BulkAction, user: RuleUser, ticket: RuleTicket): boolean {
  switch (action) {
    case 'assign': return mayAssign(user, ticket);
    case 'remove_developer': return mayRemoveDeveloper(user, ticket);
    case 'close': return mayClose(user, ticket);
    case 'reopen': return mayReopen(user, ticket);
  }
}
