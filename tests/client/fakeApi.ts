/**
 * The network boundary for client tests: `fetch` answers from a route table; everything above
 * it (request, cache, store, router, components) is the real code.
 */
import { render, type RenderResult } from '@testing-library/react';
import { createElement } from 'react';
import { vi } from 'vitest';
import type { Role } from '../../src/shared/constants.ts';
import type { User } from '../../src/shared/types.ts';
import { App } from '../../src/client/app/App.tsx';
import { useAuth } from '../../src/client/lib/auth.ts';

const API_BASE = '/api';

export interface FakeRequest {
  method: string;
  /** Without the /api base, with any query string: '/tickets/TCK-000001'. */
  path: string;
  /** Parsed JSON, or the form fields as an object, or undefined. */
  body: unknown;
  /** Header names in lower case: 'authorization', 'content-type', … */
  headers: Record<string, string>;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Route = Reply | ((req: FakeRequest) => Reply);

function parseBody(body: unknown, contentType: string | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toRequest(input: RequestInfo | URL, init: RequestInit = {}): FakeRequest {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
  const full = url.pathname + url.search;
  const path = full.startsWith(API_BASE) ? full.slice(API_BASE.length) : full;
  return { method: (init.method ?? 'GET').toUpperCase(), path, body: parseBody(init.body, headers['content-type']), headers };
}

/** Answers: a string body is sent as is (to fake HTML or broken JSON); anything else as JSON. */
function toResponse({ status = 200, body, headers = {} }: Reply): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Keys are 'METHOD /path' (path without the /api base; the query string is optional). Unknown routes answer 404. */
export function fakeApi(routes: Record<string, Route>): { calls: FakeRequest[] } {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = toRequest(input, init);
    calls.push(req);
    const route = routes[`${req.method} ${req.path}`] ?? routes[`${req.method} ${req.path.split('?')[0]}`];
    if (!route) return toResponse({ status: 404, body: { message: 'Route not found.' } });
    return toResponse(typeof route === 'function' ? route(req) : route);
  });
  return { calls };
}

let nextId = 100;

/** Signs a user in through the real store (and so into localStorage); returns the full user. */
export function signInAs(user: Partial<User> & { role: Role }): User {
  const full: User = {
    id: nextId++,
    first_name: 'Test',
    last_name: 'User',
    email: `${user.role}@example.com`,
    last_seen: null,
    ...user,
  };
  useAuth.getState().login(`token-${full.id}`, full);
  return full;
}

/** Renders the whole app at `path` (the browser location is set first). */
export function renderApp(path: string): RenderResult {
  window.history.replaceState(null, '', path);
  // Under <StrictMode>, like every client test (setup.ts) and main.tsx.
  return render(createElement(App));
}
export { ticketRoutes } from './ticketServer.ts';
