/**
 * The permission table of design.md#permissions, endpoint by endpoint, for every kind of caller. Each call gets
 * fresh resources; a refused call must leave every table exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createStaff, createTicket, createWorld, PASSWORD, startTestServer, ticketBody, type Staff, type TestServer, type World } from './helpers.ts';

const CALLERS = ['anonymous', 'super', 'owner', 'otherSupport', 'developer', 'otherDeveloper'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = [anonymous: number, sup: number, owner: number, otherSupport: number, developer: number, otherDeveloper: number];

interface Call {
  method: string;
  path: string;
  json?: unknown;
  token?: string;
}

let t: TestServer;
let w: World;
let shared: { number: string };
let unique = 0;

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
  shared = await createTicket(t, w, 'assigned');
});
afterAll(() => t.close());

const staff = (caller: Caller): Staff | undefined =>
  caller === 'anonymous' ? undefined : caller === 'super' ? w.admin : w[caller];
const passwordOf = (caller: Caller) => (caller === 'super' ? ADMIN.password : PASSWORD);
const name = (prefix: string) => `${prefix} ${++unique}`;
const admin = () => w.admin.token;

async function freshCategory() {
  return (await t.call('POST', '/api/config/categories', { token: admin(), json: { name: name('Category') } })).body.data.id;
}
async function freshService() {
  return (await t.call('POST', '/api/config/services', { token: admin(), json: { name: name('Service'), app: 'shaq_app' } })).body.data.id;
}
/** A saved view: the owner's own (a support account) or a shared one (a super's). */
async function freshView(kind: 'own' | 'shared') {
  const token = kind === 'own' ? w.owner.token : admin();
  return (await t.call('POST', '/api/views', { token, json: { name: name('View'), query: 'status=opened', shared: kind === 'shared' } })).body.data.id;
}
async function freshReply() {
  return (await t.call('POST', '/api/replies', { token: admin(), json: { title: name('Reply'), body: 'Thanks for waiting.' } })).body.data.id;
}
const ticketPatch = (state: 'opened' | 'assigned' | 'closed', json: (caller: Caller) => unknown) => async (caller: Caller) => {
  const ticket = await createTicket(t, w, state);
  return { method: 'PATCH', path: `/api/tickets/${ticket.number}`, json: json(caller) };
};

const ALL_READ: Expected = [401, 200, 200, 200, 200, 200];
const SUPER_ONLY: Expected = [401, 200, 403, 403, 403, 403];
const SUPER_CREATES: Expected = [401, 201, 403, 403, 403, 403];
const NOBODY: Expected = [401, 403, 403, 403, 403, 403];
/** Someone else's own view is not found, for a super too. */
const OWNER_ONLY: Expected = [401, 404, 200, 404, 404, 404];

