/** lib/paths.ts: the one place routes are spelled; the admin navigation's active entry rests on matchesRoute. */
import { describe, expect, test } from 'vitest';
import { areaOf, detailPath, homeOf, matchesRoute, ROUTES, withTicket } from '../../../src/client/lib/paths.ts';

describe('paths', () => {
  test('fills a ticket number into a pattern, encoded', () => {
    expect(withTicket(ROUTES.admin.editTicket, 'TCK-000042')).toBe('/admin/edit-ticket/TCK-000042');
    expect(detailPath('support', 'a/b')).toBe('/support/ticket-details/a%2Fb');
    expect(detailPath('developer', 'TCK-1')).toBe('/developer/ticket-details/TCK-1');
  });

  test('matches a pattern segment by segment; a parameter needs a non-empty segment', () => {
    expect(matchesRoute(ROUTES.admin.ticket, '/admin/ticket/TCK-1')).toBe(true);
    expect(matchesRoute(ROUTES.admin.ticket, '/admin/ticket/')).toBe(false);
    expect(matchesRoute(ROUTES.admin.ticket, '/admin/ticket/TCK-1/more')).toBe(false);
    expect(matchesRoute(ROUTES.admin.home, '/admin/tickets')).toBe(false);
  });

  test('the area of a path, and the home of a role (any case; unknown roles go to sign-in)', () => {
    expect(['/developer/ticket-details/x', '/support', '/admin/edit-ticket/x', '/supportive'].map(areaOf)).toEqual(['developer', 'support', 'admin', 'admin']);
    expect(['super', 'Support', 'DEVELOPER', 'guest'].map(homeOf)).toEqual(['/admin', '/support', '/developer', '/']);
  });
});
