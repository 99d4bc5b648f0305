/** Journey 8: a revoked token sends the user back to / on their next call. */
import { beforeAll, expect, test } from 'vitest';
import {
  ADMIN, CAST, journeyDescribe, tileCount, pathOf, setupJourney, signIn, storedAuth, visible, waitForPath,
} from './harness.ts';

journeyDescribe('journey 8: revoked token', () => {
  const j = setupJourney('08-revoked-token');

  beforeAll(async () => {
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createAccount(admin.token, CAST.support);
  });

  test('signing out in another tab of the same browser: the first tab follows to /', async () => {
    const first = await j.newPage();
    await signIn(first, CAST.support.email, CAST.support.password);
    expect(pathOf(first)).toBe('/support');
    await visible(first.getByText('You have no ticket, create a ticket.', { exact: true }));
    await j.screenshot(first, 'first-tab-signed-in');

    // A second tab of the same browser profile shares the stored token, and logs out there.
    const second = await first.context().newPage();
    await second.goto('/support');
    await visible(second.getByText(CAST.support.first_name, { exact: true }));
    await second.getByRole('button', { name: 'Account menu' }).click();
    await second.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(second, '/');
    await j.screenshot(second, 'second-tab-logged-out');

    // The first tab either follows the shared storage at once, or meets a 401 on its next call.
    await first.getByRole('button', { name: 'All Tickets' }).click({ timeout: 2_000 }).catch(() => {
      /* already gone: the tab followed the sign-out by itself */
    });
    await waitForPath(first, '/');
    await visible(first.getByLabel(/password/i));
    expect((await storedAuth(first))?.accessToken ?? null).toBeNull();
    await j.screenshot(first, 'first-tab-back-to-sign-in');
  });

  test('signing out on another device with the same token: the next call sends the user to /', async () => {
    const here = await j.newPage();
    await signIn(here, CAST.support.email, CAST.support.password);
    await visible(here.getByText('You have no ticket, create a ticket.', { exact: true }));

    const elsewhere = await j.newPage({ copyStorageFrom: here });
    await elsewhere.goto('/support');
    expect(pathOf(elsewhere)).toBe('/support');
    expect((await storedAuth(elsewhere))?.accessToken).toBe((await storedAuth(here))?.accessToken);
    await elsewhere.getByRole('button', { name: 'Account menu' }).click();
    await elsewhere.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(elsewhere, '/');

    // Nothing tells this page yet: it still shows the area...
    await visible(here.getByRole('button', { name: 'All Tickets' }));
    expect(pathOf(here)).toBe('/support');
    await j.screenshot(here, 'other-device-still-shown');
    // ...until its next call (the All Tickets list) meets the revoked token.
    await here.getByRole('button', { name: 'All Tickets' }).click();
    await waitForPath(here, '/');
    await visible(here.getByLabel(/password/i));
    expect((await storedAuth(here))?.accessToken ?? null).toBeNull();
    await j.screenshot(here, 'other-device-back-to-sign-in');
  });

  test('a token revoked through POST /api/auth/sign-out: the next call sends the user to /', async () => {
    const page = await j.newPage();
    // Calls in flight, but for the live-update stream, which stays open (so the network is never idle).
    const inFlight = new Set<unknown>();
    const calls = (request: import('playwright-core').Request) => new URL(request.url()).pathname.startsWith('/api/') && !request.url().endsWith('/api/events');
    page.on('request', (request) => calls(request) && inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    await signIn(page, ADMIN.email, ADMIN.password);
    const token = (await storedAuth(page))?.accessToken;
    expect(token).toBeTruthy();
    // Let the dashboard finish its own calls first, so that the click below is the next call.
    await expect.poll(() => tileCount(page, 'Categories')).toBe(0);
    await expect.poll(() => inFlight.size).toBe(0);

    expect(await j.api.signOut(token!)).toBe(200);
    expect(pathOf(page)).toBe('/admin');

    // Any next call: open the Tickets page from the navigation.
    await page.getByRole('link', { name: 'Tickets', exact: true }).first().click();
    await waitForPath(page, '/');
    await visible(page.getByLabel(/password/i));
    expect((await storedAuth(page))?.accessToken ?? null).toBeNull();
    await j.screenshot(page, 'revoked-back-to-sign-in');
  });
});
