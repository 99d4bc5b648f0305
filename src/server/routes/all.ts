/** Every route the server answers, in one table. */
import type { ServerContext } from '../context.ts';
import { Router } from '../http/router.ts';
import { directoryRoutes } from '../sso/routes.ts';
import { createDirectorySignIn } from '../sso/state.ts';
import { auditRoutes } from './audit.ts';
import { authUserRoutes } from './auth-users.ts';
import { backupRoutes } from './backups.ts';
import { bulkRoutes } from './bulk.ts';
import { commentRoutes } from './comments.ts';
import { configRoutes } from './config.ts';
import { healthRoutes, type HealthLimits } from './health.ts';
import { mailRoutes } from './mail.ts';
import { notificationRoutes } from './notifications.ts';
import { openApiRoutes } from './openapi.ts';
import { replyRoutes } from './replies.ts';
import { reportRoutes } from './report.ts';
import { slaRoutes } from './sla.ts';
import { ticketRoutes } from './tickets.ts';
import { viewRoutes } from './views.ts';

/**
 * `publicOrigin`: PUBLIC_URL, or http(s)://HOST:PORT once the server listens (the OIDC redirect URI is made of it).
 * `limits`: what GET /health reports near them; without it, EVENTS_MAX_STREAMS and no connection count.
 */
export function buildRouter(app: ServerContext, publicOrigin: () => string, limits?: HealthLimits): Router {
  const router = new Router();
  healthRoutes(router, app, limits ?? { maxStreams: app.settings.eventsMaxStreams, connectionsNear: () => undefined });
  authUserRoutes(router, app);
  directoryRoutes(router, app, createDirectorySignIn(app), publicOrigin);
  reportRoutes(router, app);
  bulkRoutes(router, app);
  ticketRoutes(router, app);
  commentRoutes(router, app);
  notificationRoutes(router, app);
  configRoutes(router, app);
  backupRoutes(router, app);
  mailRoutes(router, app);
  auditRoutes(router, app);
  slaRoutes(router, app);
  viewRoutes(router, app);
  replyRoutes(router, app);
  openApiRoutes(router, app);
  return router;
}
