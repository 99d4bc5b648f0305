/**
 * Journey 20: directory sign-in (docs/design.md#directory-sign-in) through our own OpenID provider
 * (tests/server/oidc-provider.ts: it approves at once as `provider.person`). A developer and an
 * admin press "Sign in with Test directory" and land where product.md#auth-flow sends their role
 * (the admin on the page first asked for), with the one-time handoff gone from the address bar;
 * the admin's staff list marks the developer "Directory" and offers no password change for them;
 * someone in no helpdesk group is refused with the page that says so, and no session. The sign-in
 * screen with the button and the refusal page are axe clean and photographed at 1280, 1024 and
 * 390 px, light and dark.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { journeyDescribe, pathOf, setupJourney, storedAuth, visible, waitForPath } from './harness.ts';
import { CLIENT, startProvider, type ProviderPerson, type TestProvider } from '../server/oidc-provider.ts';

const LABEL = 'Test directory';
const BUTTON = `Sign in with ${LABEL}`;
/** No `*`: someone in none of these groups has no role, so no access. */
const ROLES = 'super=helpdesk-admins;developer=helpdesk-devs;support=helpdesk-support';

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const PEOPLE = {
  developer: { sub: 'dir-dev-1', email: 'devi@example.com', email_verified: true, given_name: 'Devi', family_name: 'Dir', groups: ['helpdesk-devs', 'everyone'] },
  admin: { sub: 'dir-admin-1', email: 'ari@example.com', email_verified: true, given_name: 'Ari', family_name: 'Admin', groups: ['helpdesk-admins'] },
  outsider: { sub: 'dir-out-1', email: 'olly@example.com', email_verified: true, given_name: 'Olly', family_name: 'Outside', groups: ['marketing'] },
} satisfies Record<string, ProviderPerson>;

journeyDescribe('journey 20: directory sign-in', () => {
  let provider: TestProvider | undefined;
  // Filled in before the harness starts the server (this hook is registered first, so it runs first).
  const env: Record<string, string> = { OIDC_LABEL: LABEL, OIDC_ROLES: ROLES, PASSWORD_SIGN_IN: 'all' };
  beforeAll(async () => {
    provider = await startProvider();
    Object.assign(env, { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret });
    return () => provider?.stop();
  });
  const j = setupJourney('20-directory', { env });

  /** Opens `path` signed out (the app sends it to sign in) and presses the directory's button; the provider approves as `person`. */
  async function throughDirectory(person: ProviderPerson, path = '/'): Promise<Page> {
    provider!.person = person;
    const tab = await j.newPage();
    await tab.goto(path);
    await (await visible(tab.getByRole('link', { name: BUTTON }))).click();
    return tab;
  }

  async function expectNoHandoffLeft(page: Page): Promise<void> {
    expect(page.url()).not.toContain('handoff');
    expect(await page.evaluate(() => window.location.hash)).toBe('');
  }

  test("the sign-in screen shows the button above SPEC's form", async () => {
    const page = await j.newPage();
    await page.goto('/');
    const button = await visible(page.getByRole('link', { name: BUTTON }));
    const email = page.getByLabel('Email');
    const [buttonBox, emailBox] = [await button.boundingBox(), await email.boundingBox()];
    expect(buttonBox!.y).toBeLessThan(emailBox!.y);
    await visible(page.getByText('Use your work e-mail and password.'));
    await visible(page.getByRole('button', { name: 'Sign in', exact: true }));
  });

  test('a developer signs in through the directory and lands on /developer', async () => {
    const page = await throughDirectory(PEOPLE.developer);
    await waitForPath(page, '/developer');
    await expectNoHandoffLeft(page);
    const stored = await storedAuth(page);
    expect(stored?.user).toMatchObject({ role: 'developer', first_name: 'Devi' });
    expect(stored?.accessToken).toBeTruthy();
  });

  test('an admin who first asked for /admin/staff lands there; the developer is marked Directory, without a password action', async () => {
    const page = await throughDirectory(PEOPLE.admin, '/admin/staff');
    await waitForPath(page, '/admin/staff');
    await expectNoHandoffLeft(page);
    expect((await storedAuth(page))?.user?.role).toBe('super');
    const row = page.getByRole('row').filter({ hasText: 'devi@example.com' });
    await visible(row.getByText('Directory', { exact: true }));
    expect(await row.getByRole('button', { name: 'Change password of Devi' }).count()).toBe(0);
    await visible(row.getByRole('button', { name: 'Delete Devi' }));
  });

  test('an admin opening / lands where SPEC sends a super: /admin', async () => {
    const page = await throughDirectory(PEOPLE.admin);
    await waitForPath(page, '/admin');
    await expectNoHandoffLeft(page);
  });

  test('someone in no helpdesk group is refused with the page that says so, and no session', async () => {
    const page = await throughDirectory(PEOPLE.outsider);
    await waitForPath(page, '/auth/failed');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('not_granted');
    await visible(page.getByRole('heading', { level: 1, name: 'No access to the helpdesk' }));
    await visible(page.getByText(/not allowed to use the helpdesk/));
    expect((await storedAuth(page))?.accessToken ?? null).toBeNull();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('link', { name: BUTTON }));
    expect(pathOf(page)).toBe('/');
  });

  test('the sign-in screen and the refusal page are axe clean at 1280, 1024 and 390 px, light and dark', async () => {
    for (const { name, viewport } of WIDTHS) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await j.newPage({ viewport });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/');
        await visible(page.getByRole('link', { name: BUTTON }));
        const rules = scheme === 'light' ? 'all' : 'colour';
        let scan = await axeScan(page, rules);
        expect(scan.violations, describeViolations(`sign-in ${name} ${scheme}`, scan.violations)).toEqual([]);
        await j.screenshot(page, `sign-in-${name}-${scheme}`);
        await page.goto('/auth/failed?reason=not_granted');
        await visible(page.getByRole('heading', { level: 1, name: 'No access to the helpdesk' }));
        scan = await axeScan(page, rules);
        expect(scan.violations, describeViolations(`failed ${name} ${scheme}`, scan.violations)).toEqual([]);
        await j.screenshot(page, `failed-${name}-${scheme}`);
        await page.context().close();
      }
    }
  });
});
