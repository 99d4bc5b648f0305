/**
 * Who is told of a change (design.md#notifications, product.md#notifications), and why: never the actor, one
 * reason per person, the strongest. Pure: the caller reads the people involved and drops deleted accounts.
 */
import { REASON_STRENGTH, type NotificationReason, type NotifiedChange } from '../../shared/index.ts';
import type { TicketAction } from './actions.ts';

export interface Involved {
  actorId: number;
  creatorId: number | null;
  /** The developer as the change left the ticket, or as it was before it when the change removed them (a reopen). */
  developerId: number | null;
  watcherIds: readonly number[];
  /** Everyone who has commented on the ticket, the new comment's author included. */
  commenterIds: readonly number[];
  mentionedIds: readonly number[];
  /** Every super: told of a service level when nobody is assigned. */
  superIds?: readonly number[];
}

/** The change a notification speaks of, or undefined when this kind of change tells nobody. */
export function notifiedChange(action: TicketAction): NotifiedChange | undefined {
  switch (action.kind) {
    case 'assigned': return { kind: 'assigned', developer: action.developer, developerId: action.developer_id };
    case 'closed':
    case 'reopened':
    case 'commented': return { kind: action.kind };
    case 'sla': return { kind: 'sla', state: action.state };
    default: return undefined;
  }
}

export function whoIsTold(change: NotifiedChange, people: Involved): Map<number, NotificationReason> {
  const told = new Map<number, NotificationReason>();
  // Nobody acted: the assigned developer answers for it, or every super when nobody is assigned.
  if (change.kind === 'sla') {
    for (const id of people.developerId !== null ? [people.developerId] : people.superIds ?? []) told.set(id, 'sla');
    return told;
  }
  const tell = (userId: number | null, reason: NotificationReason) => {
    if (userId === null || userId === people.actorId) return;
    const had = told.get(userId);
    if (had === undefined || REASON_STRENGTH.indexOf(reason) < REASON_STRENGTH.indexOf(had)) told.set(userId, reason);
  };
  tell(people.creatorId, 'my_ticket');
  tell(people.developerId, 'assigned');
  if (change.kind === 'commented') {
    for (const id of people.watcherIds) tell(id, 'watching');
    for (const id of people.commenterIds) tell(id, 'comment');
    for (const id of people.mentionedIds) tell(id, 'mention');
  }
  return told;
}
