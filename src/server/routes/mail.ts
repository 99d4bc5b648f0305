/**
 * /admin/mail (design.md#notifications, supers only): whether mail is on, the relay, what waits and
 * the last deliveries; and the test e-mail, sent straight through the relay so its answer is seen.
 */
import { MAIL_TEXT } from '../../shared/mail.ts';
import type { ServerContext } from '../context.ts';
import { DomainError, invalid } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { isValidAddress } from '../mail/address.ts';
import { requireSuper } from './access.ts';

/** Longer than any address (RFC 5321: 254); anything past it is refused before it is looked at. */
const TO_MAX = 320;

export function mailRoutes(router: Router, app: ServerContext): void {
  router.add('GET', '/admin/mail', (ctx) => {
    requireSuper(ctx);
    return { body: { data: app.mail.status() } };
  });

  router.add('POST', '/admin/mail/test', async (ctx) => {
    requireSuper(ctx);
    if (!app.mail.enabled) throw new DomainError('conflict', MAIL_TEXT.off);
    const to = (ctx.body as { to?: unknown } | undefined)?.to;
    if (typeof to !== 'string' || to.length > TO_MAX || !isValidAddress(to.trim())) throw invalid({ to: MAIL_TEXT.toInvalid });
    const outcome = await app.mail.sendTest(to.trim(), ctx.user.id);
    if (!outcome.accepted) return { status: 502, body: { message: outcome.reply } };
    return { body: { message: outcome.reply, data: { accepted: true, reply: outcome.reply } } };
  });
}
