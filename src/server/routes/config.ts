/** product.md#calls, configuration: categories and services. Everyone signed in reads; only super writes. */
import { SERVER, validateCategory, validateService, type AppName } from '../../shared/index.ts';
import { idParam, type ServerContext } from '../context.ts';
import { bodyText } from '../body-text.ts';
import { check, invalid, notFound } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { requireSuper } from './access.ts';
import { audited, catalogTarget } from './audited.ts';

function found<T>(value: T | undefined): T {
  if (value === undefined) throw notFound();
  return value;
}

export function configRoutes(router: Router, app: ServerContext): void {
  const { catalog } = app;

  router.add('GET', '/config/categories', () => ({ body: { data: { list: catalog.categories() } } }));
  router.add('GET', '/config/categories/:id', (ctx) => ({ body: { data: found(catalog.category(idParam(ctx.params.id))) } }));

  router.add('POST', '/config/categories', (ctx) => {
    requireSuper(ctx);
    check(validateCategory(ctx.body));
    const name = bodyText(ctx.body.name);
    if (catalog.categoryNameTaken(name)) throw invalid({ name: SERVER.categoryTaken });
    const created = audited(app, ctx, 'category.created', () => catalog.createCategory(name), (item) => ({ target: catalogTarget(item), after: item }));
    return { status: 201, body: { message: SERVER.categoryCreated, data: created } };
  });

  router.add('PATCH', '/config/categories/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(catalog.category(idParam(ctx.params.id)));
    const id = before.id;
    check(validateCategory(ctx.body));
    const name = bodyText(ctx.body.name);
    if (catalog.categoryNameTaken(name, id)) throw invalid({ name: SERVER.categoryTaken });
    const changed = audited(app, ctx, 'category.renamed', () => catalog.renameCategory(id, name), (item) => ({ target: catalogTarget(item), before, after: item }));
    return { body: { message: SERVER.categoryUpdated, data: found(changed) } };
  });

  router.add('DELETE', '/config/categories/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(catalog.category(idParam(ctx.params.id)));
    if (!audited(app, ctx, 'category.deleted', () => catalog.deleteCategory(before.id), () => ({ target: catalogTarget(before), before }))) throw notFound();
    return { body: { message: SERVER.categoryDeleted } };
  });

  router.add('GET', '/config/services', () => ({ body: { data: { list: catalog.services() } } }));
  router.add('GET', '/config/services/:id', (ctx) => ({ body: { data: found(catalog.service(idParam(ctx.params.id))) } }));

  router.add('POST', '/config/services', (ctx) => {
    requireSuper(ctx);
    check(validateService(ctx.body));
    const name = bodyText(ctx.body.name);
    const appName = ctx.body.app as AppName;
    if (catalog.serviceNameTaken(name, appName)) throw invalid({ name: SERVER.serviceTaken });
    const created = audited(app, ctx, 'service.created', () => catalog.createService(name, appName), (item) => ({ target: catalogTarget(item), after: item }));
    return { status: 201, body: { message: SERVER.serviceCreated, data: created } };
  });

  router.add('PATCH', '/config/services/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(catalog.service(idParam(ctx.params.id)));
    const id = before.id;
    check(validateService(ctx.body));
    const name = bodyText(ctx.body.name);
    const appName = ctx.body.app as AppName;
    if (catalog.serviceNameTaken(name, appName, id)) throw invalid({ name: SERVER.serviceTaken });
    const changed = audited(app, ctx, 'service.updated', () => catalog.updateService(id, name, appName), (item) => ({ target: catalogTarget(item), before, after: item }));
    return { body: { message: SERVER.serviceUpdated, data: found(changed) } };
  });

  router.add('DELETE', '/config/services/:id', (ctx) => {
    requireSuper(ctx);
    const before = found(catalog.service(idParam(ctx.params.id)));
    if (!audited(app, ctx, 'service.deleted', () => catalog.deleteService(before.id), () => ({ target: catalogTarget(before), before }))) throw notFound();
    return { body: { message: SERVER.serviceDeleted } };
  });
}