const ROWS: Array<[string, Expected, (caller: Caller) => Promise<Call> | Call]> = [
  ['GET /health', [200, 200, 200, 200, 200, 200], () => ({ method: 'GET', path: '/api/health' })],
  ['GET /tickets', ALL_READ, () => ({ method: 'GET', path: '/api/tickets' })],
  ['GET /tickets/myTickets', ALL_READ, () => ({ method: 'GET', path: '/api/tickets/myTickets' })],
  ['GET /tickets/{number}', ALL_READ, () => ({ method: 'GET', path: `/api/tickets/${shared.number}` })],
  ['GET /activity-log/{number}', ALL_READ, () => ({ method: 'GET', path: `/api/activity-log/${shared.number}` })],
  ['GET /config/categories', ALL_READ, () => ({ method: 'GET', path: '/api/config/categories' })],
  ['GET /config/categories/{id}', ALL_READ, () => ({ method: 'GET', path: `/api/config/categories/${w.categoryId}` })],
  ['GET /config/services', ALL_READ, () => ({ method: 'GET', path: '/api/config/services' })],
  ['GET /config/services/{id}', ALL_READ, () => ({ method: 'GET', path: `/api/config/services/${w.serviceId}` })],
  ['POST /tickets', [401, 201, 201, 201, 403, 403], () => ({ method: 'POST', path: '/api/tickets', json: ticketBody(w) })],
  [
    "PATCH /tickets/{id}/edit on the owner's opened ticket",
    [401, 403, 200, 403, 403, 403],
    async () => ({ method: 'PATCH', path: `/api/tickets/${(await createTicket(t, w)).number}/edit`, json: { title: 'A clearer title' } }),
  ],
  ['assign the developer', [401, 200, 403, 403, 200, 403], ticketPatch('opened', () => ({ status: 'assigned', developer_id: w.developer.id }))],
  [
    'assign to oneself',
    [401, 422, 403, 403, 200, 200],
    ticketPatch('opened', (caller) => ({ status: 'assigned', developer_id: staff(caller)?.id ?? 1 })),
  ],
  ['remove the developer', SUPER_ONLY, ticketPatch('assigned', () => ({ status: 'assigned', developer_id: null }))],
  ['close an opened ticket', [401, 200, 200, 403, 403, 403], ticketPatch('opened', () => ({ status: 'closed' }))],
  ['close an assigned ticket', [401, 200, 200, 403, 200, 403], ticketPatch('assigned', () => ({ status: 'closed' }))],
  ['reopen a closed ticket', [401, 200, 200, 200, 403, 403], ticketPatch('closed', () => ({ status: 'opened' }))],
  // Only its developer gives an assigned ticket back (the Undo of "Assign to me"); reopening needs a closed ticket.
  ['give back an assigned ticket', [401, 409, 409, 409, 200, 403], ticketPatch('assigned', () => ({ status: 'opened' }))],
  ['GET /users', SUPER_ONLY, () => ({ method: 'GET', path: '/api/users' })],
  ['GET /developers', SUPER_ONLY, () => ({ method: 'GET', path: '/api/developers' })],
  [
    'POST /auth/user/create',
    SUPER_CREATES,
    () => ({
      method: 'POST',
      path: '/api/auth/user/create',
      json: { first_name: 'Nina', last_name: 'New', email: `nina${++unique}@example.com`, role: 'support', password: 'password-123' },
    }),
  ],
  [
    'PATCH /user/{support}/change-password',
    SUPER_ONLY,
    async () => ({
      method: 'PATCH',
      path: `/api/user/${(await createStaff(t, admin(), 'support', 'Target')).id}/change-password`,
      json: { new_password: 'another-password', new_password_confirmation: 'another-password' },
    }),
  ],
  [
    'PATCH /user/{super}/change-password',
    NOBODY,
    () => ({ method: 'PATCH', path: `/api/user/${w.admin.id}/change-password`, json: { new_password: 'x-password', new_password_confirmation: 'x-password' } }),
  ],
  ['DELETE /auth/user/{developer}', SUPER_ONLY, async () => ({ method: 'DELETE', path: `/api/auth/user/${(await createStaff(t, admin(), 'developer', 'Gone')).id}` })],
  ['DELETE /auth/user/{super}', NOBODY, () => ({ method: 'DELETE', path: `/api/auth/user/${w.admin.id}` })],
  [
    'PATCH /auth/user/{own id}/update',
    ALL_READ,
    (caller) => ({ method: 'PATCH', path: `/api/auth/user/${staff(caller)?.id ?? 1}/update`, json: { first_name: 'Same', last_name: 'Person' } }),
  ],
  [
    "PATCH /auth/user/{someone else's id}/update",
    NOBODY,
    (caller) => ({
      method: 'PATCH',
      path: `/api/auth/user/${caller === 'otherDeveloper' ? w.developer.id : w.otherDeveloper.id}/update`,
      json: { first_name: 'Hijacked', last_name: 'Name' },
    }),
  ],
  [
    'POST /auth/reset-password',
    ALL_READ,
    (caller) => ({
      method: 'POST',
      path: '/api/auth/reset-password',
      json: { old_password: passwordOf(caller), new_password: passwordOf(caller), new_password_confirmation: passwordOf(caller) },
    }),
  ],
  [
    'POST /auth/sign-out (a fresh session)',
    ALL_READ,
    async (caller) => {
      const who = staff(caller);
      return { method: 'POST', path: '/api/auth/sign-out', token: who ? await t.signIn(who.email, passwordOf(caller)) : undefined };
    },
  ],
  ['POST /config/categories', SUPER_CREATES, () => ({ method: 'POST', path: '/api/config/categories', json: { name: name('New category') } })],
  ['PATCH /config/categories/{id}', SUPER_ONLY, async () => ({ method: 'PATCH', path: `/api/config/categories/${await freshCategory()}`, json: { name: name('Renamed') } })],
  ['DELETE /config/categories/{id}', SUPER_ONLY, async () => ({ method: 'DELETE', path: `/api/config/categories/${await freshCategory()}` })],
  ['POST /config/services', SUPER_CREATES, () => ({ method: 'POST', path: '/api/config/services', json: { name: name('New service'), app: 'shaq_express' } })],
  [
    'PATCH /config/services/{id}',
    SUPER_ONLY,
    async () => ({ method: 'PATCH', path: `/api/config/services/${await freshService()}`, json: { name: name('Renamed'), app: 'shaq_app' } }),
  ],
  ['DELETE /config/services/{id}', SUPER_ONLY, async () => ({ method: 'DELETE', path: `/api/config/services/${await freshService()}` })],  ['GET /audit', SUPER_ONLY, () => ({ method: 'GET', path: '/api/audit' })],
  ['GET /admin/mail', SUPER_ONLY, () => ({ method: 'GET', path: '/api/admin/mail' })],
  ['POST /admin/mail/test (mail off)', [401, 409, 403, 403, 403, 403], () => ({ method: 'POST', path: '/api/admin/mail/test', json: { to: 'ada@example.com' } })],
  ['GET /views', ALL_READ, () => ({ method: 'GET', path: '/api/views' })],
  ['POST /views (own)', [401, 201, 201, 201, 201, 201], () => ({ method: 'POST', path: '/api/views', json: { name: name('Mine'), query: 'sort=priority' } })],
  ['POST /views (shared)', SUPER_CREATES, () => ({ method: 'POST', path: '/api/views', json: { name: name('Everyone'), query: 'status=opened', shared: true } })],
  ['PATCH /views/{owner’s}', OWNER_ONLY, async () => ({ method: 'PATCH', path: `/api/views/${await freshView('own')}`, json: { name: name('Renamed') } })],
  ['DELETE /views/{owner’s}', OWNER_ONLY, async () => ({ method: 'DELETE', path: `/api/views/${await freshView('own')}` })],
  ['PATCH /views/{shared}', SUPER_ONLY, async () => ({ method: 'PATCH', path: `/api/views/${await freshView('shared')}`, json: { name: name('Renamed') } })],
  ['DELETE /views/{shared}', SUPER_ONLY, async () => ({ method: 'DELETE', path: `/api/views/${await freshView('shared')}` })],
  ['GET /replies', ALL_READ, () => ({ method: 'GET', path: '/api/replies' })],
  ['POST /replies', SUPER_CREATES, () => ({ method: 'POST', path: '/api/replies', json: { title: name('Reply'), body: 'We are on it.' } })],
  ['PATCH /replies/{id}', SUPER_ONLY, async () => ({ method: 'PATCH', path: `/api/replies/${await freshReply()}`, json: { title: name('Renamed') } })],
  ['DELETE /replies/{id}', SUPER_ONLY, async () => ({ method: 'DELETE', path: `/api/replies/${await freshReply()}` })],
];

