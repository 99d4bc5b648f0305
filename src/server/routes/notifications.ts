/**
 * Notifications (design.md#notifications): watching a ticket, the in-app list and its unread count, e-mail
 * preferences, and the people a comment may @mention. Every signed-in role; each sees only their own.
 */
import { LIMITS, MENTION_SUGGESTIONS_MAX, parsePreferences, parseReadRequest } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { check, notFound } from '../errors.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import { readNotificationPage } from '../store/notifications.ts';

export function notificationRoutes(router: Router, app: ServerContext): void {
  const watch = (ctx: SignedInContext, on: boolean) => {
    const ticket = app.tickets.find(ctx.params.id ?? '');
    if (!ticket) throw notFound();
    if (on) app.watchers.watch(ticket.id, ctx.user.id);
    else app.watchers.unwatch(ticket.id, ctx.user.id);
    app.cache.invalidate(CACHE_TAGS.ticket(ticket.id));
    return { body: { data: { watching: on, watchers: app.watchers.list(ticket.id) } } };
  };
  router.add('PUT', '/tickets/:id/watch', (ctx) => watch(ctx, true));
  router.add('DELETE', '/tickets/:id/watch', (ctx) => watch(ctx, false));

  router.add('GET', '/notifications', (ctx) => ({ body: { data: app.notifications.page(ctx.user.id, readNotificationPage(ctx.query)) } }));
  router.add('GET', '/notifications/unread', (ctx) => ({ body: { data: { count: app.notifications.unread(ctx.user.id) } } }));
  router.add('POST', '/notifications/read', (ctx) => {
    const { request, errors } = parseReadRequest(ctx.body);
    check(errors);
    const count = app.notifications.markRead(ctx.user.id, request!, app.nowIso());
    // The person's other tabs and devices show the new count too.
    app.live.notify(ctx.user.id, count);
    return { body: { data: { count } } };
  });

  router.add('GET', '/me/notifications', (ctx) => ({ body: { data: app.notifications.preferences(ctx.user.id) } }));
  router.add('PUT', '/me/notifications', (ctx) => {
    const { preferences, errors } = parsePreferences(ctx.body);
    check(errors);
    app.notifications.setPreferences(ctx.user.id, preferences!);
    return { body: { data: preferences } };
  });

  router.add('GET', '/users/mentionable', (ctx) => {
    const q = (ctx.query.get('q') ?? '').slice(0, LIMITS.textMax);
    return { body: { data: { list: app.users.mentionable(q, ctx.user.id, MENTION_SUGGESTIONS_MAX) } } };
  });
}
