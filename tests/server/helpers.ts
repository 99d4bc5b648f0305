/** A real server on port 0 with a temporary database, and a small fetch wrapper for the tests. */
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DB_FILE_NAME } from '../../src/server/db/database.ts';
import { MIGRATIONS } from '../../src/server/db/migrations.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
/** Cheap hashes keep the suite fast; production uses 17. */
const TEST_SCRYPT_COST = 4;

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  raw?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  logs: string[];
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  signIn(email: string, password: string): Promise<string>;
  /** A second connection to the server's database file, as another process would open it; close() closes it. */
  openSideConnection(): DatabaseSync;
  close(): Promise<void>;
}

export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helpdesk-server-test-'));
  const logs: string[] = [];
  const sideConnections: DatabaseSync[] = [];
  let offset = 0;
  const server = await startServer({
    port: 0,
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    scryptCost: TEST_SCRYPT_COST,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    now: () => Date.now() + offset,
    log: (line) => logs.push(line),
    logError: (line) => logs.push(line),
    reportsAtStart: false,
    ...options,
  });

  async function call(method: string, urlPath: string, o: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) {
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    }
    const res = await fetch(server.url + urlPath, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const answer = await call('POST', '/api/auth/sign-in', { json: { email, password } });
    if (answer.status !== 200) throw new Error(`sign-in ${email} failed: ${answer.status} ${answer.text}`);
    return answer.body.data.authorization.token;
  }

  return {
    url: server.url,
    server,
    logs,
    advance: (ms) => void (offset += ms),
    call,
    signIn,
    openSideConnection() {
      const side = new DatabaseSync(path.join(server.app.settings.dataDir, DB_FILE_NAME));
      sideConnections.push(side);
      return side;
    },
    async close() {
      for (const side of sideConnections) side.close();
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'staff-password';

export interface Staff {
  id: number;
  email: string;
  token: string;
}

/** A fresh account of the role, signed in. */
export async function createStaff(t: TestServer, adminToken: string, role: 'support' | 'developer', firstName: string): Promise<Staff> {
  const email = `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await t.call('POST', '/api/auth/user/create', {
    token: adminToken,
    json: { first_name: firstName, last_name: 'Tester', email, role, password: PASSWORD },
  });
  if (created.status !== 201) throw new Error(`create ${role} failed: ${created.status} ${created.text}`);
  return { id: created.body.data.id, email, token: await t.signIn(email, PASSWORD) };
}

export interface World {
  admin: Staff;
  owner: Staff;
  otherSupport: Staff;
  developer: Staff;
  otherDeveloper: Staff;
  categoryId: number;
  serviceId: number;
  expressServiceId: number;
}

/** Accounts of every role plus a category and services, as most suites need. */
export async function createWorld(t: TestServer): Promise<World> {
  const adminToken = await t.signIn(ADMIN.email, ADMIN.password);
  const admin = { id: 1, email: ADMIN.email, token: adminToken };
  const category = await t.call('POST', '/api/config/categories', { token: adminToken, json: { name: 'Payments' } });
  const service = await t.call('POST', '/api/config/services', { token: adminToken, json: { name: 'Checkout', app: 'shaq_app' } });
  const express = await t.call('POST', '/api/config/services', { token: adminToken, json: { name: 'Delivery', app: 'shaq_express' } });
  return {
    admin,
    owner: await createStaff(t, adminToken, 'support', 'Olivia'),
    otherSupport: await createStaff(t, adminToken, 'support', 'Sam'),
    developer: await createStaff(t, adminToken, 'developer', 'Dana'),
    otherDeveloper: await createStaff(t, adminToken, 'developer', 'Derek'),
    categoryId: category.body.data.id,
    serviceId: service.body.data.id,
    expressServiceId: express.body.data.id,
  };
}

export function ticketBody(w: World, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Checkout button does nothing',
    description: 'Pressing pay on the checkout page has no effect.',
    priority: 'high',
    category_id: w.categoryId,
    service_id: w.serviceId,
    app: 'shaq_app',
    link: '',
    image: '',
    created_by: '',
    developer_name: '',
    number: '',
    status: '',
    ...overrides,
  };
}

export type TicketState = 'opened' | 'assigned' | 'closed';

/** A ticket created by `creator` (default the world's owner), brought to the wanted state. */
export async function createTicket(t: TestServer, w: World, state: TicketState = 'opened', creator: Staff = w.owner): Promise<any> {
  const created = await t.call('POST', '/api/tickets', { token: creator.token, json: ticketBody(w) });
  if (created.status !== 201) throw new Error(`create ticket failed: ${created.status} ${created.text}`);
  const number = created.body.data.number;
  if (state !== 'opened') {
    const assigned = await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, json: { status: 'assigned', developer_id: w.developer.id } });
    if (assigned.status !== 200) throw new Error(`assign failed: ${assigned.text}`);
  }
  if (state === 'closed') {
    const closed = await t.call('PATCH', `/api/tickets/${number}`, { token: w.admin.token, json: { status: 'closed' } });
    if (closed.status !== 200) throw new Error(`close failed: ${closed.text}`);
  }
  return (await t.call('GET', `/api/tickets/${number}`, { token: w.admin.token })).body.data;
}

/** A database as the first `version` migrations left it, in a fresh data folder: for the tests of a later migration. */
export function databaseAtVersion(version: number): { dataDir: string; db: DatabaseSync } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `helpdesk-migrate-${version}-`));
  const db = new DatabaseSync(path.join(dataDir, DB_FILE_NAME));
  for (const step of MIGRATIONS.slice(0, version)) db.exec(step);
  db.exec(`PRAGMA user_version = ${version}`);
  return { dataDir, db };
}

/** A server and its world, for a suite's `beforeAll(async () => ({ t, w } = await startServerWithWorld()))`. */
export async function startServerWithWorld(options: ServerOptions = {}): Promise<{ t: TestServer; w: World }> {
  const t = await startTestServer(options);
  try {
    return { t, w: await createWorld(t) };
  } catch (error) {
    await t.close();
    throw error;
  }
}
