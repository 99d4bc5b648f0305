import { describe, expect, test, vi } from 'vitest';
import { request } from '../../../src/client/lib/request.ts';
import { useAuth } from '../../../src/client/lib/auth.ts';
import { fakeApi, signInAs } from '../fakeApi.ts';

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('resolved'); }, (error: Error & { status?: number }) => error);

describe('request', () => {
  test('sends the API base, Accept, the tunnel header and the bearer token', async () => {
    signInAs({ role: 'support' });
    const fetch = vi.fn(async () => new Response('{"data":{"list":[]}}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(request('/tickets')).resolves.toEqual({ data: { list: [] } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tickets');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'ngrok-skip-browser-warning': 'true', Authorization: expect.stringMatching(/^Bearer /) });
  });

  test('JSON and form bodies', async () => {
    const server = fakeApi({ 'PATCH /x': { body: {} }, 'POST /y': { body: {} } });
    await request('/x', { method: 'PATCH', json: { name: 'A' } });
    await request('/y', { method: 'POST', form: { a: '1 2' } });
    expect(server.calls[0]).toMatchObject({ method: 'PATCH', body: { name: 'A' }, headers: { 'content-type': 'application/json' } });
    expect(server.calls[1]).toMatchObject({ method: 'POST', body: { a: '1 2' }, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  test('auth:false sends no token', async () => {
    signInAs({ role: 'super' });
    const server = fakeApi({ 'POST /auth/sign-in': { body: {} } });
    await request('/auth/sign-in', { method: 'POST', form: {}, auth: false });
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
  });

  test('401 logs the user out and empties storage', async () => {
    signInAs({ role: 'super' });
    fakeApi({ 'GET /tickets': { status: 401, body: { message: 'Unauthenticated.' } } });
    const error = await failure(request('/tickets'));
    expect(error.message).toBe('Unauthenticated.');
    expect(error.status).toBe(401);
    expect(useAuth.getState().accessToken).toBeNull();
    expect(localStorage.getItem('Auth-token')).toBeNull();
  });

  test("other errors carry the server's message, status and field errors", async () => {
    signInAs({ role: 'super' });
    fakeApi({ 'POST /x': { status: 422, body: { message: 'The email has already been taken.', errors: { email: ['taken'] } } } });
    const error = (await failure(request('/x', { method: 'POST', json: {} }))) as Error & { status: number; errors: unknown };
    expect(error.message).toBe('The email has already been taken.');
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ email: ['taken'] });
    expect(useAuth.getState().accessToken).not.toBeNull();
  });

  test.each([
    ['no message', { status: 500, body: { error: 'boom' } }],
    ['an empty body', { status: 500 }],
    ['an HTML body', { status: 502, body: '<html><body>Bad gateway</body></html>' }],
    ['a truncated JSON body', { status: 500, body: '{"message": "Ser' }],
  ])('%s gives Something went wrong!', async (_, reply) => {
    fakeApi({ 'GET /x': reply });
    expect((await failure(request('/x'))).message).toBe('Something went wrong!');
  });

  test('no response at all gives Network Error!', async () => {
    vi.stubGlobal('fetch', async () => { throw new TypeError('Failed to fetch'); });
    expect((await failure(request('/x'))).message).toBe('Network Error!');
  });

  test('a 200 with an empty body resolves to undefined', async () => {
    fakeApi({ 'DELETE /x': { status: 200 } });
    await expect(request('/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
