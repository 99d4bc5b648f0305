/** Server settings: the environment variables of design.md#settings, with their defaults. */
import os from 'node:os';
import path from 'node:path';
import { AUDIT_KEEP_DAYS_DEFAULT } from '../shared/audit.ts';
import type { LogFormat } from './http/request-log.ts';
import { DEFAULT_DIRECTORY_SETTINGS, directorySettingsFrom, type DirectorySettings } from './sso/settings.ts';
import { isHostName, parseMailbox } from './mail/address.ts';
import { parseSmtpUrl } from './mail/smtp-url.ts';

/** The directory sign-in's part (oidc, passwordSignIn, trustedProxyHeader, trustedProxies) is in sso/settings.ts. */
export interface Settings extends DirectorySettings {
  port: number;
  host: string;
  dataDir: string;
  apiBase: string;
  adminEmail: string;
  /** Unset: a strong password is generated and printed once. */
  adminPassword: string | undefined;
  adminFirstName: string;
  adminLastName: string;
  sessionIdleHours: number;
  sessionMaxDays: number;
  /** Origins allowed to call the API from another site; empty = CORS off. */
  corsOrigins: string[];
  /** log2 of scrypt's N. Tests lower it; the default never changes. */
  scryptCost: number;
  distDir: string;
  /** A client must send its request headers within this many seconds (design.md#connection-limits). */
  headersTimeoutSeconds: number;
  /** …and its whole request, body included, within this many. */
  requestTimeoutSeconds: number;
  /** A streamed answer (the whole list, CSV) whose client takes nothing for this long is cut off. */
  sendIdleSeconds: number;
  /** Open connections one client address may hold; more are closed at once. */
  maxConnectionsPerAddress: number;
  /** Scheduled backups go here; unset: none (`npm run backup` still works). */
  backupDir: string | undefined;
  backupEveryHours: number;
  /** Scheduled backups kept; older ones are deleted. */
  backupKeep: number;
  /** One line per request as text, as JSON, or none. */
  logFormat: LogFormat;
  /** PEM files; both set: HTTPS with HSTS (design.md#tls). */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** A `: ping` comment goes down every open GET /events stream this often (design.md#live-updates). */
  eventsHeartbeatSeconds: number;
  /** Open GET /events streams one account may hold: a wall of kiosks often shares one account. */
  eventsStreamsPerUser: number;
  /** Open GET /events streams per process; the next is refused with 503 (design.md#live-updates). */
  eventsMaxStreams: number;
  /**
   * OPEN_FILES_LIMIT: the open files the process may hold, which bound its connections and streams (design.md#open-files).
   * @default the soft "Max open files" of /proc/self/limits; 1024 where that is unreadable
   */
  openFilesLimit: number | undefined;
  /** Each ticket event is POSTed to every one of these (design.md#webhooks); empty: no webhooks. */
  webhookUrls: string[];
  /** Signs each webhook body (X-Helpdesk-Signature: sha256=HMAC); empty: unsigned. */
  webhookSecret: string;
  /** Waits before each retry of a failed webhook delivery; as many retries as entries. */
  webhookRetrySeconds: number[];
  /** Audit log rows older than this many days are deleted (design.md#audit-log). */
  auditKeepDays: number;
  /** The mail relay (design.md#notifications); empty: no mail is queued or sent. */
  smtpUrl: string;
  /** Refuse to send mail over a connection that is not encrypted (a relay without STARTTLS). */
  smtpRequireTls: boolean;
  /** The sender of every notification e-mail: `Name <address>` or an address. */
  mailFrom: string;
  /** Where people reach the helpdesk, for links and Message-IDs in mail; empty: http://HOST:PORT. */
  publicUrl: string;
}

/** This host's name when it is one a mail address may carry, else `localhost`. */
const mailHost = () => (isHostName(os.hostname()) ? os.hostname() : 'localhost');

export const DEFAULT_SETTINGS: Settings = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: './data',
  apiBase: '/api',
  adminEmail: 'admin@example.com',
  adminPassword: undefined,
  adminFirstName: 'Admin',
  adminLastName: 'User',
  sessionIdleHours: 12,
  sessionMaxDays: 7,
  corsOrigins: [],
  scryptCost: 17,
  distDir: './dist',
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 60,
  maxConnectionsPerAddress: 256,
  sendIdleSeconds: 30,
  tlsCertFile: undefined,
  tlsKeyFile: undefined,
  logFormat: 'text',
  backupDir: undefined,
  backupEveryHours: 24,
  backupKeep: 7,
  eventsHeartbeatSeconds: 25,
  eventsStreamsPerUser: 20,
  eventsMaxStreams: 10_000,
  openFilesLimit: undefined,
  webhookUrls: [],
  webhookSecret: '',
  webhookRetrySeconds: [1, 5, 30],
  auditKeepDays: AUDIT_KEEP_DAYS_DEFAULT,
  smtpUrl: '',
  smtpRequireTls: false,
  mailFrom: `Helpdesk <helpdesk@${mailHost()}>`,
  publicUrl: '',
  ...DEFAULT_DIRECTORY_SETTINGS,
};

type Env = Record<string, string | undefined>;

function numberFrom(env: Env, name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  return value;
}

function logFormatFrom(raw: string | undefined): LogFormat {
  const value = raw?.trim().toLowerCase() || DEFAULT_SETTINGS.logFormat;
  if (value !== 'text' && value !== 'json' && value !== 'off') throw new Error(`LOG_FORMAT must be text, json or off, got "${raw}"`);
  return value;
}

