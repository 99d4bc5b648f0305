/**
 * Journey 16: the app keeps the user's place (issue 13). A deep link survives sign-in (and an
 * off-site return path never does); no loading screen shows between sign-in and the first card;
 * a half-typed ticket survives a reload and a revoked session; a list that failed offline
 * recovers by itself when the network returns; Back restores a support list's scroll; Back on a
 * ticket opened in a fresh tab stays in the app.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, CAST, card, journeyDescribe, pathOf, scrollToBottomRemembered, setupJourney, signIn, storedAuth, submitSignIn, toggle, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

/** Enough cards to scroll a long way on a 900 px high window. */
const TICKETS = 30;
const titleOf = (i: number) => `Place ticket ${String(i).padStart(2, '0')}`;

/**
 * Records, from the first byte of every document, whether the area's Suspense fallback
 * ([data-area-loading], App.tsx) is ever attached.
 */
function recordFallback(): void {
  const seen = () => ((window as unknown as { __areaFallbackSeen: boolean }).__areaFallbackSeen = true);
  (window as unknown as { __areaFallbackSeen: boolean }).__areaFallbackSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('[data-area-loading]')) seen();
  }).observe(document, { childList: true, subtree: true });
}
const fallbackSeen = (page: Page) => page.evaluate(() => (window as unknown as { __areaFallbackSeen: boolean }).__areaFallbackSeen);

