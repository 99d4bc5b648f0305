/** startServer: opens the database, builds the app and listens. Used by main.ts and the tests. */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ensureFirstAdmin } from './auth/first-admin.ts';
import { createSignInFloor, hashCost } from './auth/passwords.ts';
import { createRateLimiter } from './auth/rate-limit.ts';
import { createSessionStore } from './auth/sessions.ts';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, FAILURE_WINDOW_MS, PAIR_FAILURE_LIMIT } from './auth/sign-in.ts';
import type { ServerContext } from './context.ts';
import { scheduleBackups } from './db/backups.ts';
import { dataVersionReader, DB_FILE_NAME, openDatabase } from './db/database.ts';
import { CACHE_TAGS, createAnswerCache } from './http/answer-cache.ts';
import { createHttpServer, LISTEN_BACKLOG, reloadCertificate } from './http/connections.ts';
import { createRequestHandler } from './http/pipeline.ts';
import { batchedLines } from './http/request-log.ts';
import type { Router } from './http/router.ts';
import { createConnectionGuard } from './http/connection-guard.ts';
import { openFilesBudget, readOpenFilesLimit, type OpenFilesBudget } from './http/open-files.ts';
import { buildRouter } from './routes/all.ts';
import { shutdown } from './shutdown.ts';
import { everySlaSweep, SWEEP_EVERY_MS, sweepExpired } from './sweeps.ts';
import { checkMailSettings, DEFAULT_SETTINGS, normalizeApiBase, type Settings } from './settings.ts';
import { createMail, type MailOptions } from './mail/mail-service.ts';
import { createLive } from './events/live.ts';
import { createWebhooks } from './events/webhooks.ts';
import { createDispatcher } from './events/dispatch.ts';
import { createEventRecorder } from './events/record.ts';
import { createNotificationStore } from './store/notifications.ts';
import { createWatcherStore } from './store/watchers.ts';
import { createAuditStore } from './store/audit.ts';
import { createCatalogStore } from './store/catalog.ts';
import { createCommentStore } from './store/comments.ts';
import { createReportRunner } from './store/report-runner.ts';
import { createTicketQueue } from './store/ticket-queue.ts';
import { createTicketStore } from './store/tickets.ts';
import { createUserStore } from './store/users.ts';
import { createSlaService } from './sla/service.ts';

/** EVENTS_MAX_STREAMS, or fewer when the open files leave room for fewer beside their requests (said once in the log). */
function streamsWithin(openFiles: OpenFilesBudget, wanted: number, log: (line: string) => void): number {
  if (wanted <= openFiles.streams) return wanted;
  log(`Event streams: at most ${openFiles.streams.toLocaleString('en')}, not EVENTS_MAX_STREAMS ${wanted.toLocaleString('en')}: the open files limit ${openFiles.limit.toLocaleString('en')} leaves room for no more beside their requests. Raise it (ulimit -n, LimitNOFILE) for more.`);
  return openFiles.streams;
}

export interface ServerOptions extends Partial<Settings> {
  /** Clock in ms since the epoch (tests move it forward to expire sessions). */
  now?: () => number;
  /** Where notices go (the first-admin message); console.log by default. */
  log?: (line: string) => void;
  /** Where unexpected errors go; console.error by default. */
  logError?: (line: string) => void;
  /** Open GET /events streams per process: EVENTS_MAX_STREAMS (10,000) unless given; tests lower it. */
  maxEventStreams?: number;
  /** Tests: the longest wait of each SMTP step (30 s), and the relay's CA (production: NODE_EXTRA_CA_CERTS). */
  mailTimeoutMs?: number;
  smtpCa?: MailOptions['ca'];
  /** Runs the service-level sweep every so often; tests pass one that never fires and call `app.sla.sweep()` with the clock moved. */
  slaTimer?: (sweep: () => void) => () => void;
  /**
   * Starts the reports' thread with the server (docs/design.md#report-thread). Test servers, most of
   * which never ask for a report, leave it to the first report (a thread each cost the suite seconds).
   * @default true
   */
  reportsAtStart?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  app: ServerContext;
  /** The route table it answers (the API reference's test reads it). */
  router: Router;
  /** Reads TLS_CERT_FILE and TLS_KEY_FILE again (SIGHUP); on a failure the old certificate keeps serving. */
  reloadCertificate(): void;
  close(): Promise<void>;
}

