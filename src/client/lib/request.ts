/** The one fetch wrapper (product.md#calls, #errors). */
import { CLIENT_ERRORS } from '../../shared/messages.ts';
import { useAuth } from './auth.ts';
import { reportAnswer, reportNoAnswer } from './connection.ts';
import { clearQueries } from './query.ts';
import { markSessionEnded } from './sessionEnd.ts';

const API_BASE = typeof __API_BASE__ === 'string' ? __API_BASE__ : '/api';
/** product.md#calls: the tunnel in front of some deployments shows a warning page without it. */
const TUNNEL_HEADER = 'ngrok-skip-browser-warning';

/** The address of an API path for the browser to open itself (a full-page navigation, not a call). */
export const apiUrl = (path: string) => API_BASE + path;

export class ApiError extends Error {
  status?: number;
  errors?: Record<string, string[]>;
  /** How long a 429 (or 503) asks to wait, from its Retry-After header. */
  retryAfterSeconds?: number;
  constructor(message: string, status?: number, errors?: Record<string, string[]>, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date has a weekday and a month in words; bare numbers like '-5' are no dates.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface RequestOptions {
  /** @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent form-encoded. */
  form?: Record<string, string>;
  /** Send the bearer token. @default true */
  auth?: boolean;
  /** Aborts the request (a read nobody waits for any more). @default none */
  signal?: AbortSignal;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

/** Empty, HTML or truncated bodies must never throw here. */
async function readBody(response: Response): Promise<Parsed> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    return { ok: false };
  }
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorFrom(status: number, parsed: Parsed, retryAfter?: number): ApiError {
  const body = parsed.ok && parsed.value && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : {};
  const message = typeof body.message === 'string' && body.message ? body.message : CLIENT_ERRORS.generic;
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;
  return new ApiError(message, status, errors, retryAfter);
}

function headersFor(auth: boolean, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, [TUNNEL_HEADER]: 'true' };
  const token = useAuth.getState().accessToken;
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(path: string, method: string, headers: Record<string, string>, body?: string, signal?: AbortSignal): Promise<Response> {
  try {
    const response = await fetch(API_BASE + path, { method, headers, body, signal });
    reportAnswer();
    return response;
  } catch (error) {
    // An abort is the caller's own doing, not a network failure: nobody shows it.
    if (signal?.aborted) throw error;
    reportNoAnswer();
    throw new ApiError(CLIENT_ERRORS.network);
  }
}

const BEARER = 'Bearer ';

/**
 * A failed answer: 401 signs out (product.md#errors), the error carries the server's message.
 * A 401 to the session still in use means it ended elsewhere (signed out on another device, a
 * new password, a deleted account): the sign-in page then says so (docs/product.md#failures).
 */
async function failure(response: Response, headers: Record<string, string>): Promise<ApiError> {
  const sent = headers.Authorization?.slice(BEARER.length);
  // A late answer for a session already replaced (signed out, signed in again) ends nothing.
  if (response.status === 401 && sent && sent === useAuth.getState().accessToken) {
    markSessionEnded();
    useAuth.getState().logout();
    clearQueries();
  }
  return errorFrom(response.status, await readBody(response), retryAfterOf(response.headers.get('Retry-After')));
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', json, form, auth = true, signal } = options;
  const headers = headersFor(auth);
  let body: string | undefined;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const response = await send(path, method, headers, body, signal);
  if (!response.ok) throw await failure(response, headers);
  const parsed = await readBody(response);
  if (!parsed.ok) throw new ApiError(CLIENT_ERRORS.generic, response.status);
  return parsed.value as T;
}

/** A file answer (CSV export) as a Blob, with the bearer token in the header: tokens never go in URLs. */
export async function requestBlob(path: string, accept = '*/*'): Promise<Blob> {
  const headers = headersFor(true, accept);
  const response = await send(path, 'GET', headers);
  if (!response.ok) throw await failure(response, headers);
  return response.blob();
}

/**
 * An open streamed answer (the event stream), token in the header like every call; `extra`
 * headers are added (Last-Event-ID). A failed answer throws ApiError with its status (401 signs
 * out, as every call does); an abort rethrows the abort.
 */
export async function requestStream(path: string, accept: string, extra: Record<string, string>, signal: AbortSignal): Promise<Response> {
  const headers = { ...headersFor(true, accept), ...extra };
  const response = await send(path, 'GET', headers, undefined, signal);
  if (!response.ok) throw await failure(response, headers);
  return response;
}

/** A cheap call without a token (the sign-in methods) whose only use is to learn whether the server answers again. */
const PROBE_PATH = '/auth/methods';

/** Asks the server for anything; an answer clears the offline state (connection.ts). Never throws. */
export async function probeConnection(): Promise<void> {
  try {
    const response = await send(PROBE_PATH, 'GET', headersFor(false));
    await response.body?.cancel();
  } catch {
    // Still unreachable: connection.ts already knows.
  }
}
