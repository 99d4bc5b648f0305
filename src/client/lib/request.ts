/** The one fetch wrapper (product.md#calls, #errors). */
import { CLIENT_ERRORS } from '../../shared/messages.ts';
import { useAuth } from './auth.ts';
import { clearQueries } from './query.ts';

const API_BASE = typeof __API_BASE__ === 'string' ? __API_BASE__ : '/api';
/** product.md#calls: the tunnel in front of some deployments shows a warning page without it. */
const TUNNEL_HEADER = 'ngrok-skip-browser-warning';

/** The address of an API path for the browser to open itself (a full-page navigation, not a call). */
export const apiUrl = (path: string) => API_BASE + path;

export class ApiError extends Error {
  status?: number;
  errors?: Record<string, string[]>;
  constructor(message: string, status?: number, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
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

function errorFrom(status: number, parsed: Parsed): ApiError {
  const body = parsed.ok && parsed.value && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : {};
  const message = typeof body.message === 'string' && body.message ? body.message : CLIENT_ERRORS.generic;
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;
  return new ApiError(message, status, errors);
}

function headersFor(auth: boolean, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, [TUNNEL_HEADER]: 'true' };
  const token = useAuth.getState().accessToken;
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(path: string, method: string, headers: Record<string, string>, body?: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(API_BASE + path, { method, headers, body, signal });
  } catch (error) {
    // An abort is the caller's own doing, not a network failure: nobody shows it.
    if (signal?.aborted) throw error;
    throw new ApiError(CLIENT_ERRORS.network);
  }
}

/** A failed answer: 401 signs out (product.md#errors), the error carries the server's message. */
async function failure(response: Response, auth: boolean): Promise<ApiError> {
  if (response.status === 401 && auth) {
    useAuth.getState().logout();
    clearQueries();
  }
  return errorFrom(response.status, await readBody(response));
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
  if (!response.ok) throw await failure(response, auth);
  const parsed = await readBody(response);
  if (!parsed.ok) throw new ApiError(CLIENT_ERRORS.generic, response.status);
  return parsed.value as T;
}

/** A file answer (CSV export) as a Blob, with the bearer token in the header: tokens never go in URLs. */
export async function requestBlob(path: string, accept = '*/*'): Promise<Blob> {
  const response = await send(path, 'GET', headersFor(true, accept));
  if (!response.ok) throw await failure(response, true);
  return response.blob();
}

/**
 * An open streamed answer (the event stream), token in the header like every call; `extra`
 * headers are added (Last-Event-ID). A failed answer throws ApiError with its status (401 signs
 * out, as every call does); an abort rethrows the abort.
 */
export async function requestStream(path: string, accept: string, extra: Record<string, string>, signal: AbortSignal): Promise<Response> {
  const response = await send(path, 'GET', { ...headersFor(true, accept), ...extra }, undefined, signal);
  if (!response.ok) throw await failure(response, true);
  return response;
}