export { buildRouter } from './routes/all.ts';
export { SLA_SWEEP_EVERY_MS, sweepExpired } from './sweeps.ts';

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { now = Date.now, log = console.log, logError = console.error, maxEventStreams, mailTimeoutMs, smtpCa, slaTimer = everySlaSweep, ...overrides } = options;
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const settings: Settings = { ...DEFAULT_SETTINGS, ...given };
  settings.apiBase = normalizeApiBase(settings.apiBase);
  checkMailSettings(settings);
  const db = openDatabase(settings.dataDir);
  const sessions = createSessionStore(db, { idleHours: settings.sessionIdleHours, maxDays: settings.sessionMaxDays }, now);
  const webhooks = createWebhooks({ db, urls: settings.webhookUrls, secret: settings.webhookSecret, retrySeconds: settings.webhookRetrySeconds, log, logError, now });
  const nowIso = () => new Date(now()).toISOString();
  const users = createUserStore(db);
  const openFiles = openFilesBudget(settings.openFilesLimit ?? readOpenFilesLimit());
  const maxStreams = streamsWithin(openFiles, maxEventStreams ?? settings.eventsMaxStreams, log);
  const live = createLive({ heartbeatSeconds: settings.eventsHeartbeatSeconds, session: (hash) => sessions.live(hash), now, maxStreams, maxStreamsPerUser: settings.eventsStreamsPerUser, log });
  const tickets = createTicketStore(db);
  const dispatcher = createDispatcher(db, live, webhooks, tickets.findById);
  const watchers = createWatcherStore(db);
  /** http://HOST:PORT once listening: the links in mail when PUBLIC_URL is not set. */
  let listeningUrl = '';
  const mail = createMail({ db, settings, publicUrl: () => settings.publicUrl || listeningUrl, now, log, logError, timeoutMs: mailTimeoutMs, ca: smtpCa });
  const events = createEventRecorder({ db, tickets, watchers, webhooks, nowIso, smtpUrl: settings.smtpUrl, publicUrl: settings.publicUrl, afterCommit: () => {
    dispatcher.schedule();
    mail.worker?.wake();
  } });
  const cache = createAnswerCache(dataVersionReader(db));
  const sla = createSlaService({
    db,
    events,
    now,
    // The states live in their own table (migration 16), which the queue's change triggers do not see: a
    // page of any list may show a changed state, and the counts by state are SQL's.
    onChanged: (changed) => cache.invalidate(CACHE_TAGS.lists, CACHE_TAGS.counts, ...(changed === 'all' ? [CACHE_TAGS.details] : changed.map(CACHE_TAGS.ticket))),
  });
  const app: ServerContext = {
    settings,
    db,
    now,
    nowIso,
    users,
    sessions,
    tickets,
    // A ticket write drops only the cached pages of the lists it may show in (store/ticket-counts.ts),
    // and the answers counting every ticket; a forgotten count drops only its list's pages.
    queue: createTicketQueue(db, (touched, cause) => {
      const lists = touched === 'all' ? [CACHE_TAGS.lists] : touched.map(CACHE_TAGS.list);
      app.cache.invalidate(...(cause === 'written' ? [CACHE_TAGS.counts] : []), ...lists);
    }),
    catalog: createCatalogStore(db),
    comments: createCommentStore(db),
    audit: createAuditStore(db),
    live,
    events,
    watchers,
    sla,
    notifications: createNotificationStore(db),
    reports: createReportRunner(path.join(settings.dataDir, DB_FILE_NAME)),
    mail,
    cache,
    accountLimiter: createRateLimiter(ACCOUNT_FAILURE_LIMIT, FAILURE_WINDOW_MS, now),
    addressLimiter: createRateLimiter(ADDRESS_FAILURE_LIMIT, FAILURE_WINDOW_MS, now),
    pairLimiter: createRateLimiter(PAIR_FAILURE_LIMIT, FAILURE_WINDOW_MS, now),
    // The first admin, made below, is hashed at SCRYPT_COST: already one of the costs counted.
    signInFloor: createSignInFloor(settings.scryptCost, users.hashHeads().map(hashCost)),
    backups: null, // set below, once the server is up
    log,
    requestLog: options.log ?? batchedLines((chunk) => void process.stdout.write(chunk)),
    logError,
  };
  /** What runs once started, stopped by close, or by a start that fails half-way (a port taken, a bad certificate). */
  const stops: Array<() => void> = [() => dispatcher.close(), () => webhooks.close(), () => app.live.close()];
  const serve = async () => {
    // Its modules, connection and statements readied now, beside the start's own work, not on the first report.
    if (options.reportsAtStart ?? true) app.reports.start();
    await ensureFirstAdmin(app);
    sweepExpired(app);
    // Deliveries a previous run left pending (a restart, a crash) go out now.
    webhooks.pump();
    // Loads the combination counts (store/ticket-facts.ts) now, not on the first dashboard after a restart.
    app.queue.stats({});
    const sweeper = setInterval(() => sweepExpired(app), SWEEP_EVERY_MS).unref();
    stops.push(() => clearInterval(sweeper));
    stops.push(slaTimer(() => void sla.sweep().catch((error: unknown) => logError(`Service-level sweep failed: ${error instanceof Error ? error.stack : String(error)}`))));
    stops.push(() => sla.stop());
    // A policy change whose recompute a crash or a power cut cut short is finished now, in the background.
    void sla.resume()?.catch((error: unknown) => logError(`Service-level recompute failed: ${error instanceof Error ? error.stack : String(error)}`));
    const { backupDir, backupEveryHours, backupKeep } = settings;
    const backups = backupDir
      ? scheduleBackups(path.join(settings.dataDir, DB_FILE_NAME), { dir: backupDir, everyHours: backupEveryHours, keep: backupKeep, now, log, logError })
      : null;
    stops.push(() => backups?.stop());
    app.backups = backups && backups.status;

    const connections = createConnectionGuard(openFiles, log);
    const router = buildRouter(app, () => settings.publicUrl || listeningUrl, { maxStreams, connectionsNear: connections.near });
    const server = createHttpServer(settings, createRequestHandler(app, router), connections);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: settings.port, host: settings.host, backlog: LISTEN_BACKLOG }, () => resolve());
    });
    return { server, router };
  };
  const { server, router } = await serve().catch(async (error: unknown) => {
    for (const stop of stops) stop();
    await Promise.all([app.reports.close(), mail.close()]);
    db.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const url = `${settings.tlsCertFile ? 'https' : 'http'}://${host}:${port}`;
  listeningUrl = url;
  // Messages queued before a restart (or while the relay was down) go out now.
  mail.worker?.wake();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= shutdown({
      stops: [...stops, () => void app.reports.close()],
      server,
      mailStopped: () => mail.close(),
      closeDatabase: () => db.close(),
    }));

  const reload = () => {
    try {
      log(reloadCertificate(server, settings));
    } catch (error) {
      logError(`TLS certificate reload failed, still serving the previous one: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { url, port, app, router, reloadCertificate: reload, close };
}
