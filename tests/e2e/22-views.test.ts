/**
 * Journey 22: saved views. A super narrows the list by its URL (low priority, oldest first, the
 * table), saves it as a shared view from "Save view", and reopens it from the navigation with its
 * count; a developer finds the shared view behind the header's Views button, opens it in their
 * own list, and renames and deletes a view of their own; built-in views count too. The navigation
 * and dialog fit and axe finds nothing at 1280, 1024 and 390 px, in light and dark.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations, expectNoViolationsInBothThemes } from './axe.ts';
import { ADMIN, CAST, expectFitsWidth, gone, journeyDescribe, setupJourney, signIn, toastWith, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const views = (page: Page) => nav(page).getByRole('list', { name: 'Views' });
const link = (page: Page, name: string) => views(page).getByRole('link', { name: new RegExp(`^${name}`) });

journeyDescribe('journey 22: saved views', () => {
  const j = setupJourney('22-views');
  let world: World;
  let admin: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    for (const title of ['Receipt font too small', 'Footer typo', 'Old banner colour']) await seedTicket(j.api, world, world.support, title, 'low');
    await seedTicket(j.api, world, world.support, 'Checkout crashes', 'high');
    const assigned = await seedTicket(j.api, world, world.support, 'Payment declined twice', 'high');
    await j.api.patchTicket(world.admin.token, assigned.number, { status: 'assigned', developer_id: world.dev1.id });
  }, 60_000);

  test('a super saves the list as a shared view and reopens it from the navigation', async () => {
    admin = await j.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    // Built-in views count from the start: four opened tickets have no developer.
    await expect.poll(() => link(admin, 'Unassigned').textContent()).toBe('Unassigned, 4 tickets');

    await admin.goto('/admin/tickets?priority=low&sort=oldest&view=table');
    await visible(admin.getByRole('row', { name: /Receipt font too small/ }));
    await admin.getByRole('button', { name: 'Save view' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Save view' });
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await admin.keyboard.type('Low priority');
    await dialog.getByRole('switch', { name: 'Share with everyone' }).click();
    await j.screenshot(admin, 'save-dialog-1280');
    expect(describeViolations('save dialog', (await axeScan(admin)).violations)).toBe('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(admin, 'View saved'));
    await expect.poll(() => link(admin, 'Low priority').textContent()).toBe('Low priority, shared, 3 tickets');
    expect(await link(admin, 'Low priority').getAttribute('aria-current')).toBe('page');

    await nav(admin).getByRole('link', { name: 'Home', exact: true }).click();
    await waitForPath(admin, '/admin');
    await link(admin, 'Low priority').click();
    await waitForPath(admin, '/admin/tickets');
    expect(new URL(admin.url()).search).toBe('?priority=low&sort=oldest&view=table');
    // Oldest first, in the table, only the three low ones.
    const rows = admin.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(1 + 3);
    await expect.poll(() => rows.nth(1).textContent()).toContain('Receipt font too small');
    await j.screenshot(admin, 'view-opened-1280');
  });

  test('a developer opens the shared view from the header, and keeps, renames and deletes one of their own', async () => {
    const dev = await j.newPage();
    await signIn(dev, CAST.dev1.email, CAST.dev1.password);
    await waitForPath(dev, '/developer');
    const toggle = dev.getByRole('button', { name: 'Views' });
    await toggle.click();
    await expect.poll(() => link(dev, 'My open work').textContent()).toBe('My open work, 1 ticket');
    await expect.poll(() => link(dev, 'Low priority').textContent()).toBe('Low priority, shared, 3 tickets');
    expect(await views(dev).getByRole('button', { name: /Actions for/ }).count()).toBe(0);
    await link(dev, 'Low priority').click();
    await expect.poll(() => new URL(dev.url()).search).toBe('?tab=all&priority=low&sort=oldest&view=table');
    await visible(dev.getByRole('row', { name: /Old banner colour/ }));

    await dev.goto('/developer?tab=all&priority=high');
    await dev.getByRole('button', { name: 'Save view' }).click();
    await dev.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill('Urgent');
    await dev.keyboard.press('Enter');
    await visible(toastWith(dev, 'View saved'));
    await toggle.click();
    await expect.poll(() => link(dev, 'Urgent').textContent()).toBe('Urgent, 2 tickets');
    await j.screenshot(dev, 'developer-views-1280');
    await expectNoViolationsInBothThemes(dev, 'developer views panel');

    await views(dev).getByRole('button', { name: 'Actions for the view Urgent' }).click();
    await dev.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = dev.getByRole('dialog', { name: 'Rename view' });
    await rename.getByLabel('Name').fill('Hot');
    await rename.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(dev, 'View renamed'));
    await visible(link(dev, 'Hot'));
    await views(dev).getByRole('button', { name: 'Actions for the view Hot' }).click();
    await dev.getByRole('menuitem', { name: 'Delete' }).click();
    await dev.getByRole('alertdialog', { name: 'Delete the view “Hot”?' }).getByRole('button', { name: 'Delete' }).click();
    await visible(toastWith(dev, 'View deleted'));
    await gone(link(dev, 'Hot'));
  });

  test('fits and axe finds nothing at 1280, 1024 and 390 px, light and dark', async () => {
    for (const { name, viewport } of WIDTHS) {
      const page = await j.newPage({ viewport, copyStorageFrom: admin });
      await page.goto('/admin/tickets?priority=low&sort=oldest&view=table');
      await visible(page.getByRole('button', { name: 'Save view' }));
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect.poll(() => link(page, 'Low priority').textContent()).toBe('Low priority, shared, 3 tickets');
      await expectFitsWidth(page, viewport.width, `${name} px`);
      await j.screenshot(page, `admin-views-${name}`);
      await expectNoViolationsInBothThemes(page, `admin views ${name}`);
      if (viewport.width < 768) {
        // On the phone, a view opens from the drawer, which then closes.
        await link(page, 'Unassigned').click();
        await expect.poll(() => new URL(page.url()).search).toBe('?status=opened&developer_id=none');
        await expect.poll(() => nav(page).isVisible()).toBe(false);
      }
    }
    const phone = await j.newPage({ viewport: WIDTHS[2].viewport });
    await signIn(phone, CAST.dev1.email, CAST.dev1.password);
    await waitForPath(phone, '/developer');
    await phone.getByRole('button', { name: 'Views' }).click();
    await visible(link(phone, 'Low priority'));
    await expectFitsWidth(phone, 390, 'developer 390 px');
    const box = await phone.locator('[aria-controls]').filter({ hasText: 'Views' }).evaluate((button) => document.getElementById(button.getAttribute('aria-controls')!)!.getBoundingClientRect().toJSON());
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    await j.screenshot(phone, 'developer-views-390');
    await expectNoViolationsInBothThemes(phone, 'developer views 390');
  });
});