/** Every table, minus the columns that move on their own (last_seen, session use times). */
function databaseState(): string {
  const db = t.server.app.db;
  const all = (sql: string) => db.prepare(sql).all();
  return JSON.stringify([
    all('SELECT id, first_name, last_name, email, role, password_hash FROM users ORDER BY id'),
    all('SELECT id, user_id, token_hash FROM sessions ORDER BY id'),
    all('SELECT * FROM tickets ORDER BY id'),
    all('SELECT * FROM ticket_images ORDER BY ticket_id'),
    all('SELECT * FROM ticket_logs ORDER BY id'),
    all('SELECT * FROM categories ORDER BY id'),
    all('SELECT * FROM services ORDER BY id'),
    all('SELECT * FROM audit_log ORDER BY id'),
    all('SELECT * FROM saved_views ORDER BY id'),
    all('SELECT * FROM replies ORDER BY id'),
  ]);
}

describe('permission matrix', () => {
  it.each(ROWS)('%s', async (_name, expected, prepare) => {
    const seen: Record<string, number> = {};
    for (const caller of CALLERS) {
      const call = await prepare(caller);
      const token = 'token' in call ? call.token : staff(caller)?.token;
      const before = databaseState();
      const answer = await t.call(call.method, call.path, { token, json: call.json });
      seen[caller] = answer.status;
      if (answer.status >= 400) {
        expect(databaseState(), `${caller} was refused but something changed`).toBe(before);
        expect(typeof answer.body.message).toBe('string');
      }
    }
    expect(seen).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, expected[i]])));
  });
});
