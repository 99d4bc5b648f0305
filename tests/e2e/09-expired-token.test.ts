/** Journey 8, second half: a token that expired while idle sends the user back to / on the next call. */
import { beforeAll, expect, test } from 'vitest';
import {
  ADMIN, CAST, journeyDescribe, pathOf, setupJourney, signIn, storedAuth, toggle, visible, waitForPath,
} from './harness.ts';

/** The default idle limit; the server's clock is moved past it, no real time passes. */
const IDLE_HOURS = 12;
const IDLE_MS = IDLE_HOURS * 3_600_000;

journeyDescribe('journey 8b: expired token', () => {
  const j = setupJourney('09-expired-token', { env: { SESSION_IDLE_HOURS: String(IDLE_HOURS), TEST_CLOCK: 'stdin' } });

  beforeAll(async () => {
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createAccount(admin.token, CAST.support);
  });

  test('after the idle limit, the next call sends the user to /', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    expect(pathOf(page)).toBe('/support');
    const token = (await storedAuth(page))?.accessToken;
    expect(token).toBeTruthy();
    await visible(page.getByText('You have no ticket, create a ticket.', { exact: true }));

    await j.advanceClock(IDLE_MS + 1_000);
    // The server now refuses the token...
    expect((await j.api.call('GET', '/tickets', { token: token! })).status).toBe(401);
    // ...and the next call the page makes (the All Tickets list) brings the user back to sign in.
    await toggle(page, 'All Tickets').click();
    await waitForPath(page, '/');
    await visible(page.getByLabel(/password/i));
    expect((await storedAuth(page))?.accessToken ?? null).toBeNull();
    await j.screenshot(page, 'expired-back-to-sign-in');
  });
});
