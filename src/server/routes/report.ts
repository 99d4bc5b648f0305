/**
 * design.md#reports: GET /tickets/report, for super only. Cached with the counts: any ticket write
 * can change it. Made on the reports' own thread (store/report-runner.ts): a year of figures would
 * hold the event loop for hundreds of milliseconds.
 */
import { parseReportQuery, reportQueryString } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import { check, forbidden } from '../errors.ts';
import type { Router } from '../http/router.ts';

/** Register before the ticket routes, so `/tickets/:id` never takes `report` for a ticket number. */
export function reportRoutes(router: Router, app: ServerContext): void {
  router.add('GET', '/tickets/report', async (ctx) => {
    if (ctx.user.role !== 'super') throw forbidden();
    const { query, errors } = parseReportQuery(ctx.query);
    check(errors);
    // Applies the writes recorded so far, which drops the counts' answers this one is kept with.
    app.queue.catchUp();
    const tags = [CACHE_TAGS.lists, CACHE_TAGS.counts];
    const make = async () => {
      try {
        return await app.reports.report(query);
      } catch (error) {
        // A thread that stopped or a read that lost a race is asked once more, and the first failure logged.
        app.logError(`Report failed once, asking again: ${error instanceof Error ? error.message : String(error)}`);
        return await app.reports.report(query);
      }
    };
    return { payload: await app.cache.getAsync(`report?${reportQueryString(query)}`, tags, async () => ({ data: await make() })) };
  });
}
