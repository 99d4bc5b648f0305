/**
 * Journey 15: keyboard only. Sign in, create a ticket, confirm a dialog, a form dialog after a
 * failed mouse submit, the phone drawer (with and without reduced motion), the account menu and the shortcuts list — with the
 * focused element (its role and accessible name) asserted at every step. Then the look: status
 * and priority side by side, and the staff table at every width from 320 to 1920 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, CAST, dialogWith, gone, journeyDescribe, settled, setupJourney, STEP_TIMEOUT_MS, toastWith, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld } from './seed.ts';

const PHONE = { width: 390, height: 844 };
/** Enough Tab presses to cross any of our pages' headers and toolbars. */
const MAX_TABS = 40;

/** What has focus, for failure messages: tag, role and text. */
function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()} role=${el.getAttribute('role')}> ${label}`;
  });
}

const isFocused = (locator: Locator) => locator.first().evaluate((el) => el === document.activeElement).catch(() => false);

/** Waits until the element (found by role and accessible name) has focus. */
async function expectFocus(page: Page, locator: Locator, what: string): Promise<void> {
  const focused = await expect
    .poll(() => isFocused(locator), { timeout: STEP_TIMEOUT_MS })
    .toBe(true)
    .then(() => true, () => false);
  if (!focused) expect.fail(`focus should be on ${what}, is on ${await focusedDescription(page)}`);
}

/** Presses Tab (or Shift+Tab) until the element has focus; fails after MAX_TABS presses. */
async function tabTo(page: Page, locator: Locator, what: string, key = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(locator)) return presses;
  }
  return expect.fail(`${MAX_TABS} × ${key} never reached ${what}; focus is on ${await focusedDescription(page)}`);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

journeyDescribe('journey 15: keyboard only', () => {
  const j = setupJourney('15-keyboard');

  beforeAll(async () => {
    const world = await seedWorld(j.api);
    await j.api.createCategory(world.admin.token, 'Devices');
    await seedTicket(j.api, world, world.support, 'Refund stuck in review', 'medium');
    const assigned = await seedTicket(j.api, world, world.support, 'Courier map is blank', 'high');
    await j.api.patchTicket(world.admin.token, assigned.number, { status: 'assigned', developer_id: world.dev1.id });
    await seedTicket(j.api, world, world.support, 'Typo on the receipt', 'low');
  });

  test('sign in: the fields are the first stops, Enter signs in, focus lands on the page heading', async () => {
    const page = await j.newPage();
    await page.goto('/');
    // On a first visit the sign-in screen waits for GET /auth/methods (at most 1.5 s) before its first paint.
    await expect.poll(() => page.title()).toBe('Sign in · Helpdesk');
    await visible(page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.press('Tab');
    await expectFocus(page, page.getByRole('textbox', { name: 'Email' }), 'the Email field');
    await page.keyboard.type(CAST.support.email);
    await page.keyboard.press('Tab');
    await expectFocus(page, page.getByLabel('Password'), 'the Password field');
    await page.keyboard.type(CAST.support.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/support');
    await expectFocus(page, heading(page, 'Tickets'), 'the "Tickets" heading');
    expect(await page.title()).toBe('Tickets · Helpdesk');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Tickets$/ }).count()).toBe(1);

    // A fresh load: the skip link is the first stop and leads into the content.
    await page.reload();
    await visible(heading(page, 'Tickets'));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expectFocus(page, skip, 'the skip link');
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await j.screenshot(page, 'skip-link');
    await page.keyboard.press('Enter');
    await expectFocus(page, page.getByRole('main'), 'the main content');
  });

  test("create a ticket: 'c', the fields in order, Enter sends; focus lands on the list's heading", async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, CAST.support.email, CAST.support.password);
    await expectFocus(page, heading(page, 'Tickets'), 'the "Tickets" heading');

    await page.keyboard.press('c');
    await waitForPath(page, '/support/create-ticket');
    await expectFocus(page, heading(page, 'Create a Ticket'), 'the "Create a Ticket" heading');
    expect(await page.title()).toBe('Create ticket · Helpdesk');
    for (const name of ['App', 'Service', 'Category', 'Priority']) {
      await tabTo(page, page.getByRole('combobox', { name }), `the ${name} select`);
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Tab');
    await expectFocus(page, page.getByRole('textbox', { name: 'Title' }), 'the Title field');
    await page.keyboard.type('Keyboard-only ticket');
    await page.keyboard.press('Tab');
    await expectFocus(page, page.getByRole('textbox', { name: 'Description' }), 'the Description field');
    await page.keyboard.type('Made without touching the mouse, start to end.');
    const submit = page.getByRole('button', { name: /^(Create|Submit|Save)/ });
    await tabTo(page, submit, 'the submit button');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/support');
    await expectFocus(page, heading(page, 'Tickets'), 'the "Tickets" heading');
    await visible(page.getByRole('link', { name: 'Keyboard-only ticket' }));
  });

  test('confirm a dialog: focus goes in, Escape gives it back, Yes deletes and focus lands on the heading', async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    await page.keyboard.press('Tab');
    await tabTo(page, page.getByRole('link', { name: 'Categories', exact: true }), 'the Categories link');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin/category');
    await expectFocus(page, heading(page, 'Categories'), 'the "Categories" heading');

    const remove = page.getByRole('button', { name: 'Delete Accounts' });
    await tabTo(page, remove, '"Delete Accounts"');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expectFocus(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel in the confirmation');
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expectFocus(page, remove, '"Delete Accounts" again');

    await page.keyboard.press('Enter');
    await expectFocus(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel in the confirmation');
    await page.keyboard.press('Tab');
    await expectFocus(page, dialog.getByRole('button', { name: 'Yes' }), 'Yes');
    await page.keyboard.press('Tab');
    await expectFocus(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel (Tab stays in the dialog)');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await gone(dialog);
    await gone(remove);
    // The opener is gone with its row: focus goes to the page's heading, not to <body>.
    await expectFocus(page, heading(page, 'Categories'), 'the "Categories" heading');
  });

  test('a form dialog whose mouse submit failed on the server still answers Escape and keeps Tab inside', async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/category');
    const edit = page.getByRole('button', { name: 'Edit Payments' });
    await visible(edit);
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = dialogWith(page, 'Edit Category');
    await visible(dialog);
    const name = dialog.getByLabel('Category name');
    await name.fill('Devices');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(page, 'This category already exists.'));
    await visible(dialog);
    await j.screenshot(page, 'failed-submit');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Tab stays in the dialog; focus is on ${await focusedDescription(page)}`).toBe(true);
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expectFocus(page, edit, '"Edit Payments", which opened the dialog');
  });

  test('the phone drawer: focus goes in, Tab stays in, Escape closes it and focus returns to the menu button', async () => {
    const page = await j.newPage({ viewport: PHONE });
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    const toggle = page.getByRole('button', { name: 'Open navigation' });
    await tabTo(page, toggle, 'the menu button');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await expectFocus(page, drawer.getByRole('button', { name: 'Close navigation' }), 'Close navigation');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await j.screenshot(page, 'drawer-open');
    await tabTo(page, drawer.getByRole('button', { name: 'Logout' }), 'Logout');
    await page.keyboard.press('Tab');
    await expectFocus(page, drawer.getByRole('button', { name: 'Close navigation' }), 'Close navigation (Tab wraps)');
    await page.keyboard.press('Escape');
    await expectFocus(page, toggle, 'the menu button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    await expectFocus(page, drawer.getByRole('button', { name: 'Close navigation' }), 'Close navigation');
    await tabTo(page, drawer.getByRole('link', { name: 'Staff', exact: true }), 'the Staff link');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/admin/staff');
    await expectFocus(page, heading(page, 'Staff'), 'the "Staff" heading');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test('the phone drawer with reduced motion: focus goes in all the same, by keyboard and by tap', async () => {
    const page = await j.newPage({ viewport: PHONE });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    const toggle = page.getByRole('button', { name: 'Open navigation' });
    const close = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Close navigation' });
    await tabTo(page, toggle, 'the menu button');
    await page.keyboard.press('Enter');
    await expectFocus(page, close, 'Close navigation');
    await page.keyboard.press('Escape');
    await expectFocus(page, toggle, 'the menu button');
    await toggle.click();
    await expectFocus(page, close, 'Close navigation (opened by a tap)');
  });

  test('the account menu: arrows, Home/End, Escape; a dialog from it gives focus back to the menu button', async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, CAST.dev1.email, CAST.dev1.password);
    const button = page.getByRole('button', { name: 'Account menu' });
    await tabTo(page, button, 'the account menu button');
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    const item = (name: string) => page.getByRole('menuitem', { name });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, item('Edit profile'), 'Edit profile');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, item('Change password'), 'Change password');
    await page.keyboard.press('End');
    await expectFocus(page, item('Log out'), 'Log out');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, item('Edit profile'), 'Edit profile (wrapped)');
    await page.keyboard.press('ArrowUp');
    await expectFocus(page, item('Log out'), 'Log out (wrapped)');
    await page.keyboard.press('Home');
    await expectFocus(page, item('Edit profile'), 'Edit profile');
    await page.keyboard.press('Escape');
    await gone(page.getByRole('menu'));
    await expectFocus(page, button, 'the account menu button');

    await page.keyboard.press('ArrowUp');
    await expectFocus(page, item('Log out'), 'Log out (ArrowUp opens on the last item)');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expectFocus(page, item('Edit profile'), 'Edit profile (Enter opens on the first item)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await visible(dialog);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await gone(dialog);
    await expectFocus(page, button, 'the account menu button');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await gone(page.getByRole('menu'));

    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(shortcuts);
    await j.screenshot(page, 'shortcuts');
    await page.keyboard.press('Escape');
    await gone(shortcuts);
  });

  test('status and priority look different: screenshots of the cards at 1280, 900 and 390 px', async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/tickets');
    await visible(page.getByRole('link', { name: 'Courier map is blank' }));
    const assigned = page.locator('[data-kind="status"]', { hasText: 'assigned' }).first();
    const medium = page.locator('[data-kind="priority"]', { hasText: 'medium' }).first();
    const look = (locator: Locator) => locator.evaluate((el) => `${getComputedStyle(el).borderRadius} ${getComputedStyle(el).borderStyle} ${el.querySelector('svg') ? 'icon' : 'dot'}`);
    expect(await look(assigned)).not.toBe(await look(medium));
    for (const width of [1280, 900, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page); // the navigation slides away when the width crosses the phone breakpoint
      await j.screenshot(page, `pills-${width}`);
    }
  });

  test('the staff table fits or stacks at every width from 320 to 1920 px: Role, Last seen and Actions on screen', async () => {
    const page = await j.newPage();
    await signInByKeyboard(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/staff');
    const row = page.getByRole('row').filter({ hasText: CAST.support.email });
    await visible(row);
    for (const width of [320, 390, 600, 768, 900, 1024, 1100, 1280, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      const cells = ['Role', 'Last seen', 'Actions'].map((label) => row.locator(`[data-label="${label}"]`));
      for (const cell of cells) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, `${await cell.getAttribute('data-label')} at ${width} px ends on screen`).toBeLessThanOrEqual(width);
      }
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && !['visible', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX))
          .map((el) => `${el.tagName}.${el.className} ${el.scrollWidth}>${el.clientWidth}`),
      );
      expect(sideways, `sideways scrolls at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
      if ([1280, 900, 390].includes(width)) await j.screenshot(page, `staff-${width}`);
    }
  });
});

/** Signs in with the keyboard alone: Tab to Email, type, Tab, type, Enter. */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await visible(page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await waitForPath(page, /^\/(admin|support|developer)/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
