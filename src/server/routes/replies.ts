/**
 * Canned replies (design.md#canned-replies): everyone signed in reads them for the comment
 * composer; only a super writes them, and each change goes into the audit log.
 */
import { parseReply, parseReplyPatch, REPLY_LIMITS, REPLY_MESSAGES, type CannedReply } from '../../shared/index.ts';
import { idParam, type ServerContext } from '../context.ts';
import { check, invalid, notFound } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { createReplyStore } from '../store/replies.ts';
import { requireSuper } from './access.ts';
import { audited } from './audited.ts';

const target = (reply: CannedReply) => ({ id: reply.id, label: reply.title });
const fields = ({ title, body }: CannedReply) => ({ title, body });

export function replyRoutes(router: Router, app: ServerContext): void {
  const replies = createReplyStore(app.db);

  const found = (id: string | undefined) => {
    const reply = replies.find(idParam(id));
    if (!reply) throw notFound();
    return reply;
  };

  router.add('GET', '/replies', () => ({ body: { data: { list: replies.list() } } }));

  router.add('POST', '/replies', (ctx) => {
    requireSuper(ctx);
    const { input, errors } = parseReply(ctx.body);
    check(errors);
    if (replies.titleTaken(input!.title)) throw invalid({ title: REPLY_MESSAGES.titleTaken });
    if (replies.count() >= REPLY_LIMITS.count) throw invalid({ title: REPLY_MESSAGES.tooMany });
    const created = audited(app, ctx, 'reply.created', () => replies.create(input!, app.nowIso()), (reply) => ({ target: target(reply), before: null, after: fields(reply) }));
    return { status: 201, body: { message: REPLY_MESSAGES.created, data: created } };
  });

  router.add('PATCH', '/replies/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(ctx.params.id);
    const { input, errors } = parseReplyPatch(ctx.body);
    check(errors);
    const next = { ...fields(before), ...input };
    if (replies.titleTaken(next.title, before.id)) throw invalid({ title: REPLY_MESSAGES.titleTaken });
    const changed = audited(app, ctx, 'reply.updated', () => replies.update(before.id, next, app.nowIso()), (reply) => ({ target: target(reply), before: fields(before), after: fields(reply) }));
    if (!changed) throw notFound();
    return { body: { message: REPLY_MESSAGES.updated, data: changed } };
  });

  router.add('DELETE', '/replies/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(ctx.params.id);
    if (!audited(app, ctx, 'reply.deleted', () => replies.remove(before.id), () => ({ target: target(before), before: fields(before), after: null }))) throw notFound();
    return { body: { message: REPLY_MESSAGES.deleted } };
  });
}
