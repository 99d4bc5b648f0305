/**
 * The API reference (design.md#api-reference) against the server's own route table: every route with
 * its methods and its sign-in requirement, and nothing else. When this fails, the message names each
 * route to add to (or drop from) src/server/openapi/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const WEBHOOK_SECRET = 'whsec_c2VjcmV0LWZvci10aGUtdGVzdA==';
const WEBHOOK_URL = 'https://hooks.example/services/T000/B000/XXXXSECRETXXXX';

let t: TestServer;
let doc: any;

beforeAll(async () => {
  t = await startTestServer({ webhookUrls: [WEBHOOK_URL], webhookSecret: WEBHOOK_SECRET });
  doc = (await t.call('GET', '/api/openapi.json')).body;
});
afterAll(() => t.close());

/** `/tickets/:id` as OpenAPI writes it: `/tickets/{id}`. */
const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function documented(): Map<string, any> {
  const operations = new Map<string, any>();
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of Object.keys(item).filter((name) => METHODS.includes(name))) operations.set(key(method, path), item[method]);
  }
  return operations;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (name === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document anyone may read', async () => {
    const answer = await t.call('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Helpdesk API');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('lists every route the server has, with its methods, and nothing else', () => {
    const routes = t.server.router.table().map((route) => key(route.method, openApiPath(route.pattern)));
    const operations = [...documented().keys()];
    const missing = routes.filter((route) => !operations.includes(route));
    const extra = operations.filter((operation) => !routes.includes(operation));
    const message = `routes src/server/openapi/ does not describe: ${missing.join('; ') || 'none'}; operations it describes that the server has no route for: ${extra.join('; ') || 'none'}`;
    expect({ missing, extra }, message).toEqual({ missing: [], extra: [] });
  });

  it('asks for the bearer token exactly where the server does', () => {
    const operations = documented();
    for (const route of t.server.router.table()) {
      const name = key(route.method, openApiPath(route.pattern));
      const operation = operations.get(name);
      if (!operation) continue; // reported by the test above
      expect(operation.security, `${name}: security`).toEqual(route.signedIn ? [{ bearer: [] }] : []);
      if (route.signedIn) expect(operation.responses['401'], `${name}: its 401`).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    }
  });

  it('describes each operation: its path parameters, a success and the error envelope', () => {
    const ids = new Set<string>();
    for (const [name, operation] of documented()) {
      const path = name.split(' ')[1]!;
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
      expect(declared, `${name}: path parameters`).toEqual(inPath);
      // A browser redirect's success is its 302 (directory sign-in's start and callback).
      expect(Object.keys(operation.responses).some((status) => /^(2\d\d|302)$/.test(status)), `${name}: a success`).toBe(true);
      expect(operation.responses['500'], `${name}: the 500`).toEqual({ $ref: '#/components/responses/ServerError' });
      expect(ids.has(operation.operationId), `${name}: operationId ${operation.operationId} is used twice`).toBe(false);
      ids.add(operation.operationId);
      if (operation.requestBody) expect(Object.keys(operation.requestBody.content), `${name}: body types`).toContain('application/json');
    }
    expect(doc.components.schemas.Error.required).toEqual(['message']);
    expect(doc.components.responses.Unauthenticated.headers['WWW-Authenticate']).toBeDefined();
  });

  it('has a body schema for every write that reads one', () => {
    const operations = documented();
    for (const name of ['POST /auth/sign-in', 'POST /tickets', 'PATCH /tickets/{id}', 'PATCH /tickets/{id}/edit', 'POST /tickets/bulk', 'POST /config/categories', 'PATCH /config/services/{id}', 'POST /tickets/{id}/comments']) {
      expect(operations.get(name)?.requestBody?.content['application/json']?.schema, name).toBeDefined();
    }
  });

  it('points only at schemas and responses it defines', () => {
    for (const target of new Set(refsIn(doc))) {
      const [, section = '', name = ''] = /^#\/components\/(schemas|responses)\/(\w+)$/.exec(target) ?? [];
      expect(doc.components[section]?.[name], `unresolved $ref ${target}`).toBeTruthy();
    }
  });

  it('holds nothing secret: the same document for everyone, naming no setting or account', async () => {
    const signedIn = await t.call('GET', '/api/openapi.json', { token: await t.signIn(ADMIN.email, ADMIN.password) });
    const anonymous = await t.call('GET', '/api/openapi.json');
    expect(signedIn.text).toBe(anonymous.text);
    for (const secret of [ADMIN.email, ADMIN.password, WEBHOOK_SECRET, 'hooks.example', t.server.app.settings.dataDir]) expect(anonymous.text).not.toContain(secret);
  });

  it('follows API_BASE', async () => {
    const other = await startTestServer({ apiBase: '/helpdesk-api' });
    try {
      const answer = await other.call('GET', '/helpdesk-api/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.body.servers).toEqual([{ url: '/helpdesk-api' }]);
    } finally {
      await other.close();
    }
  });
});
