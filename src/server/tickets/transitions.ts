/**
 * PATCH /tickets/{id}: assign, remove developer, close, reopen (product.md#transitions, #permissions). Each is one
 * transaction: a conditional UPDATE that only matches the allowed starting state, plus its log
 * row and its recorded event (events/record.ts). When the UPDATE matches nothing, someone else changed the ticket first: 409.
 * POST /tickets/bulk runs the same rules ticket by ticket inside one transaction of its own.
 */
import type { StatementResultingChanges } from 'node:sqlite';
import { SERVER, STATUSES, toId, VALIDATION, type LogAction, type User } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { conflict, forbidden, invalid } from '../errors.ts';
import type { TicketRow } from '../store/tickets.ts';
import type { TicketAction } from '../events/actions.ts';

const NO_DEVELOPER = new Set<unknown>([null, '', 'null']);

export function createTransitions(app: ServerContext) {
  const { db } = app;
  // An assigned ticket without a developer id takes a new one: its developer was removed, or
  // their account deleted (the name stays on the ticket, design.md#tickets-api, and the admin is offered Assign).
  // The first assignment is the response (design.md#service-levels).
  const assign = db.prepare(`UPDATE tickets SET status = 'assigned', developer_id = $developer_id, developer_name = $developer_name,
    updated_at = $now, responded_at = coalesce(responded_at, $now) WHERE id = $id AND (status = 'opened' OR (status = 'assigned' AND developer_id IS NULL))`);
  const unassign = db.prepare(`UPDATE tickets SET developer_id = NULL, developer_name = NULL, updated_at = $now
    WHERE id = $id AND status = 'assigned' AND developer_name IS NOT NULL`);
  const close = db.prepare(`UPDATE tickets SET status = 'closed', updated_at = $now WHERE id = $id AND status IN ('opened', 'assigned')`);
  // A developer gives back a ticket they hold (design.md#permissions): open work again, as before they took it. Like
  // the activity log, the service level keeps its response (the first assignment happened; design.md#service-levels).
  const release = db.prepare(`UPDATE tickets SET status = 'opened', developer_id = NULL, developer_name = NULL, updated_at = $now
    WHERE id = $id AND status = 'assigned' AND developer_id = $developer_id`);
  // Reopened work is open work again: whoever picks it up assigns it afresh. Its resolve clock starts again now.
  const reopen = db.prepare(`UPDATE tickets SET status = 'opened', developer_id = NULL, developer_name = NULL, updated_at = $now,
    sla_clock_at = $now WHERE id = $id AND status = 'closed'`);

  /** Runs inside the caller's transaction: nothing is written unless the UPDATE matched. */
  function apply(ticket: TicketRow, actor: User, action: LogAction, event: TicketAction, update: (at: string) => StatementResultingChanges) {
    const at = app.nowIso();
    if (Number(update(at).changes) === 0) throw conflict();
    app.tickets.addLog(ticket.id, actor, action, at, event.kind === 'assigned' ? event.developer : null);
    app.sla.refresh(ticket.id);
    app.events.record(ticket.id, actor, event, ticket);
  }

  function assignDeveloper(ticket: TicketRow, actor: User, developerIdInput: unknown): string {
    if (actor.role === 'support') throw forbidden();
    const developerId = toId(developerIdInput);
    if (actor.role === 'developer' && developerId !== actor.id) throw forbidden();
    if (developerId === undefined) throw invalid({ developer_id: VALIDATION.developer });
    const developer = app.users.find(developerId);
    if (!developer || developer.role !== 'developer') throw invalid({ developer_id: SERVER.notADeveloper });
    const event: TicketAction = { kind: 'assigned', developer: developer.first_name, developer_id: developer.id };
    apply(ticket, actor, 'assigned', event, (at) => assign.run({ developer_id: developer.id, developer_name: developer.first_name, now: at, id: ticket.id }));
    return SERVER.ticketAssigned;
  }

  /**
   * Returns the success message, or throws forbidden, conflict or invalid (403 / 409 / 422). Call inside a transaction.
   * @param giveBack a developer's `opened` on a ticket they hold gives it back (PATCH only; a bulk reopen never does) @default false
   */
  function changeWithin(ticket: TicketRow, actor: User, body: Record<string, unknown>, giveBack = false): string {
    const status = body.status;
    if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) throw invalid({ status: VALIDATION.status });

    if (status === 'assigned') {
      if (!('developer_id' in body)) throw invalid({ developer_id: VALIDATION.developer });
      if (!NO_DEVELOPER.has(body.developer_id)) return assignDeveloper(ticket, actor, body.developer_id);
      if (actor.role !== 'super') throw forbidden();
      apply(ticket, actor, 'unassigned', { kind: 'unassigned' }, (at) => unassign.run({ now: at, id: ticket.id }));
      return SERVER.developerRemoved;
    }

    if (status === 'closed') {
      const allowed =
        actor.role === 'super' ||
        (actor.role === 'support' && ticket.created_by_id === actor.id) ||
        (actor.role === 'developer' && ticket.developer_id === actor.id);
      if (!allowed) throw forbidden();
      apply(ticket, actor, 'closed', { kind: 'closed' }, (at) => close.run({ now: at, id: ticket.id }));
      return SERVER.ticketClosed;
    }

    if (actor.role === 'developer') {
      if (!giveBack || ticket.status !== 'assigned' || ticket.developer_id !== actor.id) throw forbidden();
      apply(ticket, actor, 'unassigned', { kind: 'unassigned' }, (at) => release.run({ now: at, id: ticket.id, developer_id: actor.id }));
      return SERVER.ticketGivenBack;
    }
    apply(ticket, actor, 'opened', { kind: 'reopened' }, (at) => reopen.run({ now: at, id: ticket.id }));
    return SERVER.ticketReopened;
  }

  return {
    /** One ticket's change in its own transaction (PATCH /tickets/{id}). */
    change: (ticket: TicketRow, actor: User, body: Record<string, unknown>) => transaction(db, () => changeWithin(ticket, actor, body, true)),
    /** The same change inside a transaction the caller holds (POST /tickets/bulk). */
    changeWithin,
  };
}
