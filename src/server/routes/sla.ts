/**
 * GET /sla (everyone signed in), PUT /sla and DELETE /sla (super): the service-level policy
 * (design.md#service-levels). A change is audited in its own transaction; the open tickets are then
 * recomputed in batches before the answer, so what follows the answer sees the new deadlines.
 */
import { SLA_ANSWERS, validateSlaPolicy, type SlaPolicy } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { check } from '../errors.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import { requireSuper } from './access.ts';
import { audited } from './audited.ts';

const TARGET = { id: null, label: 'Service levels' };

export function slaRoutes(router: Router, app: ServerContext): void {
  async function change(ctx: SignedInContext, next: SlaPolicy | null): Promise<void> {
    const before = app.sla.policy();
    audited(app, ctx, 'setting.sla', () => app.sla.setPolicy(next), () => ({ target: TARGET, before, after: next }));
    await app.sla.recompute();
  }

  router.add('GET', '/sla', () => ({ body: { data: app.sla.policy() } }));

  router.add('PUT', '/sla', async (ctx) => {
    requireSuper(ctx);
    const { policy, errors } = validateSlaPolicy(ctx.body);
    check(errors);
    await change(ctx, policy!);
    return { body: { message: SLA_ANSWERS.saved, data: app.sla.policy() } };
  });

  router.add('DELETE', '/sla', async (ctx) => {
    requireSuper(ctx);
    await change(ctx, null);
    return { body: { message: SLA_ANSWERS.off, data: null } };
  });
}
