/**
 * GET /health: `{status: 'ok'}`, with `streams: {open, max}` while the event streams are near their
 * limit (design.md#live-updates), and `streams.connections: {open, max}` while the connections are
 * near the open-file budget (design.md#open-files); outside those the answer stays `{status}`.
 */
import type { ServerContext } from '../context.ts';
import type { Router } from '../http/router.ts';

export interface HealthLimits {
  /** Event streams the process holds at most (EVENTS_MAX_STREAMS, or fewer when the open files allow fewer). */
  maxStreams: number;
  /** `{open, max}` of the connections from their high-water mark on, else undefined. */
  connectionsNear: () => { open: number; max: number } | undefined;
}

export function healthRoutes(router: Router, app: ServerContext, limits: HealthLimits): void {
  router.addPublic('GET', '/health', () => {
    const streams = app.live.nearLimit();
    const connections = limits.connectionsNear();
    if (!streams && !connections) return { body: { status: 'ok' } };
    const near = streams ?? { open: app.live.openStreams(), max: limits.maxStreams };
    return { body: { status: 'ok', streams: connections ? { ...near, connections } : near } };
  });
}
