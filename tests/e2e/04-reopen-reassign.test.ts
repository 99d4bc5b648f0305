/**
 * Journey 4: support reopens a closed ticket; the admin assigns the other developer, removes the
 * developer, and closes it.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN, CAST, LOG_LINE, card, dialogWith, gone, journeyDescribe, logLines, setupJourney, signIn, statusText, toastWith, toggle,
  visible, waitForPath,
} from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const TITLE = 'Promo code rejected';

journeyDescribe('journey 4: reopen, reassign, remove developer, close', () => {
  const j = setupJourney('04-reopen-reassign');
  let world: World;
  let number: string;
  let admin: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, TITLE)).number;
    // Journey 3's outcome: the first developer took it and closed it.
    await j.api.patchTicket(world.dev1.token, number, { status: 'assigned', developer_id: world.dev1.id });
    await j.api.patchTicket(world.dev1.token, number, { status: 'closed' });
  });

  test('support reopens the closed ticket after a confirmation', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await toggle(page, 'My Tickets').click();
    await card(page, TITLE).click();
    await waitForPath(page, `/support/ticket-details/${number}`);
    await visible(statusText(page, 'closed'));
    await j.screenshot(page, 'support-closed-ticket');

    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const dialog = await visible(dialogWith(page, 'Are you sure you want to open ticket?'));
    await j.screenshot(page, 'reopen-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await gone(dialog);
    await visible(toastWith(page, 'Ticket reopened successfully'));
    await waitForPath(page, `/support/ticket-details/${number}`);
    await visible(statusText(page, '(re)?opened'));
    await j.screenshot(page, 'support-reopened');
  });

  test('the admin assigns the other developer through the Assign dialog', async () => {
    admin = await j.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.getByRole('link', { name: 'Tickets', exact: true }).first().click();
    await waitForPath(admin, '/admin/tickets');
    await card(admin, TITLE).click();
    await waitForPath(admin, `/admin/ticket/${number}`);
    const crumbs = admin.getByRole('navigation', { name: /breadcrumb/i });
    await visible(crumbs.getByRole('link', { name: 'Tickets' }));
    await visible(crumbs.getByText('Ticket Details', { exact: true }));
    await j.screenshot(admin, 'admin-details-opened');

    await admin.getByRole('button', { name: 'Assign', exact: true }).click();
    const dialog = await visible(admin.getByRole('dialog'));
    const select = dialog.getByLabel('Developer');
    await visible(select);
    const options = await select.locator('option').allTextContents();
    expect(options.join('|')).toContain(CAST.dev1.first_name);
    expect(options.join('|')).toContain(CAST.dev2.first_name);
    await select.selectOption({ label: `${CAST.dev2.first_name} ${CAST.dev2.last_name}` });
    await j.screenshot(admin, 'assign-dialog');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await gone(dialog);
    await visible(toastWith(admin, 'Ticket assigned successfully'));
    await waitForPath(admin, `/admin/ticket/${number}`);
    await visible(statusText(admin, 'assigned'));
    await visible(admin.getByRole('definition').filter({ hasText: CAST.dev2.first_name }));
    await j.screenshot(admin, 'admin-assigned');
  });

  test('the admin removes the developer: the ticket stays assigned, with no developer', async () => {
    await admin.getByRole('button', { name: /remove developer/i }).click();
    const dialog = await visible(dialogWith(admin, 'Are you sure you want remove developer?'));
    await visible(dialog.getByText("This ticket won't be assigned anymore.", { exact: true }));
    await j.screenshot(admin, 'remove-developer-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await gone(dialog);
    await visible(toastWith(admin, 'Developer removed successfully'));
    await visible(statusText(admin, 'assigned'));
    await expect.poll(() => admin.getByRole('definition').filter({ hasText: CAST.dev2.first_name }).count()).toBe(0);
    await j.screenshot(admin, 'admin-developer-removed');
  });

  test('the admin closes it; the log tells the whole story', async () => {
    await admin.getByRole('button', { name: 'Close Ticket' }).click();
    const dialog = await visible(dialogWith(admin, 'Are you sure you want to close this ticket?'));
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await gone(dialog);
    await visible(toastWith(admin, 'Ticket closed successfully'));
    await visible(statusText(admin, 'closed'));
    // A closed ticket offers Open to the admin.
    await visible(admin.getByRole('button', { name: 'Open', exact: true }));

    const lines = await logLines(admin, 6);
    for (const line of lines) expect(line).toMatch(LOG_LINE);
    const steps = lines.map((line) => line.replace(/ ticket at .*$/, ''));
    const s = CAST.support.first_name;
    const d1 = CAST.dev1.first_name;
    const a = ADMIN.firstName;
    for (const step of [`@${s}: opened`, `@${d1}: assigned`, `@${d1}: closed`, `@${s}: opened`, `@${a}: assigned`, `@${a}: closed`]) {
      expect(steps).toContain(step);
    }
    expect(steps.filter((step) => step === `@${s}: opened`)).toHaveLength(2);
    await j.screenshot(admin, 'admin-closed-log');
  });
});
