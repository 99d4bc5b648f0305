/**
 * Journey 3: a developer sees the ticket under All Tickets, assigns it to self, finds it under
 * Assigned Tickets, closes it; the log shows each step as '@name: action ticket at date time'.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CAST, LOG_LINE, card, dialogWith, statusText, gone, journeyDescribe, logLines, pathOf, setupJourney, signIn, toastWith, toggle, visible, waitForPath,
} from './harness.ts';
import { seedTicket, seedWorld } from './seed.ts';

const TITLE = 'Refund not received';

journeyDescribe('journey 3: developer assigns and closes a ticket', () => {
  const j = setupJourney('03-developer');
  let page: Page;
  let number: string;

  beforeAll(async () => {
    const world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, TITLE)).number;
  });

  test('the developer signs in to an empty Assigned Tickets tab and sees the ticket under All Tickets', async () => {
    page = await j.newPage();
    await signIn(page, CAST.dev1.email, CAST.dev1.password);
    expect(pathOf(page)).toBe('/developer');
    await visible(page.getByRole('banner').getByText('Developer', { exact: true }));
    await visible(page.getByText('No tickets assigned to you', { exact: true }));
    await j.screenshot(page, 'assigned-empty');

    await toggle(page, 'All Tickets').click();
    await visible(card(page, TITLE));
    await j.screenshot(page, 'all-tickets');
  });

  test('assigns it to self after a confirmation', async () => {
    await card(page, TITLE).click();
    await waitForPath(page, `/developer/ticket-details/${number}`);
    await visible(page.getByRole('heading', { name: TITLE }));
    await visible(statusText(page, 'opened'));
    await j.screenshot(page, 'details-opened');

    await page.getByRole('button', { name: 'Assign to self' }).click();
    const dialog = await visible(dialogWith(page, 'Are you sure you want to assign this ticket to yourself?'));
    await j.screenshot(page, 'assign-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await gone(dialog);
    await visible(toastWith(page, 'Ticket assigned successfully'));
    await waitForPath(page, `/developer/ticket-details/${number}`);
    await visible(statusText(page, 'assigned'));
    // The developer field now names the developer.
    await visible(page.getByRole('definition').filter({ hasText: CAST.dev1.first_name }));
    await j.screenshot(page, 'details-assigned');
  });

  test('finds it under Assigned Tickets', async () => {
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForPath(page, '/developer');
    await toggle(page, 'Assigned Tickets').click();
    await visible(card(page, TITLE));
    await j.screenshot(page, 'assigned-tickets');
  });

  test('closes it after a confirmation; the log shows every step', async () => {
    await card(page, TITLE).click();
    await waitForPath(page, `/developer/ticket-details/${number}`);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = await visible(dialogWith(page, 'Are you sure you want to close this ticket?'));
    await j.screenshot(page, 'close-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await gone(dialog);
    await visible(toastWith(page, 'Ticket closed successfully'));
    await visible(statusText(page, 'closed'));
    // A developer may not reopen; nothing is left to do on a closed ticket.
    expect(await page.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Assign to self' }).count()).toBe(0);

    const lines = await logLines(page, 3);
    for (const line of lines) expect(line).toMatch(LOG_LINE);
    const steps = lines.map((line) => line.replace(/ ticket at .*$/, ''));
    expect(steps).toEqual(expect.arrayContaining([
      `@${CAST.support.first_name}: opened`,
      `@${CAST.dev1.first_name}: assigned`,
      `@${CAST.dev1.first_name}: closed`,
    ]));
    expect(steps).toHaveLength(3);
    await j.screenshot(page, 'details-closed-log');
  });
});
