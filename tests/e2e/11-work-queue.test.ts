/**
 * Journey 11: the work queue. The admin opens the tickets from the dashboard tile, pages with
 * 'Show more', searches, filters, goes Back and Forward (URL, pages and scroll come back),
 * opens a ticket from the table view with the keyboard, exports the filtered list as CSV and
 * opens a filtered list from a link. Screenshots of every list at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, CAST, card, journeyDescribe, scrollToBottomRemembered, setupJourney, signIn, tileCount, toggle, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

/** More than one page (the client asks for 50 at a time). */
const FILLER = 56;
const ZEBRA = ['Zebra scanner offline', 'Zebra printer jam', 'Zebra refund stuck'] as const;
const PHONE = { width: 390, height: 844 };

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search tickets' });
const params = (page: Page) => new URL(page.url()).searchParams;
const cards = (page: Page) => page.getByRole('article');

journeyDescribe('journey 11: the work queue', () => {
  const j = setupJourney('11-work-queue');
  let world: World;
  let page: Page;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    world = await seedWorld(j.api);
    for (let i = 1; i <= FILLER; i++) await seedTicket(j.api, world, world.support, `Queue ticket ${String(i).padStart(2, '0')}`, 'medium');
    numbers[ZEBRA[0]] = (await seedTicket(j.api, world, world.support, ZEBRA[0], 'low')).number;
    numbers[ZEBRA[1]] = (await seedTicket(j.api, world, world.support, ZEBRA[1], 'high')).number;
    numbers[ZEBRA[2]] = (await seedTicket(j.api, world, world.support, ZEBRA[2], 'low')).number;
    await j.api.patchTicket(world.admin.token, numbers[ZEBRA[1]]!, { status: 'assigned', developer_id: world.dev1.id });
  }, 120_000);

  test('the Total Tickets tile counts from stats and opens the list; Show more loads the next page', async () => {
    page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await visible(card(page, ZEBRA[2]));
    expect(await tileCount(page, 'Total Tickets')).toBe(FILLER + ZEBRA.length);
    await j.screenshot(page, 'dashboard');
    await page.getByRole('group', { name: 'Total Tickets' }).getByRole('link').click();
    await waitForPath(page, '/admin/tickets');
    await visible(page.getByText(`50 of ${FILLER + ZEBRA.length}`));
    expect(await cards(page).count()).toBe(50);
    await j.screenshot(page, 'tickets-cards');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards(page).count()).toBe(FILLER + ZEBRA.length);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });

  test('Back returns to the list with both pages loaded and the same scroll position', async () => {
    const before = await scrollToBottomRemembered(page);
    expect(before).toBeGreaterThan(1000);
    await card(page, 'Queue ticket 01').click();
    await waitForPath(page, /^\/admin\/ticket\//);
    await page.goBack();
    await waitForPath(page, '/admin/tickets');
    await expect.poll(() => cards(page).count()).toBe(FILLER + ZEBRA.length);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  });

  test('search (debounced, "/" focuses it) and a filter live in the URL; Back and Forward walk them', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    expect(await search(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('zebra');
    await expect.poll(() => params(page).get('q')).toBe('zebra');
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByLabel('Priority').selectOption('low');
    await expect.poll(() => params(page).get('priority')).toBe('low');
    await expect.poll(() => cards(page).count()).toBe(2);
    await visible(card(page, ZEBRA[0]));
    await j.screenshot(page, 'search-and-filter');

    await page.goBack();
    await expect.poll(() => params(page).get('priority')).toBeNull();
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await search(page).inputValue()).toBe('zebra');
    await page.goForward();
    await expect.poll(() => params(page).get('priority')).toBe('low');
    await expect.poll(() => cards(page).count()).toBe(2);
  });

  test('a search that matches nothing says so and Clear filters brings the list back', async () => {
    await search(page).fill('zebra nothing-like-this');
    await visible(page.getByText('No tickets match these filters.'));
    await j.screenshot(page, 'no-match');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => params(page).get('q')).toBeNull();
    // The default list is still cached with both of its pages.
    await expect.poll(() => cards(page).count()).toBe(FILLER + ZEBRA.length);
    expect(await search(page).inputValue()).toBe('');
  });

  test('the table view: arrow keys move between rows and Enter opens the ticket', async () => {
    await search(page).fill('zebra');
    await expect.poll(() => cards(page).count()).toBe(3);
    await toggle(page, 'Table').click();
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    await j.screenshot(page, 'tickets-table');
    // Newest first: ZEBRA[2], ZEBRA[1], ZEBRA[0].
    await rows.nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/admin/ticket/${numbers[ZEBRA[1]]}`);
    await page.goBack();
    await waitForPath(page, '/admin/tickets');
    await expect.poll(() => rows.count()).toBe(4);
    expect(params(page).get('view')).toBe('table');
  });

  test('the table view is remembered for this user on this device', async () => {
    await page.goto('/admin/tickets');
    await visible(page.getByRole('table'));
    expect(await page.getByRole('button', { name: 'Table', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  test('Export CSV downloads the filtered, sorted list', async () => {
    await page.goto('/admin/tickets?q=zebra&sort=oldest');
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(4);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Number,Title,Status,Priority/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([ZEBRA[0], ZEBRA[1], ZEBRA[2]]);
    expect(download.suggestedFilename()).toMatch(/^tickets-.*\.csv$/);
  });

  test('a link to a filtered list opens that list, chips and counts included', async () => {
    const other = await j.newPage();
    await signIn(other, ADMIN.email, ADMIN.password);
    await other.goto('/admin/tickets?status=assigned&q=zebra');
    await visible(card(other, ZEBRA[1]));
    expect(await cards(other).count()).toBe(1);
    expect(await other.getByRole('button', { name: 'Assigned', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await search(other).inputValue()).toBe('zebra');
  });

  test('screens at 390 px: tickets (cards, filters open, table), support, developer, dashboard', async () => {
    const phone = await j.newPage({ viewport: PHONE });
    await signIn(phone, ADMIN.email, ADMIN.password);
    await visible(card(phone, ZEBRA[2]));
    await j.screenshot(phone, 'phone-dashboard');
    await phone.goto('/admin/tickets?view=cards');
    await visible(card(phone, ZEBRA[2]));
    await j.screenshot(phone, 'phone-tickets-cards');
    await phone.getByRole('button', { name: 'Filters' }).click();
    await visible(phone.getByLabel('Priority'));
    await j.screenshot(phone, 'phone-tickets-filters');
    await toggle(phone, 'Table').click();
    await visible(phone.getByRole('table'));
    await j.screenshot(phone, 'phone-tickets-table');

    const support = await j.newPage({ viewport: PHONE });
    await signIn(support, CAST.support.email, CAST.support.password);
    await visible(card(support, ZEBRA[2]));
    await j.screenshot(support, 'phone-support');
    const wide = await j.newPage();
    await signIn(wide, CAST.support.email, CAST.support.password);
    await visible(card(wide, ZEBRA[2]));
    await j.screenshot(wide, 'support');

    const developer = await j.newPage({ viewport: PHONE });
    await signIn(developer, CAST.dev1.email, CAST.dev1.password);
    await visible(card(developer, ZEBRA[1]));
    await j.screenshot(developer, 'phone-developer');
    const devWide = await j.newPage();
    await signIn(devWide, CAST.dev1.email, CAST.dev1.password);
    await visible(card(devWide, ZEBRA[1]));
    await toggle(devWide, 'All Tickets').click();
    await visible(devWide.getByText(`50 of ${FILLER + ZEBRA.length}`));
    await j.screenshot(devWide, 'developer-all');
  });
});