journeyDescribe('journey 16: keep the place', () => {
  const j = setupJourney('16-keep-place');
  let world: World;
  let first: { number: string; title: string };

  beforeAll(async () => {
    world = await seedWorld(j.api);
    for (let i = 1; i <= TICKETS; i++) {
      const ticket = await seedTicket(j.api, world, world.support, titleOf(i), 'medium');
      if (i === 1) first = { number: ticket.number, title: titleOf(i) };
    }
    for (let i = 1; i <= 12; i++) await j.api.createCategory(world.admin.token, `Extra category ${i}`);
  }, 120_000);

  test('no loading screen between pressing Sign in and the first card', async () => {
    const page = await j.newPage();
    await page.addInitScript(recordFallback);
    await page.goto('/');
    const pressed = Date.now();
    await submitSignIn(page, CAST.support.email, CAST.support.password);
    await visible(card(page, titleOf(TICKETS)));
    const toFirstCard = Date.now() - pressed;
    expect(await fallbackSeen(page)).toBe(false);
    // Every area was fetched ahead, but only the support area's stylesheet applies (the cascade of the others is not mixed in).
    const sheets = await page.evaluate(() => [...document.querySelectorAll('link[href*="Area-"]')].map((link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`));
    expect(sheets.filter((sheet) => sheet.startsWith('stylesheet ')).map((sheet) => sheet.replace(/-\w+\.css$/, ''))).toEqual(['stylesheet /assets/SupportArea']);
    // The recorder works: the fallback's marker, once attached, is seen.
    await page.evaluate(() => {
      const marker = document.createElement('div');
      marker.setAttribute('data-area-loading', '');
      document.body.append(marker);
    });
    await expect.poll(() => fallbackSeen(page)).toBe(true);
    console.info(`[16-keep-place] sign-in press to first card: ${toFirstCard} ms`);
  });

  test('a deep link opened signed out goes to / and, after sign-in, back to the ticket', async () => {
    const page = await j.newPage();
    const deep = `/support/ticket-details/${first.number}`;
    await page.goto(deep);
    await waitForPath(page, '/');
    await submitSignIn(page, CAST.support.email, CAST.support.password);
    await waitForPath(page, deep);
    await visible(page.getByRole('heading', { name: first.title }));
    await j.screenshot(page, 'deep-link-after-sign-in');

    // Another role's deep link: home after sign-in, not Access Denied.
    const other = await j.newPage();
    await other.goto('/admin/staff');
    await waitForPath(other, '/');
    await submitSignIn(other, CAST.support.email, CAST.support.password);
    await waitForPath(other, '/support');
  });

  test('no open redirect: //evil.com, /\\evil.com and a planted https:// path all land home', async () => {
    for (const path of ['//evil.com', '/\\evil.com', '//evil.com/admin']) {
      const page = await j.newPage();
      await page.goto(j.url + path);
      await waitForPath(page, '/');
      await submitSignIn(page, ADMIN.email, ADMIN.password);
      await waitForPath(page, '/admin');
      expect(new URL(page.url()).origin).toBe(j.url);
    }
    const page = await j.newPage();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('helpdesk.returnPath', 'https://evil.com/admin'));
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, '/admin');
    expect(new URL(page.url()).origin).toBe(j.url);
  });

  test('a half-typed ticket survives a reload, and a revoked session: sign-in returns to it', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await page.getByRole('link', { name: 'Create Ticket' }).click();
    await waitForPath(page, '/support/create-ticket');
    await page.getByLabel('App').selectOption('shaq_app');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Title').fill('Half-typed refund problem');
    await page.getByLabel('Description').fill('The refund button does nothing since this morning.');

    await page.reload();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Half-typed refund problem');
    expect(await page.getByLabel('Description').inputValue()).toBe('The refund button does nothing since this morning.');
    expect(await page.getByLabel('Priority').inputValue()).toBe('high');
    await visible(page.getByRole('button', { name: 'Discard draft' }));
    await j.screenshot(page, 'draft-after-reload-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await j.screenshot(page, 'draft-after-reload-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The session is revoked elsewhere; the next call sends the user to sign in.
    const token = (await storedAuth(page))?.accessToken;
    expect(await j.api.signOut(token!)).toBe(200);
    await page.reload();
    await waitForPath(page, '/');
    await submitSignIn(page, CAST.support.email, CAST.support.password);
    await waitForPath(page, '/support/create-ticket');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Half-typed refund problem');

    // Sent: the draft is gone.
    await page.getByLabel('Service').selectOption({ label: 'Checkout' });
    await page.getByLabel('Category').selectOption({ label: 'Payments' });
    await page.getByRole('button', { name: 'Create' }).click();
    await waitForPath(page, '/support');
    await visible(card(page, 'Half-typed refund problem'));
    await page.goto('/support/create-ticket');
    await visible(page.getByLabel('Title'));
    // The form reads its draft once, as it mounts: with none stored, nothing can fill it later.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('helpdesk.draft:') && key.endsWith(':create-ticket')))).toEqual([]);
    expect(await page.getByLabel('Title').inputValue()).toBe('');
  });

  test("offline, a list shows 'Network Error!...' and Retry at once, and recovers by itself online", async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await visible(card(page, titleOf(TICKETS)));
    await page.context().setOffline(true);
    const started = Date.now();
    // Services: a list the dashboard has not read (nothing cached to show instead).
    await page.getByRole('link', { name: 'Services', exact: true }).first().click();
    await waitForPath(page, '/admin/service');
    await visible(page.getByRole('alert').filter({ hasText: 'Network Error!...' }));
    const toError = Date.now() - started;
    await visible(page.getByRole('button', { name: 'Retry' }));
    await j.screenshot(page, 'offline-error-with-retry-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await j.screenshot(page, 'offline-error-with-retry-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Before: three retries held 'Loading' for 1 + 2 + 4 = 7 s.
    expect(toError).toBeLessThan(3_000);
    console.info(`[16-keep-place] offline list to error: ${toError} ms (was at least 7000 ms behind 'Loading')`);

    await page.context().setOffline(false);
    await visible(page.getByRole('cell', { name: 'Checkout', exact: true }));
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await j.screenshot(page, 'online-recovered');
  });

  test("Back restores a support list's scroll position (not only the admin queue)", async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await visible(card(page, titleOf(1)));
    const before = await scrollToBottomRemembered(page);
    expect(before).toBeGreaterThan(800);
    await card(page, titleOf(1)).click();
    await waitForPath(page, `/support/ticket-details/${first.number}`);
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForPath(page, '/support');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    await visible(card(page, titleOf(1)));
  });

  test("Back restores the developer's All Tickets tab and scroll, and an admin list's scroll", async () => {
    const page = await j.newPage();
    await signIn(page, CAST.dev1.email, CAST.dev1.password);
    await toggle(page, 'All Tickets').click();
    await visible(card(page, titleOf(1)));
    const before = await scrollToBottomRemembered(page);
    expect(before).toBeGreaterThan(800);
    await card(page, titleOf(1)).click();
    await waitForPath(page, `/developer/ticket-details/${first.number}`);
    await page.goBack();
    await waitForPath(page, '/developer');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await toggle(page, 'All Tickets').getAttribute('aria-pressed')).toBe('true');

    // Categories: a list that loads in one piece.
    const admin = await j.newPage({ viewport: { width: 1280, height: 500 } });
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.getByRole('link', { name: 'Categories', exact: true }).first().click();
    await visible(admin.getByRole('cell', { name: 'Extra category 12', exact: true }));
    const down = await scrollToBottomRemembered(admin);
    expect(down).toBeGreaterThan(300);
    await admin.getByRole('link', { name: 'Services', exact: true }).first().click();
    await waitForPath(admin, '/admin/service');
    await admin.goBack();
    await waitForPath(admin, '/admin/category');
    await expect.poll(() => admin.evaluate(() => window.scrollY)).toBeGreaterThan(down - 50);
  });

  test('Back on a ticket opened in a fresh tab (another site behind it) goes to the list, not out of the app', async () => {
    const signedIn = await j.newPage();
    await signIn(signedIn, CAST.support.email, CAST.support.password);
    const page = await j.newPage({ copyStorageFrom: signedIn });
    // A tab that was somewhere else first: history.back() would leave the app.
    await page.goto('about:blank');
    await page.goto(`/support/ticket-details/${first.number}`);
    await visible(page.getByRole('heading', { name: first.title }));
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForPath(page, '/support');
    expect(new URL(page.url()).origin).toBe(j.url);
    await visible(card(page, titleOf(TICKETS)));
    expect(pathOf(page)).toBe('/support');
  });
});
