/**
 * Journey 14: bulk actions in the work queue's table view. The admin selects rows (Space on a
 * checkbox, a shift-click range, one more click), closes them with one confirmation, sees what
 * was skipped, then selects "all matching" across two pages and closes them all. Each ticket
 * shows Closed and its own log line. Screenshots at 1280 and 390 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, LOG_LINE, dialogWith, journeyDescribe, logLines, setupJourney, signIn, statusText, toastWith, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';
import { axeScan, describeViolations } from './axe.ts';

/** More than one page (the client asks for 50 at a time). */
const BRAVO = 60;
const ALPHA = 4;
const PHONE = { width: 390, height: 844 };

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const rowBox = (page: Page, number: string) => page.getByRole('checkbox', { name: new RegExp(`^Select ${number} `) });

journeyDescribe('journey 14: bulk actions', () => {
  const j = setupJourney('14-bulk');
  let world: World;
  let page: Page;
  const alpha: string[] = [];
  let alphaClosed: string;
  let bravo: string;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    for (let i = 1; i <= ALPHA; i++) alpha.push((await seedTicket(j.api, world, world.support, `Alpha printer ${i}`)).number);
    alphaClosed = (await seedTicket(j.api, world, world.support, 'Alpha printer done')).number;
    await j.api.patchTicket(world.admin.token, alphaClosed, { status: 'closed' });
    for (let i = 1; i <= BRAVO; i++) bravo = (await seedTicket(j.api, world, world.support, `Bravo scanner ${String(i).padStart(2, '0')}`, 'low')).number;
  }, 120_000);

  test('a selection made with Space, a shift-click range and a click closes with one confirmation; skipped tickets are listed', async () => {
    page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/tickets?q=alpha&status=opened,closed&view=table');
    await visible(rowBox(page, alphaClosed));
    // Newest first: the closed one, then Alpha 4 … 1.
    await rowBox(page, alpha[3]!).focus();
    await page.keyboard.press('Space');
    await visible(bar(page).getByText('1 selected'));
    await rowBox(page, alpha[1]!).click({ modifiers: ['Shift'] });
    await visible(bar(page).getByText('3 selected'));
    expect(await rowBox(page, alpha[2]!).isChecked()).toBe(true);
    await rowBox(page, alphaClosed).click();
    await visible(bar(page).getByText('4 selected'));
    // Only what can change one of them: none of these has a developer to remove.
    expect(await bar(page).getByRole('button').allInnerTexts()).toEqual(['Assign', 'Close', 'Reopen', 'Clear selection']);
    await j.screenshot(page, 'selection-1280');
    expect(describeViolations('bulk selection', (await axeScan(page)).violations)).toBe('');

    await bar(page).getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = await visible(dialogWith(page, 'Close 4 tickets?'));
    await j.screenshot(page, 'confirm-1280');
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await visible(toastWith(page, '3 closed, 1 skipped: already closed'));
    const skipped = await visible(dialogWith(page, 'Skipped tickets'));
    expect(await skipped.getByRole('listitem').allInnerTexts()).toEqual([`${alphaClosed}\nalready closed`]);
    await j.screenshot(page, 'skipped-1280');
    await skipped.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('table').getByText(/^closed$/i).count()).toBe(ALPHA);
    expect(await bar(page).count()).toBe(0);

    await page.goto(`/admin/ticket/${alpha[2]}`);
    await visible(statusText(page, 'closed'));
    const lines = await logLines(page, 2);
    expect(lines.filter((line) => line.includes('closed ticket'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(LOG_LINE);
    expect(lines.at(-1)).toMatch(/^@Ada: closed ticket at /);
  });

  test('"Select all N matching" takes both pages; every ticket is closed with its own log entry', async () => {
    await page.goto('/admin/tickets?q=bravo&view=table');
    await visible(page.getByText(`50 of ${BRAVO}`));
    await page.getByRole('checkbox', { name: 'Select all loaded tickets' }).check();
    await visible(bar(page).getByText('50 selected'));
    await bar(page).getByRole('button', { name: `Select all ${BRAVO} matching` }).click();
    await visible(bar(page).getByText(`All ${BRAVO} matching selected`));
    await j.screenshot(page, 'all-matching-1280');
    await bar(page).getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = await visible(dialogWith(page, `Close ${BRAVO} tickets?`));
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await visible(toastWith(page, `${BRAVO} closed`));
    await visible(page.getByText('No tickets match these filters.'));

    const all = (await j.api.ok('GET', '/tickets?q=bravo&limit=200', { token: world.admin.token })).data;
    expect(all.total).toBe(BRAVO);
    expect(all.list.every((ticket: { status: string }) => ticket.status === 'closed')).toBe(true);
    for (const ticket of all.list as { number: string }[]) {
      const log = (await j.api.ok('GET', `/activity-log/${ticket.number}`, { token: world.admin.token })).data.list;
      expect(log.map((entry: { action: string }) => entry.action)).toEqual(['opened', 'closed']);
    }
    await page.goto(`/admin/ticket/${bravo}`);
    await waitForPath(page, `/admin/ticket/${bravo}`);
    await visible(statusText(page, 'closed'));
    expect((await logLines(page, 2)).at(-1)).toMatch(/^@Ada: closed ticket at /);
  });

  test('at 390 px the bar wraps under the toolbar and the confirmation fits', async () => {
    const phone = await j.newPage({ viewport: PHONE });
    await signIn(phone, ADMIN.email, ADMIN.password);
    await phone.goto('/admin/tickets?q=bravo&status=closed&view=table');
    await visible(phone.getByText(`50 of ${BRAVO}`));
    await phone.getByRole('checkbox', { name: 'Select all loaded tickets' }).check();
    await visible(bar(phone).getByText('50 selected'));
    const box = await bar(phone).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await j.screenshot(phone, 'selection-390');
    await bar(phone).getByRole('button', { name: 'Reopen', exact: true }).click();
    await visible(dialogWith(phone, 'Reopen 50 tickets?'));
    await j.screenshot(phone, 'confirm-390');
    await dialogWith(phone, 'Reopen 50 tickets?').getByRole('button', { name: 'Cancel' }).click();
    expect(await bar(phone).isVisible()).toBe(true);
  });
});
