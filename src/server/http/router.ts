/** A small route table in the spirit of polka: method + pattern with :params, first match wins. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { User } from '../../shared/index.ts';
import type { Payload } from './payload.ts';

export interface Context {
  req: IncomingMessage;
  params: Record<string, string>;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The client's address, for per-address limits. */
  ip: string;
}

export interface SignedInContext extends Context {
  user: User;
  tokenHash: string;
}

/** What a handler answers: a body to serialize (or a ready payload) and a status (200). */
export interface Reply {
  status?: number;
  body?: unknown;
  payload?: Payload;
  headers?: Record<string, string>;
  /** An answer too big to build at once (the CSV export): written chunk by chunk. */
  stream?: StreamedAnswer;
  /** The handler writes the response itself (an event stream, image bytes). */
  raw?: (res: ServerResponse) => void | Promise<void>;
}

export interface StreamedAnswer {
  contentType: string;
  /** Names the data the answer is made of: given, the answer gets an ETag from it and may be a 304. */
  version?: string;
  headers?: Record<string, string>;
  chunks: Iterable<string>;
}

type Result = Reply | Promise<Reply>;

export type Route =
  | { method: string; parts: string[]; signedIn: false; handler: (ctx: Context) => Result }
  | { method: string; parts: string[]; signedIn: true; handler: (ctx: SignedInContext) => Result };

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** One row of the route table as the API reference reads it: `/tickets/:id`, not its parts. */
export interface RouteEntry {
  method: string;
  pattern: string;
  signedIn: boolean;
}

const split = (path: string) => path.split('/').filter(Boolean);
/** The order `Allow` lists methods in, whatever order the routes were added in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const rank = (method: string) => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : METHOD_ORDER.length);

export class Router {
  private readonly routes: Route[] = [];

  /** A route for signed-in callers only (the default: deny unless signed in). */
  add(method: string, pattern: string, handler: (ctx: SignedInContext) => Result): this {
    this.routes.push({ method, parts: split(pattern), signedIn: true, handler });
    return this;
  }

  /** A route anyone may call (sign-in, health). */
  addPublic(method: string, pattern: string, handler: (ctx: Context) => Result): this {
    this.routes.push({ method, parts: split(pattern), signedIn: false, handler });
    return this;
  }

  match(method: string, path: string): Match | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const parts = split(path);
    for (const route of this.routes) {
      if (route.method !== wanted || route.parts.length !== parts.length) continue;
      const params = matchParts(route.parts, parts);
      if (params) return { route, params };
    }
    return undefined;
  }

  /** The methods some route answers on this path (HEAD wherever GET is); empty for an unknown path. */
  methodsFor(path: string): string[] {
    const parts = split(path);
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.parts.length === parts.length && matchParts(route.parts, parts)) methods.add(route.method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort((a, b) => rank(a) - rank(b));
  }

  /** Every route, in the order they were added. */
  table(): RouteEntry[] {
    return this.routes.map((route) => ({ method: route.method, pattern: '/' + route.parts.join('/'), signedIn: route.signedIn }));
  }
}

function matchParts(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = parts[i]!;
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) return undefined;
  }
  return params;
}
