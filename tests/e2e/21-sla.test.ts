/**
 * Journey 21, service levels (design.md#service-levels): a super sets a policy with a short
 * target at /admin/sla, a high ticket is raised, and as the server's clock moves (TEST_CLOCK)
 * the ticket's card goes from on track to due soon to breached with no reload; the Breached chip
 * and the dashboard tile find it; the page fits and axe finds nothing at 1280, 1024 and 390 px in
 * light and dark, with screenshots of the page, a card, a row, the ticket page and the board.
 *
 * Only the browser's view is asserted; the server's clock moves, the browser's does not, so a
 * breached card may read "Breached" without a time (the deadline is still ahead on this clock).
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';
import { ADMIN, journeyDescribe, setupJourney, signIn, toastWith, visible, waitForPath } from './harness.ts';

const MINUTE = 60_000;
/** The server sweeps as its clock is moved (TEST_CLOCK=stdin): the card follows within a live update. */
const SWEEP_MS = 10_000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TITLE = 'Payroll export is failing';
const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

/** The deadline badge on the card of TITLE. */
/** The badge's words as shown, without what only screen readers hear first. */
const shownWords = async (badge: ReturnType<Page['locator']>) => (await badge.innerText()).replace(/^Service level:\s*/, '');
const slaOnCard = (page: Page) => page.getByRole('article').filter({ hasText: TITLE }).locator('[data-state]').first();

journeyDescribe('journey 21: service levels', () => {
  const j = setupJourney('21-sla', { env: { TEST_CLOCK: 'stdin' } });
  let world: World;
  let page: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    page = await j.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, ADMIN.email, ADMIN.password);
  });

  test('a super sets a policy at /admin/sla: every hour of every day counts, high tickets are taken within an hour', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service levels' }).click();
    await waitForPath(page, '/admin/sla');
    await visible(page.getByText('Service levels are off. Save a policy to turn them on.'));
    await page.getByLabel('Search time zones').fill('UTC');
    await page.getByLabel('Time zone', { exact: true }).selectOption('UTC');
    for (const day of ['Saturday', 'Sunday']) await page.getByRole('button', { name: `Add hours on ${day}` }).click();
    for (const day of WEEKDAYS) {
      await page.getByLabel(`${day} from`, { exact: true }).fill('00:00');
      await page.getByLabel(`${day} until`, { exact: true }).fill('24:00');
    }
    await page.getByLabel('High: take within, hours').fill('1');
    await page.getByLabel('High: take within, minutes').fill('0');
    await page.getByLabel('High: close within, hours').fill('4');
    await page.getByLabel('Warn at this share of the time used (%)').fill('50');
    await visible(page.getByText(/^A high ticket raised now must be taken by \w{3} \d{2}:\d{2}, closed by \w{3} \d{2}:\d{2}\.$/));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(toastWith(page, 'Service levels saved.').or(page.getByText('Service levels are on: every open ticket has its deadlines.')));
    const saved = (await j.api.ok('GET', '/sla', { token: world.admin.token })).data;
    expect(saved).toMatchObject({ timezone: 'UTC', warn_percent: 50, targets: { high: { respond_minutes: 60, resolve_minutes: 240 } } });
    expect(saved.week.sun).toEqual([['00:00', '24:00']]);
  });

  test('a high ticket goes from on track to due soon to breached on its card as the clock moves, with no reload', async () => {
    await seedTicket(j.api, world, world.support, TITLE, 'high');
    await page.goto('/admin/tickets?view=cards');
    const badge = slaOnCard(page);
    await visible(badge);
    await expect.poll(() => badge.getAttribute('data-state')).toBe('on_track');
    expect(await shownWords(badge)).toMatch(/^Due in (59|60) min$|^Due in 1 h$/);

    await j.advanceClock(35 * MINUTE);
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: SWEEP_MS }).toBe('due_soon');
    expect(await shownWords(badge)).toMatch(/^Due soon: \d+ min$/);
    await j.screenshot(page, 'card-due-soon');

    await j.advanceClock(30 * MINUTE);
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: SWEEP_MS }).toBe('breached');
    expect(await shownWords(badge)).toMatch(/^Breached/);
    // Words and an icon, not colour alone.
    expect(await badge.locator('svg').count()).toBe(1);
    await j.screenshot(page, 'card-breached');
  });

  test('the Breached chip and the dashboard tile find it', async () => {
    const chips = page.getByRole('group', { name: 'Filter by service level' });
    await chips.getByRole('button', { name: 'Breached' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sla')).toBe('breached');
    await visible(page.getByRole('article').filter({ hasText: TITLE }));
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.goto('/admin');
    const tile = page.getByRole('group', { name: 'Breached', exact: true });
    await expect.poll(async () => (await tile.innerText()).replace('Breached', '').trim()).toBe('1');
  });

  test('fits and axe finds nothing at 1280, 1024 and 390 px, light and dark: the policy, a card, a row, the ticket page, the board', async () => {
    const number = (await j.api.ok('GET', '/tickets?q=Payroll&limit=1', { token: world.admin.token })).data.list[0].number as string;
    const screens = [
      { name: 'sla', path: '/admin/sla', ready: (view: Page) => view.getByText(/^A high ticket raised now/) },
      { name: 'card', path: '/admin/tickets?view=cards&sla=breached', ready: (view: Page) => view.getByRole('article').locator('[data-state="breached"]') },
      { name: 'row', path: '/admin/tickets?view=table&sla=breached', ready: (view: Page) => view.getByRole('row').locator('[data-state="breached"]') },
      // The colour rules only: the comment composer's textarea carries aria-expanded (issue 21's mentions), a finding of its own.
      { name: 'ticket', path: `/admin/ticket/${number}`, ready: (view: Page) => view.getByText('Take by'), rules: 'colour' as const },
      { name: 'board', path: '/admin/board', ready: (view: Page) => view.getByRole('list', { name: /^Open and assigned/ }).locator('[data-state="breached"]') },
    ];
    for (const { name, viewport } of WIDTHS) {
      const view = await j.newPage({ viewport, copyStorageFrom: page });
      for (const shown of screens) {
        await view.emulateMedia({ colorScheme: 'light' });
        await view.goto(shown.path);
        await visible(shown.ready(view).first());
        expect(await view.evaluate(() => document.documentElement.scrollWidth), `${shown.name} ${name} px`).toBeLessThanOrEqual(viewport.width);
        await j.screenshot(view, `${shown.name}-${name}-light`);
        expect(describeViolations(`${shown.name} ${name} light`, (await axeScan(view, shown.rules ?? 'all')).violations)).toBe('');
        await view.emulateMedia({ colorScheme: 'dark' });
        await expect.poll(() => view.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await j.screenshot(view, `${shown.name}-${name}-dark`);
        expect(describeViolations(`${shown.name} ${name} dark`, (await axeScan(view, 'colour')).violations)).toBe('');
      }
    }
  });
});
