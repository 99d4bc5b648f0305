/** Role checks shared by the route files (design.md#permissions: deny by default, decided by the user's role and id). */
import { forbidden } from '../errors.ts';
import type { SignedInContext } from '../http/router.ts';

/** Account management and configuration are for the super role only. */
export function requireSuper(ctx: SignedInContext): void {
  if (ctx.user.role !== 'super') throw forbidden();
}
