/** Journey 5: the route guard — Access Denied outside one's own area, 'Go Back' signs out, / sends home. */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN, CAST, journeyDescribe, pathOf, setupJourney, signIn, storedAuth, visible, waitForPath,
} from './harness.ts';

const DENIED_TEXT = "You don't have permission to access this page. Please contact your administrator if you believe this is an error.";

journeyDescribe('journey 5: route guard', () => {
  const j = setupJourney('05-guard');

  beforeAll(async () => {
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createAccount(admin.token, CAST.support);
    await j.api.createAccount(admin.token, CAST.dev1);
  });

  const users = [
    { role: 'super', email: ADMIN.email, password: ADMIN.password, home: '/admin', foreign: ['/support', '/developer'] },
    { role: 'support', email: CAST.support.email, password: CAST.support.password, home: '/support', foreign: ['/admin', '/developer'] },
    { role: 'developer', email: CAST.dev1.email, password: CAST.dev1.password, home: '/developer', foreign: ['/admin/tickets', '/support'] },
  ] as const;

  async function expectDenied(page: Page) {
    const alert = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await visible(alert.getByRole('heading', { name: 'Access Denied', exact: true }));
    await visible(alert.getByText(DENIED_TEXT, { exact: true }));
    await visible(alert.getByRole('button', { name: 'Go Back' }));
  }

  for (const user of users) {
    test(`${user.role}: another role's area shows Access Denied; / leads home`, async () => {
      const page = await j.newPage();
      await signIn(page, user.email, user.password);
      expect(pathOf(page)).toBe(user.home);

      for (const path of user.foreign) {
        await page.goto(path);
        await expectDenied(page);
        expect(pathOf(page)).toBe(path);
        await j.screenshot(page, `${user.role}-denied-${path.replaceAll('/', '_')}`);
      }

      // A signed-in user opening / lands in their own area.
      await page.goto('/');
      await waitForPath(page, user.home);
      await j.screenshot(page, `${user.role}-home`);
    });
  }

  test("the guard's path comparison is case-sensitive: /Admin is not the admin area", async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/Admin');
    await expectDenied(page);
  });

  test("'Go Back' signs out: back on /, no token stored, the token no longer works", async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    const before = await storedAuth(page);
    expect(before?.accessToken).toBeTruthy();
    const token = before!.accessToken!;

    await page.goto('/admin');
    await expectDenied(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await waitForPath(page, '/');
    await visible(page.getByLabel(/password/i));
    const after = await storedAuth(page);
    expect(after?.accessToken ?? null).toBeNull();
    await j.screenshot(page, 'after-go-back');

    // The logout request reached the server: the old token is revoked.
    await expect.poll(async () => (await j.api.call('GET', '/tickets', { token })).status).toBe(401);

    // Signed out, an area sends back to the sign-in page.
    await page.goto('/support');
    await waitForPath(page, '/');
  });

  test('without a token, /admin sends to /', async () => {
    const page = await j.newPage();
    await page.goto('/admin');
    await waitForPath(page, '/');
    await visible(page.getByLabel(/password/i));
    expect(await storedAuth(page).then((a) => a?.accessToken ?? null)).toBeNull();
    await j.screenshot(page, 'no-token-admin');
  });
});
