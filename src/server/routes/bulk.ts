/**
 * POST /tickets/bulk (design.md#bulk-actions): one action on up to BULK_MAX_TICKETS tickets. Each ticket goes
 * through the single-ticket change (transitions.ts) — its permission check, its conditional UPDATE,
 * its log row — inside one transaction for all of them; a ticket the rules refuse, or that someone
 * changed since it was selected, is skipped with a reason. Each change records its own event in that transaction.
 */
import {
  BULK_MAX_TICKETS,
  BULK_MESSAGES,
  bulkSummary,
  parseBulkRequest,
  SERVER,
  SKIP_REASONS,
  type BulkAction,
  type BulkRequest,
  type BulkResult,
  type SkipReason,
} from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import { check, DomainError, invalid } from '../errors.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import type { TicketRow } from '../store/tickets.ts';
import { createTransitions } from '../tickets/transitions.ts';
import { recordBulk } from './audited.ts';

/** The PATCH body each action stands for, as the single-ticket change reads it. */
function patchBody(request: BulkRequest): Record<string, unknown> {
  const bodies: Record<BulkAction, Record<string, unknown>> = {
    assign: { status: 'assigned', developer_id: request.developer_id },
    remove_developer: { status: 'assigned', developer_id: null },
    close: { status: 'closed' },
    reopen: { status: 'opened' },
  };
  return bodies[request.action];
}

/** Why the single-ticket change refused, in words, from its refusal and the ticket as it is now. */
function skipReason(error: DomainError, action: BulkAction, now: TicketRow | undefined): SkipReason {
  if (!now) return SKIP_REASONS.notFound;
  if (error.refusal === 'forbidden') return SKIP_REASONS.notAllowed;
  if (action === 'close') return SKIP_REASONS.alreadyClosed;
  if (action === 'reopen') return SKIP_REASONS.notClosed;
  if (now.status === 'closed') return SKIP_REASONS.closed;
  if (action === 'assign') return SKIP_REASONS.alreadyAssigned;
  return now.status === 'assigned' ? SKIP_REASONS.noDeveloper : SKIP_REASONS.notAssigned;
}

export function bulkRoutes(router: Router, app: ServerContext): void {
  const { changeWithin } = createTransitions(app);

  /** The tickets the request names, read inside the transaction, in its order; undefined for a ref that names none. */
  function select(request: BulkRequest): { ref: string; row: TicketRow | undefined }[] {
    if (request.filter) {
      const rows: TicketRow[] = [];
      for (const batch of app.queue.exportRows(request.filter)) {
        rows.push(...batch);
        if (rows.length > BULK_MAX_TICKETS) {
          const total = app.queue.page({ ...request.filter, limit: 1 }).total;
          throw invalid({ filter: BULK_MESSAGES.filterTooMany(total) });
        }
      }
      return rows.map((row) => ({ ref: row.number, row }));
    }
    const seen = new Set<number>();
    return request.ids!.map((id) => {
      const row = app.tickets.find(String(id));
      if (row && seen.has(row.id)) throw invalid({ ids: BULK_MESSAGES.idsDuplicate });
      if (row) seen.add(row.id);
      return { ref: String(id), row };
    });
  }

  /** The result, and the ids of the tickets changed. */
  function run(request: BulkRequest, ctx: SignedInContext): { result: BulkResult; changed: number[] } {
    const actor = ctx.user;
    const body = patchBody(request);
    const result: BulkResult = { changed: [], skipped: [] };
    const changed: number[] = [];
    const before: TicketRow[] = [];
    transaction(app.db, () => {
      for (const { ref, row: ticket } of select(request)) {
        if (!ticket) {
          result.skipped.push({ number: ref, reason: SKIP_REASONS.notFound });
          continue;
        }
        try {
          changeWithin(ticket, actor, body);
          changed.push(ticket.id);
          before.push(ticket);
          result.changed.push(ticket.number);
        } catch (error) {
          // Invalid input (422) is the request's fault, not this ticket's: it undoes the lot (input is checked first, so it is rare).
          if (!(error instanceof DomainError) || error.refusal === 'invalid') throw error;
          result.skipped.push({ number: ticket.number, reason: skipReason(error, request.action, app.tickets.findById(ticket.id)) });
        }
      }
      recordBulk(app, ctx, request.action, before);
    });
    return { result, changed };
  }

  router.add('POST', '/tickets/bulk', (ctx) => {
    const { request, errors } = parseBulkRequest(ctx.body);
    check(errors);
    if (request!.action === 'assign') {
      const developer = app.users.find(request!.developer_id!);
      if (!developer || developer.role !== 'developer') throw invalid({ developer_id: SERVER.notADeveloper });
    }
    const { result, changed } = run(request!, ctx);
    // The lists these tickets show in hear of it from the queue (store/ticket-counts.ts).
    if (changed.length > 0) app.cache.invalidate(...changed.map(CACHE_TAGS.ticket));
    return { body: { message: bulkSummary(request!.action, result), data: result } };
  });
}