function urlsFrom(raw: string | undefined): string[] {
  const urls = (raw ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  for (const url of urls) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`WEBHOOK_URLS must be http(s) URLs, got "${url}"`);
  }
  return urls;
}

function secondsListFrom(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isFinite(v) || v < 0 || v > 86_400)) throw new Error(`${name} must be comma-separated seconds, got "${raw}"`);
  return values;
}

function booleanFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/**
 * SMTP_URL, MAIL_FROM and PUBLIC_URL as the mail needs them; throws a message fit for the
 * start-up log (never the relay's password). Run on the environment and again on the settings a
 * test or embedder hands to startServer.
 */
export function checkMailSettings(settings: Pick<Settings, 'smtpUrl' | 'mailFrom' | 'publicUrl'>): void {
  if (settings.smtpUrl) parseSmtpUrl(settings.smtpUrl);
  if (parseMailbox(settings.mailFrom) === null) {
    throw new Error(`MAIL_FROM must be an address or "Name <address>", got ${JSON.stringify(settings.mailFrom)}`);
  }
  if (settings.publicUrl && !(URL.canParse(settings.publicUrl) && /^https?:$/.test(new URL(settings.publicUrl).protocol))) {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(settings.publicUrl)}`);
  }
}

const textFrom = (env: Env, name: string, fallback: string) => env[name]?.trim() || fallback;

/** A base path always starts with '/' and never ends with one ('/api', '/helpdesk/api'). */
export function normalizeApiBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function settingsFromEnv(env: Env = process.env): Settings {
  const d = DEFAULT_SETTINGS;
  const settings: Settings = {
    port: numberFrom(env, 'PORT', d.port, { max: 65535 }),
    host: textFrom(env, 'HOST', d.host),
    dataDir: path.resolve(textFrom(env, 'DATA_DIR', d.dataDir)),
    apiBase: normalizeApiBase(textFrom(env, 'API_BASE', d.apiBase)),
    adminEmail: textFrom(env, 'ADMIN_EMAIL', d.adminEmail).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminFirstName: textFrom(env, 'ADMIN_FIRST_NAME', d.adminFirstName),
    adminLastName: textFrom(env, 'ADMIN_LAST_NAME', d.adminLastName),
    sessionIdleHours: numberFrom(env, 'SESSION_IDLE_HOURS', d.sessionIdleHours, { min: 0.001 }),
    sessionMaxDays: numberFrom(env, 'SESSION_MAX_DAYS', d.sessionMaxDays, { min: 0.001 }),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
    scryptCost: numberFrom(env, 'SCRYPT_COST', d.scryptCost, { min: 1, max: 22 }),
    distDir: path.resolve(textFrom(env, 'DIST_DIR', d.distDir)),
    headersTimeoutSeconds: numberFrom(env, 'HEADERS_TIMEOUT_SECONDS', d.headersTimeoutSeconds, { min: 0.1 }),
    requestTimeoutSeconds: numberFrom(env, 'REQUEST_TIMEOUT_SECONDS', d.requestTimeoutSeconds, { min: 0.1 }),
    maxConnectionsPerAddress: numberFrom(env, 'MAX_CONNECTIONS_PER_ADDRESS', d.maxConnectionsPerAddress, { min: 1 }),
    sendIdleSeconds: numberFrom(env, 'SEND_IDLE_SECONDS', d.sendIdleSeconds, { min: 0.1 }),
    logFormat: logFormatFrom(env.LOG_FORMAT),
    backupDir: env.BACKUP_DIR?.trim() ? path.resolve(env.BACKUP_DIR.trim()) : undefined,
    backupEveryHours: numberFrom(env, 'BACKUP_EVERY_HOURS', d.backupEveryHours, { min: 0.0001 }),
    backupKeep: numberFrom(env, 'BACKUP_KEEP', d.backupKeep, { min: 1 }),
    tlsCertFile: env.TLS_CERT_FILE?.trim() ? path.resolve(env.TLS_CERT_FILE.trim()) : undefined,
    tlsKeyFile: env.TLS_KEY_FILE?.trim() ? path.resolve(env.TLS_KEY_FILE.trim()) : undefined,
    eventsHeartbeatSeconds: numberFrom(env, 'EVENTS_HEARTBEAT_SECONDS', d.eventsHeartbeatSeconds, { min: 0.01 }),
    eventsStreamsPerUser: numberFrom(env, 'EVENTS_STREAMS_PER_USER', d.eventsStreamsPerUser, { min: 1 }),
    eventsMaxStreams: numberFrom(env, 'EVENTS_MAX_STREAMS', d.eventsMaxStreams, { min: 1 }),
    openFilesLimit: env.OPEN_FILES_LIMIT?.trim() ? numberFrom(env, 'OPEN_FILES_LIMIT', 0, { min: 1 }) : undefined,
    webhookUrls: urlsFrom(env.WEBHOOK_URLS),
    webhookSecret: env.WEBHOOK_SECRET ?? d.webhookSecret,
    webhookRetrySeconds: secondsListFrom(env, 'WEBHOOK_RETRY_SECONDS', d.webhookRetrySeconds),
    auditKeepDays: numberFrom(env, 'AUDIT_KEEP_DAYS', d.auditKeepDays, { min: 1 }),
    smtpUrl: env.SMTP_URL?.trim() ?? d.smtpUrl,
    smtpRequireTls: booleanFrom(env, 'SMTP_REQUIRE_TLS', d.smtpRequireTls),
    mailFrom: textFrom(env, 'MAIL_FROM', d.mailFrom),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') ?? d.publicUrl,
    ...directorySettingsFrom(env),
  };
  checkMailSettings(settings);
  return settings;
}
