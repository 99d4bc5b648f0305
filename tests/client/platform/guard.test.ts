import { describe, expect, test } from 'vitest';
import { guard } from '../../../src/client/app/guard.ts';
import { homeOf } from '../../../src/client/lib/paths.ts';

const TOKEN = 'token';

describe('guard without a token', () => {
  test('the sign-in page at / is open', () => {
    expect(guard('/', null, undefined)).toEqual({ kind: 'signIn' });
  });

  test.each(['/admin', '/support/create-ticket', '/developer', '/nowhere'])('%s redirects to /', (path) => {
    expect(guard(path, null, 'super')).toEqual({ kind: 'redirect', to: '/' });
    expect(guard(path, '', 'super')).toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('guard on / with a token: the role decides, ignoring case', () => {
  test.each([
    ['developer', '/developer'],
    ['support', '/support'],
    ['super', '/admin'],
    ['DEVELOPER', '/developer'],
    ['Support', '/support'],
    ['SuPeR', '/admin'],
  ])('%s goes to %s', (role, to) => {
    expect(guard('/', TOKEN, role)).toEqual({ kind: 'redirect', to });
  });

  test('an unknown role stays on the sign-in page', () => {
    expect(guard('/', TOKEN, 'guest')).toEqual({ kind: 'signIn' });
    expect(homeOf('guest')).toBe('/');
  });
});

describe('guard elsewhere with a token: own prefix only, compared case-sensitively', () => {
  test.each([
    ['super', '/admin'],
    ['super', '/admin/ticket/TCK-000001'],
    ['support', '/support'],
    ['support', '/support/ticket-details/TCK-000001'],
    ['developer', '/developer'],
    ['developer', '/developer/anything-unknown'],
  ])('%s may open %s', (role, path) => {
    expect(guard(path, TOKEN, role)).toMatchObject({ kind: 'area', role });
  });

  test.each([
    ['developer', '/admin'],
    ['developer', '/support'],
    ['support', '/admin/staff'],
    ['support', '/developer'],
    ['super', '/support'],
    ['super', '/developer/ticket-details/TCK-000001'],
    ['super', '/Admin'],
    ['support', '/SUPPORT/create-ticket'],
    ['developer', '/Developer'],
    ['super', '/administrator'],
    ['guest', '/admin'],
  ])('%s on %s sees Access Denied', (role, path) => {
    expect(guard(path, TOKEN, role)).toEqual({ kind: 'denied' });
  });

  test('a role in another letter case still owns its area', () => {
    expect(guard('/admin/tickets', TOKEN, 'Super')).toEqual({ kind: 'area', role: 'super' });
  });
});

describe('guard on the pages a directory sign-in returns to', () => {
  test.each([
    ['/auth/complete', 'complete'],
    ['/auth/failed', 'failed'],
  ])('%s is open with or without a token, whatever the role', (path, page) => {
    for (const [token, role] of [[null, undefined], [TOKEN, 'super'], [TOKEN, 'developer'], [TOKEN, 'guest']] as const) {
      expect(guard(path, token, role)).toEqual({ kind: 'directory', page });
    }
  });

  test.each(['/auth', '/auth/complete/', '/Auth/complete', '/auth/other'])('%s is not one of them', (path) => {
    expect(guard(path, null, undefined)).toEqual({ kind: 'redirect', to: '/' });
  });
});
