/** Request logs (design.md#request-log): one line per request, as text or JSON, never a secret. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers.ts';

const SECRET_IMAGE = 'data:image/png;base64,iVBORw0KGgoSECRETSECRET';

describe.each(['text', 'json'] as const)('LOG_FORMAT=%s', (logFormat) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ logFormat });
  });
  afterAll(() => t.close());

  it('logs one line per request with method, path, status, time, user and request id, and nothing secret', async () => {
    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const answer = await t.call('GET', '/api/tickets?q=private-words', { token });
    await t.call('POST', '/api/tickets', { token, json: { title: 'x', image: SECRET_IMAGE } });
    // A line is written once the answer has gone out, which may be just after the client has it.
    const lines = await vi.waitFor(() => {
      const written = t.logs.filter((line) => line.includes('/api/'));
      expect(written).toHaveLength(3);
      return written;
    });
    const id = answer.headers.get('x-request-id')!;
    expect(id).toMatch(/^[\w-]{8}$/);
    const list = lines.find((line) => line.includes(id))!;
    if (logFormat === 'json') {
      expect(JSON.parse(list)).toEqual({ method: 'GET', path: '/api/tickets', status: 200, ms: expect.any(Number), user: 1, id });
      expect(JSON.parse(lines[0]!)).toMatchObject({ method: 'POST', path: '/api/auth/sign-in', status: 200, user: null });
    } else {
      expect(list).toMatch(new RegExp(`^GET /api/tickets 200 [\\d.]+ms user=1 id=${id}$`));
      expect(lines[2]).toMatch(/^POST \/api\/tickets 422 [\d.]+ms user=1 id=/);
    }
    const all = t.logs.join('\n');
    for (const secret of [token, ADMIN.password, 'SECRETSECRET', 'private-words']) expect(all).not.toContain(secret);
  });
});
