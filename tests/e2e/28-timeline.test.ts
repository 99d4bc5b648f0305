/**
 * Journey 28, the ticket page as one timeline (docs/design.md#ticket-page): a ticket with comments
 * and activity opens with its number once, the description under the title, and one stream in
 * which the document order is the order things happened (what a screen reader reads). The admin
 * assigns the developer in place in the side panel; the new entry names her and lands after the
 * comments before it, and her answer after that. The panel sits beside the timeline and stays in
 * view at 1280 px, above it at 390 px; axe finds nothing in light and dark; screenshots of both.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CAST } from './api.ts';
import { axeScan, describeViolations } from './axe.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';
import { ADMIN, journeyDescribe, setupJourney, signIn, toastWith, visible } from './harness.ts';

const TITLE = 'Card payments fail at checkout';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Enough conversation before the assignment that the page scrolls at 1280 px. */
const EARLY_COMMENTS = [
  [CAST.support, 'The customer says it fails on Visa only, since this morning.'],
  [CAST.support, 'Screenshot of the error is in the link above.\nIt reads "payment declined" even with money on the card.'],
  ['admin', 'Thanks. Is it every Visa card or only the ones saved before the update?'],
  [CAST.support, 'Only the saved ones, as far as we can tell. New cards go through.'],
] as const;
const SAM = `Comment by ${CAST.support.first_name} ${CAST.support.last_name}`;
const ADA = `Comment by ${ADMIN.firstName} User`;
const DINA = `Comment by ${CAST.dev1.first_name} ${CAST.dev1.last_name}`;
const ANSWER = 'Found it: saved Visa tokens expired with the update. Fix going out this afternoon.';

/** Each item of the timeline in document order: an entry by its action, a comment by its label. */
const streamOrder = (page: Page) =>
  page.getByRole('region', { name: 'Activity' }).evaluate((region) =>
    Array.from(region.querySelectorAll('ol > li')).map((item) => (item as HTMLElement).dataset.action ?? item.getAttribute('aria-label')),
  );

journeyDescribe('journey 28: the ticket page as one timeline', () => {
  const j = setupJourney('28-timeline');
  let world: World;
  let number: string;
  let page: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, TITLE, 'high')).number;
    for (const [who, body] of EARLY_COMMENTS) {
      const token = who === 'admin' ? world.admin.token : world.support.token;
      await j.api.ok('POST', `/tickets/${number}/comments`, { token, json: { body } });
    }
    page = await j.newPage({ viewport: WIDE });
    await signIn(page, ADMIN.email, ADMIN.password);
  });

  test('the number once, the description under the title, then comments and entries in the order they happened', async () => {
    await page.goto(`/admin/ticket/${number}`);
    await visible(page.getByRole('heading', { level: 1, name: TITLE }));
    expect(await page.getByText(number, { exact: true }).count()).toBe(1);
    const summary = page.getByRole('region', { name: TITLE });
    await visible(summary.getByText(`${TITLE}: the customer cannot finish the payment step.`));
    await expect.poll(() => streamOrder(page)).toEqual(['opened', SAM, SAM, ADA, SAM]);
  });

  test('the admin assigns the developer in place; the entry names her and follows the comments before it, her answer follows it', async () => {
    const panel = page.getByRole('complementary', { name: 'Ticket fields and actions' });
    await panel.getByRole('button', { name: 'Change developer' }).click();
    await panel.getByLabel('Developer').selectOption({ label: `${CAST.dev1.first_name} ${CAST.dev1.last_name}` });
    await j.screenshot(page, 'panel-changing-developer-1280');
    await panel.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(page, 'Ticket assigned successfully'));
    await visible(panel.getByText(CAST.dev1.first_name, { exact: true }));
    const entry = page.locator('li[data-action="assigned"]');
    await visible(entry);
    expect(await entry.locator('[data-log-line]').innerText()).toMatch(/^@Ada: assigned ticket at [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    expect(await entry.innerText()).toContain(`to ${CAST.dev1.first_name}`);
    expect((await j.api.ok('GET', `/tickets/${number}`, { token: world.admin.token })).data.developer).toEqual({ id: world.dev1.id, name: CAST.dev1.first_name });

    await j.api.ok('POST', `/tickets/${number}/comments`, { token: world.dev1.token, json: { body: ANSWER } });
    await page.reload();
    await expect.poll(() => streamOrder(page)).toEqual([
      'opened', SAM, SAM, ADA, SAM, 'assigned', DINA,
    ]);
    // The composer closes the stream: under the newest item.
    const composerAfter = await page.evaluate(() => {
      const last = document.querySelector('[aria-labelledby="ticket-timeline-title"] ol > li:last-child');
      const box = document.querySelector('textarea[name="comment"]');
      return Boolean(last && box && last.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(composerAfter).toBe(true);
  });

  test('1280 px: the panel beside the timeline stays in view while it scrolls; axe clean in light and dark', async () => {
    const panel = page.getByRole('complementary', { name: 'Ticket fields and actions' });
    const timeline = page.getByRole('region', { name: 'Activity' });
    const [panelBox, timelineBox] = [await panel.boundingBox(), await timeline.boundingBox()];
    expect(panelBox!.x).toBeGreaterThan(timelineBox!.x + timelineBox!.width - 1);
    await j.screenshot(page, 'ticket-1280-light');
    expect(describeViolations('ticket 1280 light', (await axeScan(page, 'all')).violations)).toBe('');
    await page.getByLabel('Add a comment').scrollIntoViewIfNeeded();
    const scrolled = await panel.boundingBox();
    expect(scrolled!.y).toBeGreaterThanOrEqual(0);
    expect(scrolled!.y).toBeLessThan(WIDE.height);
    await j.screenshot(page, 'ticket-1280-light-scrolled');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.evaluate(() => window.scrollTo(0, 0));
    await j.screenshot(page, 'ticket-1280-dark');
    expect(describeViolations('ticket 1280 dark', (await axeScan(page, 'colour')).violations)).toBe('');
  });

  test('390 px: the panel folds above the timeline; axe clean in light and dark', async () => {
    const phone = await j.newPage({ viewport: PHONE, copyStorageFrom: page });
    await phone.goto(`/admin/ticket/${number}`);
    const panel = phone.getByRole('complementary', { name: 'Ticket fields and actions' });
    const timeline = phone.getByRole('region', { name: 'Activity' });
    await visible(timeline.getByRole('listitem', { name: DINA }));
    const [panelBox, timelineBox] = [await panel.boundingBox(), await timeline.boundingBox()];
    expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(timelineBox!.y);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await j.screenshot(phone, 'ticket-390-light');
    expect(describeViolations('ticket 390 light', (await axeScan(phone, 'all')).violations)).toBe('');
    await phone.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => phone.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await j.screenshot(phone, 'ticket-390-dark');
    expect(describeViolations('ticket 390 dark', (await axeScan(phone, 'colour')).violations)).toBe('');
  });
});
