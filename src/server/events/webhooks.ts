/**
 * Outgoing webhooks (design.md#webhooks): each ticket event is POSTed as signed JSON to every
 * WEBHOOK_URLS entry. Delivery is asynchronous (it never delays the request that caused it),
 * retried with back-off, and bounded: when the queue is full the oldest delivery is dropped with
 * a logged line. Failures are logged as one line each, without a stack.
 */
import crypto from 'node:crypto';

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
  urls: readonly string[];
  secret: string;
  /** Waits before each retry; its length is the number of retries. */
  retrySeconds: readonly number[];
  log: (line: string) => void;
  logError: (line: string) => void;
  queueMax?: number;
  timeoutMs?: number;
  /** Milliseconds since the epoch, for `webhook-timestamp`. @default Date.now */
  now?: () => number;
}

interface Delivery {
  url: string;
  /** The same for every attempt and every URL, so a receiver can refuse a replay. */
  id: string;
  body: string;
  label: string;
  /** Attempts made so far. */
  attempts: number;
  retryTimer?: NodeJS.Timeout;
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
  const { urls, secret, retrySeconds, log, logError, queueMax = QUEUE_MAX, timeoutMs = TIMEOUT_MS, now = Date.now } = options;
  if (urls.length > 0 && !secret) logError('WEBHOOK_URLS is set without WEBHOOK_SECRET: deliveries go unsigned, so receivers cannot tell them from forgeries.');
  /** Ready to send, oldest first. */
  const ready: Delivery[] = [];
  /** Waiting for their retry time, oldest first (a Set keeps insertion order). */
  const retrying = new Set<Delivery>();
  const inFlight = new Set<AbortController>();
  let sending = 0;
  let closed = false;

  function dropOldestIfFull(): void {
    if (ready.length + retrying.size < queueMax) return;
    const oldestRetry = retrying.values().next().value;
    const dropped = ready.length > 0 ? ready.shift()! : oldestRetry!;
    if (dropped === oldestRetry) {
      clearTimeout(dropped.retryTimer);
      retrying.delete(dropped);
    }
    log(`Webhook queue full (${queueMax}): dropped ${dropped.label} for ${redactUrl(dropped.url)}`);
  }

  function pump(): void {
    while (!closed && sending < CONCURRENCY && ready.length > 0) {
      const delivery = ready.shift()!;
      sending++;
      void attempt(delivery).finally(() => {
        sending--;
        pump();
      });
    }
  }

  async function attempt(delivery: Delivery): Promise<void> {
    delivery.attempts++;
    const controller = new AbortController();
    inFlight.add(controller);
    let failure: string | undefined;
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'helpdesk-webhooks' };
      if (secret) {
        const timestamp = Math.floor(now() / 1000);
        headers[SIGNATURE_HEADER] = signature(secret, delivery.body);
        headers['webhook-id'] = delivery.id;
        headers['webhook-timestamp'] = String(timestamp);
        headers['webhook-signature'] = standardSignature(secret, delivery.id, timestamp, delivery.body);
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
    } finally {
      inFlight.delete(controller);
    }
    if (failure === undefined || closed) return;
    const wait = retrySeconds[delivery.attempts - 1];
    const total = retrySeconds.length + 1;
    if (wait === undefined) {
      logError(`Webhook ${delivery.label} to ${redactUrl(delivery.url)} failed (${failure}), attempt ${delivery.attempts} of ${total}: given up`);
      return;
    }
    logError(`Webhook ${delivery.label} to ${redactUrl(delivery.url)} failed (${failure}), attempt ${delivery.attempts} of ${total}: retrying in ${wait} s`);
    dropOldestIfFull();
    retrying.add(delivery);
    delivery.retryTimer = setTimeout(() => {
      retrying.delete(delivery);
      ready.push(delivery);
      pump();
    }, wait * 1000);
    delivery.retryTimer.unref();
  }

  return {
    enabled: urls.length > 0,
    /** Queues one POST of `payload` to every URL; returns at once. */
    send(payload: unknown, label: string): void {
      if (closed || urls.length === 0) return;
      const body = JSON.stringify(payload);
      const id = `msg_${crypto.randomUUID()}`;
      for (const url of urls) {
        dropOldestIfFull();
        ready.push({ url, id, body, label, attempts: 0 });
      }
      pump();
    },
    /** Deliveries not yet done (queued, waiting for a retry, or in flight). */
    pending: () => ready.length + retrying.size + sending,
    close(): void {
      closed = true;
      for (const delivery of retrying) clearTimeout(delivery.retryTimer);
      retrying.clear();
      ready.length = 0;
      for (const controller of inFlight) controller.abort();
    },
  };
}
