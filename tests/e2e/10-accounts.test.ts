/**
 * Journey 10 (issue 5): the admin manages the team on /admin/staff (search, reset a password,
 * delete an account); every role edits its profile and changes its password from the header
 * menu; a support user closes a ticket from its card.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN, CAST, GREEN, backgroundOf, card, dialogWith, gone, journeyDescribe, pathOf, setupJourney, signIn, toastWith,
  toggle, visible, waitForPath,
} from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const TITLE = 'Refund stuck in pending';
const DOOMED = { first_name: 'Zoe', last_name: 'Leaving', email: 'zoe@helpdesk.test', role: 'support', password: 'Zoe-pass-123' } as const;

journeyDescribe('journey 10: staff accounts, profiles and passwords', () => {
  const j = setupJourney('10-accounts');
  let world: World;
  let number: string;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    await j.api.createAccount(world.admin.token, DOOMED);
    number = (await seedTicket(j.api, world, world.support, TITLE)).number;
    await j.api.patchTicket(world.dev1.token, number, { status: 'assigned', developer_id: world.dev1.id });
  });

  const staffRow = (page: Page, firstName: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: firstName, exact: true }) });

  test('the admin searches staff, resets a password and deletes an account; super rows have no actions', async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Staff', exact: true }).first().click();
    await waitForPath(page, '/admin/staff');
    await visible(staffRow(page, DOOMED.first_name));
    // innerText is what a person reads: it shows any CSS case change, which product.md#tables headers must not have.
    expect(await page.getByRole('columnheader').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText))).toEqual([
      'ID', 'First Name', 'Last Name', 'Email', 'Role', 'Last seen', 'Actions',
    ]);
    expect(await staffRow(page, ADMIN.firstName).getByRole('button').count()).toBe(0);

    const search = page.getByLabel('Search by first name');
    await search.fill(CAST.dev2.first_name);
    await expect.poll(() => page.getByRole('row').filter({ has: page.getByRole('cell') }).count()).toBe(1);
    await visible(staffRow(page, CAST.dev2.first_name));
    await j.screenshot(page, 'staff-search');

    const newPassword = 'Omar-new-pass-9';
    await page.getByRole('button', { name: `Change password of ${CAST.dev2.first_name}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Change password' }));
    for (const [label, value] of [['New password', newPassword], ['Confirm new password', newPassword]]) {
      const input = dialog.getByLabel(label!, { exact: true });
      await input.fill(value!);
      expect(await input.getAttribute('type')).toBe('text'); // clear text (product.md#validation-account)
    }
    await j.screenshot(page, 'staff-reset-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await gone(dialog);
    expect(await backgroundOf(await visible(toastWith(page, 'Password changed successfully')))).toBe(GREEN);

    const omar = await j.newPage();
    await signIn(omar, CAST.dev2.email, newPassword);
    expect(pathOf(omar)).toBe('/developer');

    await search.fill('');
    await page.getByRole('button', { name: `Delete ${DOOMED.first_name}` }).click();
    const confirm = await visible(dialogWith(page, 'Are you sure you want to delete this account?'));
    await visible(confirm.getByText('This action cannot be undone. This will permanently delete the account.', { exact: true }));
    await j.screenshot(page, 'staff-delete-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await gone(confirm);
    await gone(staffRow(page, DOOMED.first_name));
    await visible(staffRow(page, CAST.support.first_name));
  });

  test('support closes its assigned ticket from the card in My Tickets', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await toggle(page, 'My Tickets').click();
    const article = page.getByRole('article').filter({ has: card(page, TITLE) });
    const close = await visible(article.getByRole('button', { name: 'Close Ticket' }));
    const [r, g, b] = (await backgroundOf(close)).match(/\d+/g)!.map(Number);
    expect(r! > 180 && g! < 90 && b! < 90, 'the Close Ticket button is red').toBe(true);
    await close.click();
    const confirm = await visible(dialogWith(page, 'Are you sure you want to close this ticket?'));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await gone(confirm);
    await visible(toastWith(page, 'Ticket closed successfully'));
    await visible(article.getByText(/^closed$/i));
    expect(await article.getByRole('button', { name: 'Close Ticket' }).count()).toBe(0);
    await j.screenshot(page, 'support-card-closed');
  });

  async function accountMenu(page: Page, item: 'Edit profile' | 'Change password' | 'Log out') {
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  // Each starts away from its area's home: support and developer are sent home after a profile
  // update (product.md#auth-flow), the admin stays put.
  const ROLES = [
    { role: 'super', email: ADMIN.email, password: ADMIN.password, area: '/admin', newName: 'Adele' },
    { role: 'support', email: CAST.support.email, password: CAST.support.password, area: '/support', newName: 'Samira' },
    { role: 'developer', email: CAST.dev1.email, password: CAST.dev1.password, area: '/developer', newName: 'Dinah' },
  ] as const;

  for (const who of ROLES) {
    test(`${who.role}: edits the profile and changes the password from the header menu`, async () => {
      const page = await j.newPage();
      await signIn(page, who.email, who.password);
      const start = who.role === 'super' ? '/admin/staff' : `${who.area}/ticket-details/${number}`;
      await page.goto(start);
      await visible(who.role === 'super' ? page.getByLabel('Search by first name') : page.getByText(TITLE));
      const header = page.getByRole('banner');

      await accountMenu(page, 'Edit profile');
      const profile = await visible(page.getByRole('dialog', { name: 'Edit profile' }));
      await profile.getByLabel('First name', { exact: true }).fill(who.newName);
      await profile.getByRole('button', { name: 'Save' }).click();
      await gone(profile);
      await visible(header.getByText(who.newName, { exact: true }));
      if (who.role === 'super') expect(pathOf(page)).toBe(start);
      else await waitForPath(page, who.area);
      await j.screenshot(page, `${who.role}-profile-updated`);

      const newPassword = `${who.newName}-new-pass-1`;
      await accountMenu(page, 'Change password');
      const dialog = await visible(page.getByRole('dialog', { name: 'Change password' }));
      await dialog.getByLabel('Old password', { exact: true }).fill(who.password);
      await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
      await dialog.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}-typo`);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await visible(dialog.getByText('Confirm password does not match', { exact: true }));
      await j.screenshot(page, `${who.role}-password-mismatch`);
      await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await gone(dialog);
      expect(await backgroundOf(await visible(toastWith(page, 'Password changed successfully')))).toBe(GREEN);

      await accountMenu(page, 'Log out');
      await waitForPath(page, '/');
      await signIn(page, who.email, newPassword);
      expect(pathOf(page)).toBe(who.area);
      await visible(header.getByText(who.newName, { exact: true }));
    });
  }
});
