/**
 * Journey 13: reports. Tickets seeded through the API; the admin opens Reports from the
 * navigation at 1280 px, reads the charts (axe finds nothing), switches the breakdown (the URL
 * follows, Back and Forward too), shows a chart as a table, focuses a bar for its tooltip and
 * clicks it into the work queue filtered to those tickets. Then the same page at 390 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { ADMIN, card, journeyDescribe, setupJourney, signIn, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const PHONE = { width: 390, height: 844 };
const HIGH = ['Report card reader down', 'Report refund stuck', 'Report login loop'] as const;
const LOW = ['Report typo on receipt', 'Report slow export'] as const;

const params = (page: Page) => new URL(page.url()).searchParams;

journeyDescribe('journey 13: reports', () => {
  const j = setupJourney('13-reports');
  let world: World;
  let page: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    const numbers: string[] = [];
    for (const title of HIGH) numbers.push((await seedTicket(j.api, world, world.support, title, 'high')).number);
    for (const title of LOW) await seedTicket(j.api, world, world.support, title, 'low');
    await j.api.patchTicket(world.admin.token, numbers[0]!, { status: 'assigned', developer_id: world.dev1.id });
    await j.api.patchTicket(world.admin.token, numbers[1]!, { status: 'assigned', developer_id: world.dev1.id });
    await j.api.patchTicket(world.admin.token, numbers[1]!, { status: 'closed' });
  }, 60_000);

  test('Reports opens from the navigation with every chart, and axe finds nothing', async () => {
    page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await waitForPath(page, '/admin/reports');
    for (const title of ['Created and closed per day', 'Open backlog', 'Breakdown by category', 'Developer workload']) {
      await visible(page.getByRole('heading', { name: title }));
    }
    await visible(page.getByRole('link', { name: /^Payments, Created: 5/ }));
    await j.screenshot(page, 'reports-1280');
    const { violations } = await axeScan(page);
    expect(describeViolations('reports 1280', violations)).toBe('');
  });

  test('printed, the report stands alone: no navigation, header or buttons', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Show as table' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await visible(page.getByRole('heading', { name: 'Open backlog' }));
    await j.screenshot(page, 'reports-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('the breakdown lives in the URL; Back and Forward walk it', async () => {
    await page.getByLabel('Breakdown by', { exact: true }).selectOption('priority');
    await expect.poll(() => params(page).get('group')).toBe('priority');
    await visible(page.getByRole('heading', { name: 'Breakdown by priority' }));
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '90 days' }).click();
    await expect.poll(() => params(page).get('range')).toBe('90');
    await page.goBack();
    await expect.poll(() => params(page).get('range')).toBe(null);
    expect(params(page).get('group')).toBe('priority');
    await page.goBack();
    await expect.poll(() => params(page).get('group')).toBe(null);
    await visible(page.getByRole('heading', { name: 'Breakdown by category' }));
    await page.goForward();
    await visible(page.getByRole('heading', { name: 'Breakdown by priority' }));
  });

  test('"Show as table" shows the same figures; focus on a bar shows its tooltip', async () => {
    const breakdown = page.getByRole('region', { name: 'Breakdown by priority' });
    await breakdown.getByRole('button', { name: 'Show as table' }).click();
    const rows = breakdown.getByRole('row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^Priority\s+Created\s+Closed\s+Open now\s+Median time to close \(h\)$/),
      expect.stringMatching(/^High\s+3\s+1\s+2\s+/),
      expect.stringMatching(/^Low\s+2\s+0\s+2\s+–$/),
    ]);
    await j.screenshot(page, 'breakdown-as-table');
    await breakdown.getByRole('button', { name: 'Show as table' }).click();
    const openHigh = breakdown.getByRole('link', { name: /^High, Open now: 2/ });
    await openHigh.focus();
    await visible(page.getByText('Click to open these tickets in the work queue'));
    await j.screenshot(page, 'bar-tooltip');
  });

  test('clicking a bar opens the work queue filtered to those tickets', async () => {
    await page.getByRole('region', { name: 'Breakdown by priority' }).getByRole('link', { name: /^High, Open now: 2/ }).click();
    await waitForPath(page, '/admin/tickets');
    expect(params(page).get('priority')).toBe('high');
    expect(params(page).get('status')).toBe('opened,assigned');
    await visible(card(page, HIGH[0]));
    await visible(card(page, HIGH[2]));
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    await j.screenshot(page, 'queue-from-bar');
  });

  test('at 390 px the page fits, in light and dark, and axe finds nothing', async () => {
    const phone = await j.newPage({ viewport: PHONE, copyStorageFrom: page });
    await phone.goto('/admin/reports?range=90&group=developer');
    await visible(phone.getByRole('heading', { name: 'Breakdown by developer' }));
    await visible(phone.getByRole('link', { name: new RegExp(`^${world.dev1.first_name}, Created: 2`) }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await j.screenshot(phone, 'reports-390');
    expect(describeViolations('reports 390', (await axeScan(phone)).violations)).toBe('');
    await phone.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await j.screenshot(phone, 'reports-390-dark');
    // Dark swaps colours only: the colour rules are what can change (axe.ts COLOUR_RULES).
    expect(describeViolations('reports 390 dark', (await axeScan(phone, 'colour')).violations)).toBe('');
  });
});
