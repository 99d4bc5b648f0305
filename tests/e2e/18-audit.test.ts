/**
 * Journey 18: the audit log. A super renames a category in the UI, opens Audit log from the
 * navigation and finds the change (who, what, Hardware → Devices, the address) at the top, among
 * the set-up changes made through the API; filters by kind and person (the URL follows, Back
 * too); the page fits and axe finds nothing at 1280, 1024 and 390 px, in light and dark.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { ADMIN, CAST, journeyDescribe, setupJourney, signIn, toastWith, visible, waitForPath } from './harness.ts';
import { seedWorld, type World } from './seed.ts';

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const params = (page: Page) => new URL(page.url()).searchParams;

journeyDescribe('journey 18: the audit log', () => {
  const j = setupJourney('18-audit');
  let world: World;
  let page: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    await j.api.createCategory(world.admin.token, 'Hardware');
  }, 60_000);

  test('a category renamed in the UI shows at the top of /admin/audit', async () => {
    page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories', exact: true }).click();
    await waitForPath(page, '/admin/category');
    await page.getByRole('button', { name: 'Edit Hardware' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category name').fill('Devices');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(page, 'Category updated successfully'));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await waitForPath(page, '/admin/audit');
    const table = page.getByRole('table', { name: 'Audit log, newest first' });
    const first = table.getByRole('row').nth(1);
    await expect.poll(() => first.innerText()).toMatch(/Ada User\s+Category renamed\s+Devices\s+Name: Hardware → Devices\s+127\.0\.0\.1/);
    // The set-up through the API: two categories, two services, three accounts, and one more category.
    await visible(table.getByRole('cell', { name: `${CAST.dev2.first_name} ${CAST.dev2.last_name} (${CAST.dev2.email})` }));
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 9);
    await j.screenshot(page, 'audit-1280');
  });

  test('filters by kind and person live in the URL; Back returns', async () => {
    await page.getByLabel('Change', { exact: true }).selectOption('account');
    await expect.poll(() => params(page).get('kind')).toBe('account');
    const table = page.getByRole('table', { name: 'Audit log, newest first' });
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 3);
    await page.getByLabel('Person', { exact: true }).selectOption({ label: `${ADMIN.firstName} User` });
    await expect.poll(() => params(page).get('actor_id')).toBe(String(world.admin.id));
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 3);
    await page.goBack();
    await expect.poll(() => params(page).get('actor_id')).toBe(null);
    await page.goBack();
    await expect.poll(() => params(page).get('kind')).toBe(null);
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 9);
  });

  test('fits and axe finds nothing at 1280, 1024 and 390 px, light and dark', async () => {
    for (const { name, viewport } of WIDTHS) {
      const view = await j.newPage({ viewport, copyStorageFrom: page });
      await view.goto('/admin/audit');
      await visible(view.getByText('Name: Hardware → Devices'));
      expect(await view.evaluate(() => document.documentElement.scrollWidth), `${name} px`).toBeLessThanOrEqual(viewport.width);
      await j.screenshot(view, `audit-${name}-light`);
      expect(describeViolations(`audit ${name} light`, (await axeScan(view)).violations)).toBe('');
      await view.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => view.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await j.screenshot(view, `audit-${name}-dark`);
      expect(describeViolations(`audit ${name} dark`, (await axeScan(view)).violations)).toBe('');
    }
  });
});
