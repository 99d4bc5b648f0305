/** product.md#calls, authentication and users. Account management is for super, on support and developer accounts only. */
import {
  CREATABLE_ROLES,
  SERVER,
  validateAdminChangePassword,
  validateChangePassword,
  validateCreateAccount,
  validateNewPassword,
  validateProfile,
  type Role,
  type User,
} from '../../shared/index.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { refuseWhileLimited, signIn } from '../auth/sign-in.ts';
import { idParam, type ServerContext } from '../context.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import { bodyText } from '../body-text.ts';
import { check, DomainError, forbidden, invalid, notFound } from '../errors.ts';
import type { Router, SignedInContext } from '../http/router.ts';
import { requireSuper } from './access.ts';
import { accountFields, accountTarget, audited } from './audited.ts';

const MANAGEABLE_ROLES: readonly Role[] = CREATABLE_ROLES;

/** A directory account's password is the directory's business (docs/design.md#directory-sign-in). */
function refuseDirectoryAccount(user: User): void {
  if (user.source === 'directory') throw new DomainError('conflict', SERVER.directoryPassword);
}

/** The support or developer account a super may manage; 404 unknown, 403 any other role. */
function manageableAccount(app: ServerContext, ctx: SignedInContext): User {
  requireSuper(ctx);
  const target = app.users.find(idParam(ctx.params.id));
  if (!target) throw notFound();
  if (!MANAGEABLE_ROLES.includes(target.role)) throw forbidden();
  return target;
}

export function authUserRoutes(router: Router, app: ServerContext): void {
  router.addPublic('POST', '/auth/sign-in', async (ctx) => ({
    body: { message: SERVER.signedIn, data: await signIn(app, ctx.body, ctx.ip) },
  }));

  router.add('POST', '/auth/sign-out', (ctx) => {
    app.sessions.revoke(ctx.tokenHash);
    app.live.sessionsChanged();
    return { body: { message: SERVER.signedOut } };
  });

  router.add('GET', '/users', (ctx) => {
    requireSuper(ctx);
    return { body: { data: { list: app.users.list() } } };
  });

  router.add('GET', '/developers', (ctx) => {
    requireSuper(ctx);
    return { body: { data: { list: app.users.listByRole('developer') } } };
  });

  router.add('POST', '/auth/user/create', async (ctx) => {
    requireSuper(ctx);
    const b = ctx.body;
    check(validateCreateAccount(b));
    const emailTaken = () => invalid({ email: SERVER.emailTaken });
    if (app.users.findByEmail(bodyText(b.email))) throw emailTaken();
    const passwordHash = await hashPassword(String(b.password), app.settings.scryptCost);
    // Checked again after the slow hash: another request may have taken the address meanwhile.
    if (app.users.findByEmail(bodyText(b.email))) throw emailTaken();
    const account = { first_name: bodyText(b.first_name), last_name: bodyText(b.last_name), email: bodyText(b.email), role: b.role as Role, password_hash: passwordHash };
    const create = () => app.users.create(account, app.nowIso());
    const user = audited(app, ctx, 'account.created', create, (created) => ({ target: accountTarget(created), after: accountFields(created) }));
    return { status: 201, body: { message: SERVER.accountCreated, data: user } };
  });

  router.add('PATCH', '/user/:id/change-password', async (ctx) => {
    const target = manageableAccount(app, ctx);
    refuseDirectoryAccount(target);
    check(validateAdminChangePassword(ctx.body), validateNewPassword(ctx.body));
    const passwordHash = await hashPassword(String(ctx.body.new_password), app.settings.scryptCost);
    const reset = () => app.users.setPasswordHash(target.id, passwordHash);
    if (!audited(app, ctx, 'account.password_reset', reset, () => ({ target: accountTarget(target) }))) throw notFound();
    app.sessions.revokeAll(target.id);
    app.live.sessionsChanged();
    return { body: { message: SERVER.passwordChanged } };
  });

  router.add('DELETE', '/auth/user/:id', async (ctx) => {
    const target = manageableAccount(app, ctx);
    const touchesTickets = app.tickets.involves(target.id);
    await app.users.detach(target.id);
    audited(app, ctx, 'account.deleted', () => app.users.remove(target.id), () => ({ target: accountTarget(target), before: accountFields(target) }));
    app.live.sessionsChanged();
    // Their tickets lose the link to the account (ON DELETE SET NULL): those answers change.
    if (touchesTickets) app.cache.invalidate(CACHE_TAGS.lists, CACHE_TAGS.details);
    return { body: { message: SERVER.accountDeleted } };
  });

  router.add('PATCH', '/auth/user/:userId/update', async (ctx) => {
    if (idParam(ctx.params.userId) !== ctx.user.id) throw forbidden();
    check(validateProfile(ctx.body));
    const update = () => app.users.updateProfile(ctx.user.id, bodyText(ctx.body.first_name), bodyText(ctx.body.last_name));
    const names = (u: User) => ({ first_name: u.first_name, last_name: u.last_name });
    const user = audited(app, ctx, 'account.updated', update, (updated) => ({ target: accountTarget(updated), before: names(ctx.user), after: names(updated) }));
    if (user) await app.users.renameInTickets(user.id, user.first_name);
    if (!user) throw notFound();
    // Tickets show their people's first names: only a rename changes ticket answers.
    if (user.first_name !== ctx.user.first_name) app.cache.invalidate(CACHE_TAGS.lists, CACHE_TAGS.details);
    app.comments.renameAuthor(user);
    return { body: { message: SERVER.profileUpdated, data: user } };
  });

  router.add('POST', '/auth/reset-password', async (ctx) => {
    const b = ctx.body;
    refuseDirectoryAccount(ctx.user);
    check(validateChangePassword(b), validateNewPassword(b));
    // A stolen token must not become a way to guess the password.
    const key = ctx.user.email;
    refuseWhileLimited([[app.accountLimiter, key]]);
    const stored = app.users.passwordHash(ctx.user.id);
    const matches = stored !== undefined && (await verifyPassword(String(b.old_password), stored));
    // Checked again after the slow hash, so guesses sent at once cannot outrun the limit.
    refuseWhileLimited([[app.accountLimiter, key]]);
    if (!matches) {
      app.accountLimiter.fail(key);
      throw invalid({ old_password: SERVER.oldPasswordWrong });
    }
    const passwordHash = await hashPassword(String(b.new_password), app.settings.scryptCost);
    const change = () => app.users.setPasswordHash(ctx.user.id, passwordHash);
    if (!audited(app, ctx, 'account.password_changed', change, () => ({ target: accountTarget(ctx.user) }))) throw notFound();
    app.sessions.revokeOthers(ctx.user.id, ctx.tokenHash);
    app.live.sessionsChanged();
    return { body: { message: SERVER.passwordChanged } };
  });
}
