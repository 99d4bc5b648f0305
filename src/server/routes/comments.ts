/**
 * Comments (design.md#comments) and GET /events (design.md#live-updates). Every signed-in role may read and add
 * comments on any ticket; reads are paged and adds rate-limited per person (design.md#api-edges).
 */
import { COMMENT_MESSAGES, COMMENTS_PER_MINUTE, parseCommentPage, SERVER, validateComment } from '../../shared/index.ts';
import { createRateLimiter } from '../auth/rate-limit.ts';
import { idParam, type ServerContext } from '../context.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import { bodyText } from '../body-text.ts';
import { check, forbidden, notFound, tooMany } from '../errors.ts';
import { transaction } from '../db/database.ts';
import { sendEventStream } from '../http/respond.ts';
import type { Router } from '../http/router.ts';

const MINUTE_MS = 60_000;

export function commentRoutes(router: Router, app: ServerContext): void {
  const ticketOf = (ref: string | undefined) => {
    const ticket = app.tickets.find(ref ?? '');
    if (!ticket) throw notFound();
    return ticket;
  };
  const commentOf = (ref: string | undefined) => {
    const comment = app.comments.find(idParam(ref));
    if (!comment) throw notFound();
    return comment;
  };
  /** The ticket's comment count changed; its lists hear of it from the queue (store/ticket-counts.ts). */
  const changed = (ticketId: number) => app.cache.invalidate(CACHE_TAGS.ticket(ticketId));
  // The sign-in limiter's sliding window, counting comments added instead of failed attempts.
  const added = createRateLimiter(COMMENTS_PER_MINUTE, MINUTE_MS, app.now);

  router.add('GET', '/tickets/:id/comments', (ctx) => {
    const ticket = ticketOf(ctx.params.id);
    const { query, errors } = parseCommentPage(ctx.query);
    check(errors);
    // Not cached: the ETag of the answer (per caller) still saves the transfer.
    return { body: { data: app.comments.page(ticket.id, ticket.comment_count ?? 0, query) } };
  });

  router.add('POST', '/tickets/:id/comments', (ctx) => {
    const ticket = ticketOf(ctx.params.id);
    const author = String(ctx.user.id);
    const wait = added.retryAfter(author, false);
    if (wait > 0) throw tooMany(SERVER.tooManyComments, wait);
    check(validateComment(ctx.body));
    const body = bodyText(ctx.body.body);
    const comment = transaction(app.db, () => {
      const stored = app.comments.add(ticket.id, ctx.user, body, app.nowIso());
      app.events.record(ticket.id, ctx.user, { kind: 'commented', body });
      return stored;
    });
    added.fail(author);
    changed(ticket.id);
    return { status: 201, body: { message: COMMENT_MESSAGES.added, data: comment } };
  });

  router.add('PATCH', '/comments/:id', (ctx) => {
    const comment = commentOf(ctx.params.id);
    if (comment.author.id !== ctx.user.id) throw forbidden();
    check(validateComment(ctx.body));
    const edited = transaction(app.db, () => {
      const row = app.comments.edit(comment.id, bodyText(ctx.body.body), app.nowIso());
      if (row) app.events.record(comment.ticket_id, ctx.user, { kind: 'comment-edited' });
      return row;
    });
    if (!edited) throw notFound();
    return { body: { message: COMMENT_MESSAGES.updated, data: edited } };
  });

  router.add('DELETE', '/comments/:id', (ctx) => {
    const comment = commentOf(ctx.params.id);
    if (comment.author.id !== ctx.user.id && ctx.user.role !== 'super') throw forbidden();
    const removed = transaction(app.db, () => {
      const gone = app.comments.remove(comment.id);
      if (gone) app.events.record(comment.ticket_id, ctx.user, { kind: 'comment-deleted' });
      return gone;
    });
    if (!removed) throw notFound();
    changed(comment.ticket_id);
    return { body: { message: COMMENT_MESSAGES.deleted } };
  });

  router.add('GET', '/events', (ctx) => {
    const attach = app.live.open(ctx.user.id, ctx.tokenHash, ctx.req.headers['last-event-id']);
    return { raw: (res) => sendEventStream(ctx.req, res, attach) };
  });
}
