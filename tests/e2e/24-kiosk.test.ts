/**
 * Journey 24: the queue on a phone and the board as a kiosk (issue 24). At 390 × 844 the list's
 * toolbar is one row (search, 'Filters (n)', sort) with the first card above the fold, the
 * filters in a sheet, and support's Create Ticket floating; the board's "Full screen" opens kiosk
 * mode without the app chrome, which turns its page by itself and, after the server restarts on
 * the same port, says so and comes back live with what changed meanwhile. axe finds nothing in
 * light and dark; screenshots at 1280, 1024 and 390 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TURN_MS } from '../../src/client/features/queue/kiosk/paging.ts';
import { expectNoViolationsInBothThemes } from './axe.ts';
import { ADMIN, CAST, card, journeyDescribe, setupJourney, signIn, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const PHONE = { width: 390, height: 844 };
const WALL = { width: 1920, height: 1080 };
/** 11 rows a screen at 1080 px (kiosk/paging.ts): two pages. */
const OPEN_TICKETS = 15;
/** A page turns every TURN_MS (kiosk/useKioskPages.ts): the page's clock is moved on by that, no real time passes. */
const TURN_WAIT_MS = 10_000;
/** The stream retries after 1, 2, 4 … s; the server is away a few seconds. */
const BACK_WAIT_MS = 30_000;

const titleOf = (i: number) => `Kiosk ticket ${String(i).padStart(2, '0')}`;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'has a box').not.toBeNull();
  return box!;
}

const kioskHeading = (page: Page) => page.getByRole('heading', { name: /^Open and assigned/ });

journeyDescribe('journey 24: phone queue and kiosk board', () => {
  const j = setupJourney('24-kiosk');
  let world: World;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    for (let i = 1; i <= OPEN_TICKETS; i++) await seedTicket(j.api, world, world.support, titleOf(i), i % 3 === 0 ? 'high' : 'medium');
  }, 120_000);

  test('390 × 844: one toolbar row, the first card above the fold, filters in a sheet', async () => {
    const page = await j.newPage({ viewport: PHONE });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/tickets');
    const first = page.getByRole('list').first().getByRole('listitem').first();
    await visible(first);
    const search = await boxOf(page.getByRole('searchbox', { name: 'Search tickets' }));
    const filters = await boxOf(page.getByRole('button', { name: /^Filters/ }));
    const sort = await boxOf(page.getByLabel('Sort'));
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(filters) - middle(search))).toBeLessThan(8);
    expect(Math.abs(middle(sort) - middle(search))).toBeLessThan(8);
    expect(sort.x + sort.width).toBeLessThanOrEqual(PHONE.width);
    const card = await boxOf(first);
    expect(card.y + card.height, 'the first card ends above the fold').toBeLessThanOrEqual(PHONE.height);
    // A desktop Chromium has a mouse: the '/' hint stays; the touch rule is a component test.
    await j.screenshot(page, 'phone-tickets-390');
    await expectNoViolationsInBothThemes(page, 'phone tickets');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await visible(sheet);
    // From 'All' (the admin's default is Opened and Assigned pressed), Closed alone.
    await sheet.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('opened,assigned,closed');
    await sheet.getByRole('button', { name: 'Closed', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('closed');
    expect(await sheet.getByRole('button', { name: 'Closed', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await visible(page.getByRole('button', { name: 'Filters (1)' }));
    await j.screenshot(page, 'phone-filters-sheet-390');
    await expectNoViolationsInBothThemes(page, 'phone filters sheet');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Filters (1)');
  });

  test('support at 390 px: Create Ticket floats over the list and opens the form', async () => {
    const page = await j.newPage({ viewport: PHONE });
    await signIn(page, CAST.support.email, CAST.support.password);
    await visible(card(page, titleOf(OPEN_TICKETS)));
    const create = page.getByRole('link', { name: 'Create Ticket' });
    const box = await boxOf(create);
    expect(box.y + box.height).toBeGreaterThan(PHONE.height - 100);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 400));
    expect((await boxOf(create)).y).toBe(box.y);
    await j.screenshot(page, 'phone-support-create-390');
    await create.click();
    await waitForPath(page, '/support/create-ticket');
  });

  test('the kiosk turns its page by itself, and comes back by itself after a server restart', async () => {
    const page = await j.newPage({ viewport: WALL });
    // The page's timers run in real time, except that a turn's wait is skipped (fastForward).
    await page.clock.install();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/board');
    await page.getByRole('button', { name: 'Full screen' }).click();
    await waitForPath(page, '/admin/board');
    expect(new URL(page.url()).search).toBe('?kiosk=1');
    await visible(kioskHeading(page));
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await expect.poll(() => kioskHeading(page).textContent()).toBe('Open and assigned · Page 1 of 2');
    await visible(page.getByRole('status').getByText('Live'));
    await visible(page.getByText(/^Updated \d\d:\d\d$/));
    // Large type: a row reads from three metres on a 1080p screen.
    const rowText = await page.getByText(titleOf(3), { exact: true }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(rowText).toBeGreaterThanOrEqual(32);
    await j.screenshot(page, 'kiosk-1920');
    await expectNoViolationsInBothThemes(page, 'kiosk');

    await page.clock.fastForward(TURN_MS);
    await expect.poll(() => kioskHeading(page).textContent(), { timeout: TURN_WAIT_MS }).toBe('Open and assigned · Page 2 of 2');
    await j.screenshot(page, 'kiosk-page-2-1920');

    await j.restartServer(async () => {
      await visible(page.getByRole('status').getByText(/Reconnecting…|Connecting…/), BACK_WAIT_MS);
      await j.screenshot(page, 'kiosk-server-away');
    });
    await seedTicket(j.api, world, world.support, 'Filed after the restart', 'high');
    await visible(page.getByRole('status').getByText('Live'), BACK_WAIT_MS);
    // The next turn reads page 1 afresh, with the ticket filed while the server was away.
    await page.clock.fastForward(TURN_MS);
    await visible(page.getByText('Filed after the restart', { exact: true }), BACK_WAIT_MS + TURN_WAIT_MS);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  }, 150_000);

  test('the kiosk at 1280, 1024 and 390 px, and for a developer', async () => {
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
      [390, 844],
    ] as const) {
      const page = await j.newPage({ viewport: { width, height } });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/board?kiosk=1');
      await visible(page.getByText(titleOf(3), { exact: true }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await j.screenshot(page, `kiosk-${width}`);
    }
    const dev = await j.newPage({ viewport: WALL });
    await signIn(dev, CAST.dev1.email, CAST.dev1.password);
    await dev.goto('/developer/board?kiosk=1');
    await visible(dev.getByText(titleOf(3), { exact: true }));
    expect(await dev.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await expectNoViolationsInBothThemes(dev, 'developer kiosk');
    await dev.getByRole('link', { name: 'Exit full screen' }).click();
    await visible(dev.getByRole('navigation', { name: 'Main' }));
  });
});
