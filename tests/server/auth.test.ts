/** Sign-in, sessions and accounts (design.md#security). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createStaff, createTicket, PASSWORD, startServerWithWorld, startTestServer, type TestServer, type World } from './helpers.ts';

let t: TestServer;
let w: World;
beforeAll(async () => ({ t, w } = await startServerWithWorld()));
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const tickets = (token: string) => t.call('GET', '/api/tickets', { token });

describe('sign-in', () => {
  it('accepts a form-encoded body and answers the user and a bearer token', async () => {
    const answer = await t.call('POST', '/api/auth/sign-in', { form: { email: ADMIN.email, password: ADMIN.password } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Signed in successfully.');
    const { user, authorization } = answer.body.data;
    expect(Object.keys(user).sort()).toEqual(['email', 'first_name', 'id', 'last_name', 'last_seen', 'role', 'source']);
    expect(user).toMatchObject({ id: 1, first_name: 'Admin', last_name: 'User', email: ADMIN.email, role: 'super', source: 'password' });
    expect(authorization.type).toBe('bearer');
    expect(authorization.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('ignores the case of the e-mail and gives a new token each time', async () => {
    const first = await t.signIn('ADMIN@Example.COM', ADMIN.password);
    const second = await t.signIn(ADMIN.email, ADMIN.password);
    expect(first).not.toBe(second);
    expect((await tickets(first)).status).toBe(200);
    expect((await tickets(second)).status).toBe(200);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const wrong = await t.call('POST', '/api/auth/sign-in', { json: { email: ADMIN.email, password: 'wrong-password' } });
    const unknown = await t.call('POST', '/api/auth/sign-in', { json: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'Invalid email or password.' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the form with the sign-in messages', async () => {
    const answer = await t.call('POST', '/api/auth/sign-in', { json: { email: 'not-an-email', password: 'short' } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ email: ["Email must contain @ or '.' "], password: ['Password must be more than 7 characters'] });
  });

  it('locks an account for 15 minutes after 10 failures, with Retry-After', async () => {
    const victim = await createStaff(t, w.admin.token, 'support', 'Victor');
    for (let i = 0; i < 10; i++) {
      expect((await t.call('POST', '/api/auth/sign-in', { json: { email: victim.email, password: `guess-${i}-xx` } })).status).toBe(422);
    }
    for (const password of ['guess-again', PASSWORD]) {
      const locked = await t.call('POST', '/api/auth/sign-in', { json: { email: victim.email.toUpperCase(), password } });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: 'Too many sign-in attempts. Please try again later.' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    }
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
    t.advance(15 * MINUTE + 1000);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: victim.email, password: PASSWORD } })).status).toBe(200);
  });
  it("a good sign-in clears the account's failures: 9 failures, a success, then 9 more still answer 422", async () => {
    const forgetful = await createStaff(t, w.admin.token, 'support', 'Fergus');
    const fail = (i: number) => t.call('POST', '/api/auth/sign-in', { json: { email: forgetful.email, password: `typo-${i}-xx` } });
    for (let i = 0; i < 9; i++) expect((await fail(i)).status).toBe(422);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: forgetful.email, password: PASSWORD } })).status).toBe(200);
    for (let i = 9; i < 18; i++) expect((await fail(i)).status).toBe(422);
    // The count starts again from the success: the tenth failure since then is what locks.
    expect((await fail(18)).status).toBe(422);
    expect((await fail(19)).status).toBe(429);
  });

  it('answers at most 10 of many guesses sent at once; the rest are refused with 429', async () => {
    // A real hash cost, so that the guesses are all waiting for their hashes at the same time.
    const s = await startTestServer({ scryptCost: 14 });
    try {
      const guesses = Array.from({ length: 16 }, (_, i) =>
        s.call('POST', '/api/auth/sign-in', { json: { email: ADMIN.email, password: `burst-${i}-xx` } }),
      );
      const statuses = (await Promise.all(guesses)).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 422)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    } finally {
      await s.close();
    }
  });
});

describe('sessions', () => {
  it('refuses missing, malformed and unknown tokens with 401 Unauthenticated.', async () => {
    const attempts: Array<Record<string, string>> = [{}, { Authorization: 'Basic abc' }, { Authorization: 'Bearer not-a-real-token' }];
    for (const headers of attempts) {
      const answer = await t.call('GET', '/api/tickets', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('ends the session at sign-out', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const out = await t.call('POST', '/api/auth/sign-out', { token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Signed out successfully.');
    expect((await tickets(token)).status).toBe(401);
  });

  it("records last_seen on the caller's requests", async () => {
    const dev = await createStaff(t, w.admin.token, 'developer', 'Lena');
    t.advance(2 * MINUTE);
    await tickets(dev.token);
    const listed = (await t.call('GET', '/api/developers', { token: w.admin.token })).body.data.list.find((u: { id: number }) => u.id === dev.id);
    expect(Date.parse(listed.last_seen)).toBeGreaterThan(Date.now() + MINUTE);
  });
});

describe('passwords and accounts', () => {
  it('changes the own password: checks the old one, keeps this session and ends the others', async () => {
    const user = await createStaff(t, w.admin.token, 'support', 'Paula');
    const other = await t.signIn(user.email, PASSWORD);
    const reset = (json: unknown) => t.call('POST', '/api/auth/reset-password', { token: user.token, json });

    const wrongOld = await reset({ old_password: 'not-my-password', new_password: 'brand-new-pw', new_password_confirmation: 'brand-new-pw' });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body).toEqual({ message: 'The old password is incorrect.', errors: { old_password: ['The old password is incorrect.'] } });
    const mismatch = await reset({ old_password: PASSWORD, new_password: 'brand-new-pw', new_password_confirmation: 'brand-new-px' });
    expect(mismatch.body.errors).toEqual({ new_password_confirmation: ['Confirm password does not match'] });
    const short = await reset({ old_password: PASSWORD, new_password: 'abcdefg', new_password_confirmation: 'abcdefg' });
    expect(short.body.errors).toEqual({ new_password: ['Password must be at least 8 characters.'] });

    const ok = await reset({ old_password: PASSWORD, new_password: 'brand-new-pw', new_password_confirmation: 'brand-new-pw' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully');
    expect((await tickets(user.token)).status).toBe(200);
    expect((await tickets(other)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: user.email, password: PASSWORD } })).status).toBe(422);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: user.email, password: 'brand-new-pw' } })).status).toBe(200);
  });

  it("ends every session of an account whose password the admin resets (form-encoded)", async () => {
    const user = await createStaff(t, w.admin.token, 'developer', 'Rita');
    const path = `/api/user/${user.id}/change-password`;
    const mismatch = await t.call('PATCH', path, { token: w.admin.token, form: { new_password: 'reset-pass-1', new_password_confirmation: 'reset-pass-2' } });
    expect(mismatch.status).toBe(422);
    expect((await tickets(user.token)).status).toBe(200);
    const ok = await t.call('PATCH', path, { token: w.admin.token, form: { new_password: 'reset-pass-1', new_password_confirmation: 'reset-pass-1' } });
    expect(ok.status).toBe(200);
    expect((await tickets(user.token)).status).toBe(401);
    expect(await t.signIn(user.email, 'reset-pass-1')).toBeTruthy();
  });

  it('deletes an account: its sessions end, its tickets stay with the creator name', async () => {
    const user = await createStaff(t, w.admin.token, 'support', 'Gina');
    const ticket = await createTicket(t, w, 'opened', user);
    const gone = await t.call('DELETE', `/api/auth/user/${user.id}`, { token: w.admin.token });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Account deleted successfully');
    expect((await tickets(user.token)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { json: { email: user.email, password: PASSWORD } })).status).toBe(422);
    const kept = (await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token })).body.data;
    expect(kept).toMatchObject({ created_by: 'Gina', created_by_id: null });
  });

  it('creates accounts with unique e-mails (ignoring case) and only support or developer roles', async () => {
    const create = (json: Record<string, string>) => t.call('POST', '/api/auth/user/create', { token: w.admin.token, form: json });
    const base = { first_name: 'Uma', last_name: 'Unique', email: 'uma@example.com', role: 'developer', password: 'password-1' };
    const created = await create(base);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Account created successfully', data: { first_name: 'Uma', email: 'uma@example.com', role: 'developer', last_seen: null } });
    expect(created.body.data).not.toHaveProperty('password_hash');
    const duplicate = await create({ ...base, email: 'UMA@Example.com' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    expect((await create({ ...base, email: 'boss@example.com', role: 'super' })).body.errors).toEqual({ role: ['Role must be selected.'] });
    expect((await create({ ...base, email: 'x@example.com', password: 'seven77' })).body.errors).toEqual({ password: ['Password must be at least 8 characters.'] });
  });

  it('updates the own profile and answers the updated user', async () => {
    const user = await createStaff(t, w.admin.token, 'developer', 'Pat');
    const answer = await t.call('PATCH', `/api/auth/user/${user.id}/update`, { token: user.token, json: { first_name: 'Patricia', last_name: 'Jones' } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Profile updated successfully');
    expect(answer.body.data).toMatchObject({ id: user.id, first_name: 'Patricia', last_name: 'Jones', role: 'developer' });
    const invalid = await t.call('PATCH', `/api/auth/user/${user.id}/update`, { token: user.token, json: { first_name: 'P', last_name: 'Jones' } });
    expect(invalid.body).toEqual({ message: 'Username must be at least 2 characters.', errors: { first_name: ['Username must be at least 2 characters.'] } });
  });
});

describe('renaming', () => {
  it('shows the new first name on the tickets the user created or works on; the log keeps history', async () => {
    const creator = await createStaff(t, w.admin.token, 'support', 'Rita');
    const ticket = await createTicket(t, w, 'assigned', creator);
    const rename = (who: { id: number; token: string }, first_name: string) =>
      t.call('PATCH', `/api/auth/user/${who.id}/update`, { token: who.token, json: { first_name, last_name: 'Renamed' } });
    expect((await rename(creator, 'Margarita')).status).toBe(200);
    expect((await rename(w.developer, 'Danielle')).status).toBe(200);
    const after = (await t.call('GET', `/api/tickets/${ticket.number}`, { token: w.admin.token })).body.data;
    expect(after.created_by).toBe('Margarita');
    expect(after.developer).toEqual({ id: w.developer.id, name: 'Danielle' });
    const mine = (await t.call('GET', '/api/tickets/myTickets', { token: creator.token })).body.data.list;
    expect(mine.map((x: { created_by: string }) => x.created_by)).toEqual(['Margarita']);
    const log = (await t.call('GET', `/api/activity-log/${ticket.number}`, { token: w.admin.token })).body.data.list;
    expect(log.map((entry: { name: string }) => entry.name)).toEqual(['Rita', 'Admin']);
    await rename(w.developer, 'Dana');
  });
});

describe('expiry and limits on a server of their own', () => {
  it('ends a session after the idle time, and an active one after the absolute time', async () => {
    const s = await startTestServer({ sessionIdleHours: 12, sessionMaxDays: 7 });
    try {
      const idle = await s.signIn(ADMIN.email, ADMIN.password);
      const active = await s.signIn(ADMIN.email, ADMIN.password);
      s.advance(11 * HOUR);
      expect((await s.call('GET', '/api/tickets', { token: active })).status).toBe(200);
      s.advance(2 * HOUR);
      expect((await s.call('GET', '/api/tickets', { token: idle })).status).toBe(401);
      for (let elapsed = 13; elapsed < 7 * 24; elapsed += 11) {
        expect((await s.call('GET', '/api/tickets', { token: active })).status).toBe(200);
        s.advance(11 * HOUR);
      }
      expect((await s.call('GET', '/api/tickets', { token: active })).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('limits failed sign-ins per address across accounts', async () => {
    const s = await startTestServer();
    try {
      for (let i = 0; i < 50; i++) {
        expect((await s.call('POST', '/api/auth/sign-in', { json: { email: `user${i}@example.com`, password: 'wrong-password' } })).status).toBe(422);
      }
      const limited = await s.call('POST', '/api/auth/sign-in', { json: { email: ADMIN.email, password: ADMIN.password } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });

  it('creates the first admin with a generated password, printed once, when ADMIN_PASSWORD is unset', async () => {
    const s = await startTestServer({ adminPassword: undefined, adminEmail: 'root@example.com' });
    try {
      const notice = s.logs.join('\n');
      const password = /password: (\S+)/.exec(notice)?.[1];
      expect(notice).toContain('root@example.com');
      expect(password?.length).toBeGreaterThanOrEqual(20);
      expect(await s.signIn('root@example.com', password!)).toBeTruthy();
    } finally {
      await s.close();
    }
  });
});
