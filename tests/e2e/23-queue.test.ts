/**
 * Journey 23: the queue people work in all day (design.md#queue-wave-3). The admin's default
 * shows as pressed chips with the Overdue count; a developer takes a ticket in one click and
 * undoes it from the toast (the server really has it back); the admin sorts the table by a
 * header (the URL follows) and opens rows by click and by Enter; the table fits 1280, 1024 and
 * 390 px without sideways scrolling, and axe finds nothing there in light and dark.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { ADMIN, CAST, card, journeyDescribe, setupJourney, signIn, toastWith, toasts, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;
const TITLES = ['Zebra scanner offline', 'Zebra printer jam', 'Zebra refund stuck with a very long title that cannot fit in the row at all'] as const;
const PAST_DUE = '2020-03-01';

const params = (page: Page) => new URL(page.url()).searchParams;
const chip = (page: Page, name: string) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });
const rows = (page: Page) => page.getByRole('table').getByRole('row');
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

journeyDescribe('journey 23: the queue people work in all day', () => {
  const j = setupJourney('23-queue');
  let world: World;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    world = await seedWorld(j.api);
    numbers[TITLES[0]] = (await seedTicket(j.api, world, world.support, TITLES[0], 'low')).number;
    numbers[TITLES[1]] = (await seedTicket(j.api, world, world.support, TITLES[1], 'high')).number;
    numbers[TITLES[2]] = (await seedTicket(j.api, world, world.support, TITLES[2], 'medium')).number;
    await j.api.patchTicket(world.admin.token, numbers[TITLES[1]]!, { status: 'assigned', developer_id: world.dev1.id });
    const edited = await fetch(`${j.url}/api/tickets/${numbers[TITLES[0]]}/edit`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${world.support.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ due_date: PAST_DUE }),
    });
    expect(edited.status).toBe(200);
  }, 60_000);

  test("the admin's default shows as pressed chips, in words, with the Overdue count", async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/tickets');
    await visible(card(page, TITLES[0]));
    expect(await chip(page, 'Opened').getAttribute('aria-pressed')).toBe('true');
    expect(await chip(page, 'Assigned').getAttribute('aria-pressed')).toBe('true');
    expect(await chip(page, 'Closed').getAttribute('aria-pressed')).toBe('false');
    expect(await chip(page, 'All').getAttribute('aria-pressed')).toBe('false');
    await visible(page.getByText('Showing Opened and Assigned only'));
    await expect.poll(() => chip(page, 'Overdue').textContent()).toBe('Overdue1');
    await chip(page, 'Overdue').click();
    await expect.poll(() => params(page).get('overdue')).toBe('1');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await visible(card(page, TITLES[0]));
    await j.screenshot(page, 'chips-overdue');
  });

  test('a developer takes a ticket in one click and undoes it from the toast', async () => {
    const page = await j.newPage();
    await signIn(page, CAST.dev1.email, CAST.dev1.password);
    await page.goto('/developer?tab=all');
    const number = numbers[TITLES[2]]!;
    await page.getByRole('button', { name: `Assign to me ${number}` }).click();
    await visible(toastWith(page, 'Ticket assigned successfully'));
    // At once, before the lists are read again: the card says who holds it now.
    await visible(page.getByRole('article').filter({ hasText: TITLES[2] }).getByText('Dina'));
    await j.screenshot(page, 'take-undo-toast');
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await visible(toastWith(page, 'Ticket given back'));
    const answer = await fetch(`${j.url}/api/tickets/${number}`, { headers: { Authorization: `Bearer ${world.admin.token}` } });
    expect((await answer.json()).data).toMatchObject({ status: 'opened', developer: null });
    await visible(page.getByRole('button', { name: `Assign to me ${number}` }));
  });

  test('the admin sorts the table by a header, and opens a row by click and by Enter', async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/tickets?view=table');
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await header(page, 'Age').getAttribute('aria-sort')).toBe('ascending');
    await header(page, 'Priority').getByRole('button').click();
    await expect.poll(() => params(page).get('sort')).toBe('priority');
    expect(await header(page, 'Priority').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => rows(page).nth(1).getAttribute('aria-label')).toBe(`${numbers[TITLES[1]]} ${TITLES[1]}`);
    await j.screenshot(page, 'table-sorted-by-priority');

    // A click on the row's status cell, not a link, opens it.
    await rows(page).nth(2).locator('td[data-column="status"]').click();
    await waitForPath(page, `/admin/ticket/${numbers[TITLES[2]]}`);
    await page.goBack();
    await waitForPath(page, '/admin/tickets');
    expect(params(page).get('sort')).toBe('priority');
    await rows(page).nth(3).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/admin/ticket/${numbers[TITLES[0]]}`);
  });

  for (const { name, viewport } of WIDTHS) {
    test(`the table fits ${name} px without sideways scrolling; axe finds nothing in light and dark`, async () => {
      const page = await j.newPage({ viewport });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/tickets?view=table&status=opened,assigned,closed');
      await expect.poll(() => rows(page).count()).toBe(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} px page`).toBeLessThanOrEqual(viewport.width);
      const table = page.getByRole('table');
      const [scroll, client] = await table.evaluate((element) => [element.parentElement!.scrollWidth, element.parentElement!.clientWidth]);
      expect(scroll, `${name} px table`).toBeLessThanOrEqual(client);
      // The long title ends in an ellipsis, whole in its tooltip.
      expect(await page.locator(`td[title="${TITLES[2]}"]`).count()).toBe(1);
      await j.screenshot(page, `table-${name}-light`);
      expect(describeViolations(`queue ${name} light`, (await axeScan(page)).violations)).toBe('');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await j.screenshot(page, `table-${name}-dark`);
      expect(describeViolations(`queue ${name} dark`, (await axeScan(page, 'colour')).violations)).toBe('');
      await page.goto('/admin/tickets?view=cards');
      await visible(card(page, TITLES[0]));
      await j.screenshot(page, `cards-${name}-dark`);
      expect(describeViolations(`queue cards ${name} dark`, (await axeScan(page, 'colour')).violations)).toBe('');
    });
  }
});
