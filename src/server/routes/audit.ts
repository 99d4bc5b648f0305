/** GET /audit (design.md#audit-log): the audit log for supers, newest first, paged like the work queue. Nothing writes it through the API. */
import { parseAuditQuery } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { check } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { requireSuper } from './access.ts';

export function auditRoutes(router: Router, app: ServerContext): void {
  router.add('GET', '/audit', (ctx) => {
    requireSuper(ctx);
    const { query, errors } = parseAuditQuery(ctx.query);
    check(errors);
    return { body: { data: app.audit.page(query) } };
  });
}
