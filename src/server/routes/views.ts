/**
 * Saved views (design.md#saved-views). Everyone keeps views of their own; a super may also make
 * shared ones, which everyone sees and only supers change. Someone else's own view is not found,
 * so its existence is not told. A super's changes to shared views go into the audit log.
 */
import { parseViewInput, parseViewName, VIEW_LIMITS, VIEW_MESSAGES, type AuditKind, type SavedView } from '../../shared/index.ts';
import { idParam, type ServerContext } from '../context.ts';
import { check, forbidden, invalid, notFound } from '../errors.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import type { AuditChange } from '../store/audit.ts';
import { createViewStore, type StoredView } from '../store/views.ts';
import { audited } from './audited.ts';

const asAnswer = ({ id, name, query, shared }: StoredView): SavedView => ({ id, name, query, shared });
const target = (view: StoredView) => ({ id: view.id, label: view.name });
const fields = (view: StoredView) => ({ name: view.name, query: view.query });

export function viewRoutes(router: Router, app: ServerContext): void {
  const views = createViewStore(app.db);
  const isSuper = (ctx: SignedInContext) => ctx.user.role === 'super';

  /** A view the caller may change: their own, or a shared one for a super. */
  function changeable(ctx: SignedInContext): StoredView {
    const view = views.find(idParam(ctx.params.id));
    if (!view || (!view.shared && view.ownerId !== ctx.user.id)) throw notFound();
    if (view.shared && !isSuper(ctx)) throw forbidden();
    return view;
  }

  /** Shared views' changes are audited; a person's own are theirs alone. */
  const change = <T>(ctx: SignedInContext, shared: boolean, kind: AuditKind, run: () => T, describe: (result: Exclude<T, undefined | false>) => AuditChange) =>
    shared ? audited(app, ctx, kind, run, describe) : run();

  router.add('GET', '/views', (ctx) => ({ body: { data: { list: views.visibleTo(ctx.user.id).map(asAnswer) } } }));

  router.add('POST', '/views', (ctx) => {
    const { input, errors } = parseViewInput(ctx.body);
    check(errors);
    const { name, query, shared } = input!;
    if (shared && !isSuper(ctx)) throw forbidden();
    const owner = shared ? null : ctx.user.id;
    if (views.countOf(owner) >= VIEW_LIMITS.perOwner) throw invalid({ name: shared ? VIEW_MESSAGES.tooManyShared : VIEW_MESSAGES.tooMany });
    if (views.nameTaken(owner, name)) throw invalid({ name: shared ? VIEW_MESSAGES.sharedNameTaken : VIEW_MESSAGES.nameTaken });
    const created = change(ctx, shared, 'view.created', () => views.create(owner, name, query, app.nowIso()), (view) => ({ target: target(view), before: null, after: fields(view) }));
    return { status: 201, body: { message: VIEW_MESSAGES.created, data: asAnswer(created) } };
  });

  router.add('PATCH', '/views/:id', (ctx) => {
    const before = changeable(ctx);
    const { name, errors } = parseViewName(ctx.body.name);
    check(errors);
    if (views.nameTaken(before.ownerId, name!, before.id)) throw invalid({ name: before.shared ? VIEW_MESSAGES.sharedNameTaken : VIEW_MESSAGES.nameTaken });
    const renamed = change(ctx, before.shared, 'view.renamed', () => views.rename(before.id, name!), (view) => ({ target: target(view), before: fields(before), after: fields(view) }));
    if (!renamed) throw notFound();
    return { body: { message: VIEW_MESSAGES.renamed, data: asAnswer(renamed) } };
  });

  router.add('DELETE', '/views/:id', (ctx) => {
    const before = changeable(ctx);
    const removed = change(ctx, before.shared, 'view.deleted', () => views.remove(before.id), () => ({ target: target(before), before: fields(before), after: null }));
    if (!removed) throw notFound();
    return { body: { message: VIEW_MESSAGES.deleted } };
  });
}
