/** design.md#reports: GET /tickets/report, for super only. Cached with the counts: any ticket write can change it. */
import { parseReportQuery, reportQueryString } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import { check, forbidden } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { createReportStore } from '../store/report.ts';

/** Register before the ticket routes, so `/tickets/:id` never takes `report` for a ticket number. */
export function reportRoutes(router: Router, app: ServerContext): void {
  const store = createReportStore(app.db);
  router.add('GET', '/tickets/report', (ctx) => {
    if (ctx.user.role !== 'super') throw forbidden();
    const { query, errors } = parseReportQuery(ctx.query);
    check(errors);
    // Applies the writes recorded so far, which drops the counts' answers this one is kept with.
    app.queue.catchUp();
    const tags = [CACHE_TAGS.lists, CACHE_TAGS.counts];
    return { payload: app.cache.get(`report?${reportQueryString(query)}`, tags, () => ({ data: store.report(query) })) };
  });
}
