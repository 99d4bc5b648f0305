/**
 * Outgoing webhooks (design.md#webhooks): each ticket event is POSTed as signed JSON to every
 * WEBHOOK_URLS entry. A delivery is a webhook_deliveries row written in the event's own transaction
 * (`enqueue`), so it survives a crash or restart; it is sent after the commit (it never delays the
 * request that caused it), retried with back-off, and bounded: when the queue is full the oldest
 * delivery is dropped with a logged line. Its row goes once it is delivered or given up. Failures are
 * logged as one line each, without a stack.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';

export const SIGNATURE_HEADER = 'X-Helpdesk-Signature';
/** Standard Webhooks: a secret written `whsec_<base64>` is those bytes; any other is its UTF-8 text. */
const STANDARD_SECRET_PREFIX = 'whsec_';
/** Deliveries waiting (to be sent or retried) at most; past it the oldest is dropped. */
const QUEUE_MAX = 1_000;
/** Deliveries in flight at once. */
const CONCURRENCY = 4;
/** A receiver that takes longer than this is counted as a failure. */
const TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  db: Db;
  urls: readonly string[];
  secret: string;
  /** Waits before each retry; its length is the number of retries. */
  retrySeconds: readonly number[];
  log: (line: string) => void;
  logError: (line: string) => void;
  queueMax?: number;
  timeoutMs?: number;
  /** Milliseconds since the epoch, for `webhook-timestamp` and the retry times. @default Date.now */
  now?: () => number;
}

interface Delivery {
  /** The row's id. */
  row: number;
  url: string;
  /** The same for every attempt and every URL, so a receiver can refuse a replay. */
  message_id: string;
  body: string;
  label: string;
  /** Attempts made so far. */
  attempts: number;
}

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the secret. */
export const signature = (secret: string, body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

/** Standard Webhooks' `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = secret.startsWith(STANDARD_SECRET_PREFIX) ? Buffer.from(secret.slice(STANDARD_SECRET_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Chat tools' webhook URLs are credentials: logs name only where a delivery went. */
export function redactUrl(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return '(an invalid URL)';
  }
}

export type Webhooks = ReturnType<typeof createWebhooks>;

export function createWebhooks(options: WebhookOptions) {
  const { db, urls, secret, retrySeconds, log, logError, queueMax = QUEUE_MAX, timeoutMs = TIMEOUT_MS, now = Date.now } = options;
  if (urls.length > 0 && !secret) logError('WEBHOOK_URLS is set without WEBHOOK_SECRET: deliveries go unsigned, so receivers cannot tell them from forgeries.');
  const insert = db.prepare('INSERT INTO webhook_deliveries (event_id, url, message_id, body, label, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)');
  const count = db.prepare('SELECT count(*) AS n FROM webhook_deliveries');
  const oldest = db.prepare('DELETE FROM webhook_deliveries WHERE id = (SELECT min(id) FROM webhook_deliveries) RETURNING url, label');
  const due = db.prepare(`SELECT id AS row, url, message_id, body, label, attempts FROM webhook_deliveries
    WHERE next_attempt_at <= ? AND id NOT IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT ?`);
  const nextDue = db.prepare('SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE id NOT IN (SELECT value FROM json_each(?))');
  const retryLater = db.prepare('UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ? WHERE id = ?');
  const done = db.prepare('DELETE FROM webhook_deliveries WHERE id = ?');

  /** Rows being sent now, by id. */
  const sending = new Map<number, AbortController>();
  let wakeTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function dropOldestIfFull(): void {
    if (Number((count.get() as { n: number }).n) < queueMax) return;
    const dropped = oldest.get() as { url: string; label: string } | undefined;
    if (dropped) log(`Webhook queue full (${queueMax}): dropped ${dropped.label} for ${redactUrl(dropped.url)}`);
  }

  /** Starts due deliveries up to CONCURRENCY, then sleeps until the next one falls due. */
  function pump(): void {
    if (closed || urls.length === 0) return;
    const busy = JSON.stringify([...sending.keys()]);
    const free = CONCURRENCY - sending.size;
    const ready = free > 0 ? (due.all(now(), busy, free) as unknown as Delivery[]) : [];
    for (const delivery of ready) {
      const controller = new AbortController();
      sending.set(delivery.row, controller);
      void attempt(delivery, controller).finally(() => {
        sending.delete(delivery.row);
        pump();
      });
    }
    clearTimeout(wakeTimer);
    const at = (nextDue.get(JSON.stringify([...sending.keys()])) as { at: number | null }).at;
    if (at !== null && sending.size < CONCURRENCY) wakeTimer = setTimeout(pump, Math.max(0, at - now())).unref();
  }

  async function attempt(delivery: Delivery, controller: AbortController): Promise<void> {
    const attempts = delivery.attempts + 1;
    let failure: string | undefined;
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'helpdesk-webhooks' };
      if (secret) {
        const timestamp = Math.floor(now() / 1000);
        headers[SIGNATURE_HEADER] = signature(secret, delivery.body);
        headers['webhook-id'] = delivery.message_id;
        headers['webhook-timestamp'] = String(timestamp);
        headers['webhook-signature'] = standardSignature(secret, delivery.message_id, timestamp, delivery.body);
      }
      const res = await fetch(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status > 299) failure = `HTTP ${res.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failure = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
    }
    // Cut short by a shutdown: the row stays as it was, and the next start sends it.
    if (closed) return;
    if (failure === undefined) return void done.run(delivery.row);
    const wait = retrySeconds[attempts - 1];
    const total = retrySeconds.length + 1;
    if (wait === undefined) {
      logError(`Webhook ${delivery.label} to ${redactUrl(delivery.url)} failed (${failure}), attempt ${attempts} of ${total}: given up`);
      return void done.run(delivery.row);
    }
    logError(`Webhook ${delivery.label} to ${redactUrl(delivery.url)} failed (${failure}), attempt ${attempts} of ${total}: retrying in ${wait} s`);
    retryLater.run(attempts, now() + wait * 1000, delivery.row);
  }

  return {
    enabled: urls.length > 0,
    /** One delivery of `payload` per URL; call inside the event's transaction, and `pump` after it commits. */
    enqueue(eventId: number, payload: unknown, label: string): void {
      if (urls.length === 0) return;
      const body = JSON.stringify(payload);
      const id = `msg_${crypto.randomUUID()}`;
      for (const url of urls) {
        dropOldestIfFull();
        insert.run(eventId, url, id, body, label, now());
      }
    },
    /** Sends what is due: after a commit that enqueued, and at start for what a previous run left. */
    pump,
    /** Deliveries not yet done (queued, waiting for a retry, or in flight). */
    pending: () => Number((count.get() as { n: number }).n),
    close(): void {
      closed = true;
      clearTimeout(wakeTimer);
      for (const controller of sending.values()) controller.abort();
    },
  };
}
