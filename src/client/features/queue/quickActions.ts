/**
 * The one-click actions on a card or row (design.md#queue-wave-3): "Assign to me", "Close" and
 * "Reopen", each with the calls that undo it. An Undo must really put the ticket back, through
 * the API and within the permission table; where this user cannot (a developer may not reopen,
 * support may not assign), the action asks first, with product.md's question, instead.
 */
import { CONFIRM } from '../../../shared/messages.ts';
import { mayClose, mayReopen, mayTake, type RuleUser } from '../../../shared/ticketRules.ts';
import type { Ticket } from '../../../shared/types.ts';

export type QuickName = 'take' | 'close' | 'reopen';

/** One PATCH /tickets/{number} body (product.md#transitions). */
export interface QuickStep {
  status: 'opened' | 'assigned' | 'closed';
  developer_id?: number | null;
}

export interface QuickPlan {
  name: QuickName;
  label: string;
  change: QuickStep;
  /** The ticket's fields once changed: what the cached lists show before the server answers. */
  after: Pick<Ticket, 'status' | 'developer'>;
  /** The calls that put the ticket back, in order; absent when this user cannot, and then `confirm` is asked first. */
  undo?: QuickStep[];
  confirm?: string;
}

export interface QuickUser extends RuleUser {
  first_name: string;
}

export const QUICK_LABELS: Record<QuickName, string> = { take: 'Assign to me', close: 'Close', reopen: 'Reopen' };

const heldBy = (ticket: Ticket) => ticket.developer?.id ?? null;

/** Reopening clears the developer: only a super can assign them again, and only while the account exists. */
function undoClose(user: QuickUser, ticket: Ticket): QuickStep[] | undefined {
  if (user.role === 'developer') return undefined;
  if (ticket.developer === null && ticket.status !== 'assigned') return [{ status: 'opened' }];
  const developer = heldBy(ticket);
  if (user.role === 'super' && ticket.status === 'assigned' && developer !== null) {
    return [{ status: 'opened' }, { status: 'assigned', developer_id: developer }];
  }
  return undefined;
}

/** Closing again is the creator's or a super's; the developer a closed ticket had comes back only through a super's assign. */
function undoReopen(user: QuickUser, ticket: Ticket): QuickStep[] | undefined {
  const developer = heldBy(ticket);
  if (ticket.developer === null) return mayClose(user, { ...ticket, status: 'opened' }) ? [{ status: 'closed' }] : undefined;
  if (user.role === 'super' && developer !== null) return [{ status: 'assigned', developer_id: developer }, { status: 'closed' }];
  return undefined;
}

/** The quick action this user has on this ticket, if any (the statuses make them exclusive). */
export function quickPlan(user: QuickUser, ticket: Ticket): QuickPlan | undefined {
  if (mayTake(user, ticket)) {
    return {
      name: 'take',
      label: QUICK_LABELS.take,
      change: { status: 'assigned', developer_id: user.id },
      after: { status: 'assigned', developer: { id: user.id, name: user.first_name } },
      undo: [{ status: 'opened' }],
    };
  }
  if (mayClose(user, ticket)) {
    const undo = undoClose(user, ticket);
    return { name: 'close', label: QUICK_LABELS.close, change: { status: 'closed' }, after: { status: 'closed', developer: ticket.developer }, undo, confirm: undo ? undefined : CONFIRM.closeTicket };
  }
  if (mayReopen(user, ticket)) {
    const undo = undoReopen(user, ticket);
    return { name: 'reopen', label: QUICK_LABELS.reopen, change: { status: 'opened' }, after: { status: 'opened', developer: null }, undo, confirm: undo ? undefined : CONFIRM.openTicket };
  }
  return undefined;
}
