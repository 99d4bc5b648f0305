/**
 * Journey 26 (issue 25, docs/product.md#failures): failures that say what to do. A missing ticket
 * offers the way back; a session ended from another browser (signed out there, or a new
 * password) is explained on the sign-in page, which then returns to the page and its draft;
 * a 429 at sign-in says how long to wait; offline is one banner. axe: 0 violations, light and
 * dark, at 1280 and 390 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import {
  ADMIN, CAST, journeyDescribe, pathOf, setupJourney, signIn, storedAuth, submitSignIn, toastWith, visible, waitForPath, type Journey,
} from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const MISSING = 'TCK-999999';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const DRAFT = 'Half a thought about the refund';
const NEW_PASSWORD = 'Dev-pass-changed-1';
/** Failed sign-ins for one account from one address before the 429 (README, "Sign-in limits"). */
const SIGN_IN_FAILURES_ALLOWED = 10;
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** axe at both widths in light (every rule) and dark (the colour rules), with screenshots of each. */
async function checkEverywhere(j: Journey, page: Page, name: string): Promise<void> {
  // A toast leaving during a scan is a detached node axe cannot judge: scan once they are gone.
  await expect.poll(() => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(0);
  const failures: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      const { violations } = await axeScan(page, scheme === 'light' ? 'all' : 'colour');
      if (violations.length > 0) failures.push(describeViolations(`${name} @${size.width}px ${scheme}`, violations));
      await j.screenshot(page, `${name}-${size.width}-${scheme}`);
    }
  }
  await page.setViewportSize(WIDTHS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(failures, failures.join('\n')).toEqual([]);
}

const composer = (page: Page) => page.getByLabel('Add a comment');

/** Types a comment and waits until its draft is stored (lib/draft.ts). */
async function typeDraft(page: Page, userId: number, number: string): Promise<void> {
  await composer(page).fill(DRAFT);
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), `helpdesk.draft:${userId}:comment:${number}`)).toBe(JSON.stringify(DRAFT));
}

journeyDescribe('journey 26: failures that say what to do', () => {
  const j = setupJourney('26-failures');
  let world: World;
  let number: string;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, 'Refund stuck at the bank')).number;
  });

  test('a missing ticket: the 404 line, no Retry, and Back to tickets to the list', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await page.goto(`/support/ticket-details/${MISSING}`);
    const line = await visible(page.getByRole('alert').filter({ hasText: /\.\.\.$/ }));
    expect(await line.innerText()).toMatch(/^.+\.\.\.$/);
    const back = await visible(page.getByRole('link', { name: 'Back to tickets' }));
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await checkEverywhere(j, page, 'missing-ticket');

    await back.click();
    await waitForPath(page, '/support');
    await visible(page.getByText('Refund stuck at the bank').first());

    // The admin's list is its Tickets page.
    const admin = await j.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/admin/ticket/${MISSING}`);
    await (await visible(admin.getByRole('link', { name: 'Back to tickets' }))).click();
    await waitForPath(admin, '/admin/tickets');
  });

  test('signed out in another browser: the sign-in page says the session ended, and sign-in returns to the ticket with its draft', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    // A first visit said nothing of the kind.
    expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
    const path = `/support/ticket-details/${number}`;
    await page.goto(path);
    await typeDraft(page, world.support.id, number);

    // The same session on another device, signed out there.
    const elsewhere = await j.newPage({ copyStorageFrom: page });
    await elsewhere.goto('/support');
    await elsewhere.getByRole('button', { name: 'Account menu' }).click();
    await elsewhere.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(elsewhere, '/');
    // A deliberate sign-out explains nothing.
    await visible(elsewhere.getByLabel('Email'));
    expect(await elsewhere.getByText(SESSION_ENDED).count()).toBe(0);

    // This page's next call (sending the comment) meets the 401, unless the live stream noticed first.
    if (pathOf(page) !== '/') await page.getByRole('button', { name: 'Add comment' }).click().catch(() => undefined);
    await waitForPath(page, '/');
    await visible(page.getByText(SESSION_ENDED, { exact: true }));
    expect((await storedAuth(page))?.accessToken ?? null).toBeNull();
    await checkEverywhere(j, page, 'session-ended');

    await submitSignIn(page, CAST.support.email, CAST.support.password);
    await waitForPath(page, path);
    await expect.poll(() => composer(page).inputValue()).toBe(DRAFT);
    await j.screenshot(page, 'back-on-the-ticket-with-the-draft');
    expect(pathOf(page)).toBe(path);
  });

  test('a new password set in another browser ends this session too; sign in with it and carry on', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.dev1.email, CAST.dev1.password);
    const path = `/developer/ticket-details/${number}`;
    await page.goto(path);
    await typeDraft(page, world.dev1.id, number);

    // Another browser: a session of its own, which changes the password (the others end).
    const other = await j.api.signIn(CAST.dev1.email, CAST.dev1.password);
    await j.api.ok('POST', '/auth/reset-password', {
      token: other.token,
      json: { old_password: CAST.dev1.password, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
    });

    // The live stream may notice first; otherwise sending the comment does.
    if (pathOf(page) !== '/') await page.getByRole('button', { name: 'Add comment' }).click().catch(() => undefined);
    await waitForPath(page, '/');
    await visible(page.getByText(SESSION_ENDED, { exact: true }));
    await submitSignIn(page, CAST.dev1.email, NEW_PASSWORD);
    await waitForPath(page, path);
    await expect.poll(() => composer(page).inputValue()).toBe(DRAFT);
  });

  test('too many failed sign-ins: under the form, how long to wait from Retry-After', async () => {
    const page = await j.newPage();
    await page.goto('/');
    for (let attempt = 1; attempt <= SIGN_IN_FAILURES_ALLOWED; attempt++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in'));
      await submitSignIn(page, CAST.dev2.email, `wrong-password-${attempt}`);
      await answered;
    }
    // Ten refusals, one toast that counts them.
    await visible(toastWith(page, 'Invalid email or password.'));
    expect(await page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').count()).toBe(1);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in'));
    await submitSignIn(page, CAST.dev2.email, 'wrong-password-again');
    const response = await answered;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    const alert = await visible(page.locator('form').getByRole('alert'));
    await expect.poll(() => alert.innerText()).toMatch(/Try again in (15|14) minutes\./);
    await checkEverywhere(j, page, 'sign-in-429');
  });

  test('offline: one banner, gone when the connection is back', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await visible(page.getByText('Refund stuck at the bank').first());
    const banner = page.getByText("You're offline.", { exact: false });
    expect(await banner.count()).toBe(0);
    await page.context().setOffline(true);
    await visible(banner);
    await checkEverywhere(j, page, 'offline-banner');
    await page.context().setOffline(false);
    await expect.poll(() => banner.count()).toBe(0);
  });
});
