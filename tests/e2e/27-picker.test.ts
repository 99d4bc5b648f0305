/**
 * Journey 27: text and first run (docs/design.md#ticket-page). On a fresh server Create a Ticket
 * shows a super the links to Categories and Services and tells support to ask an administrator;
 * once they exist, support picks an SVG and a text file renamed .png and sees the picker's message
 * at once, under the field, before any submit (Create sends nothing); then a PNG, and the ticket
 * is created with it. A report over days without tickets says so in words. Each screen fits and
 * is axe clean at 1280 and 390 px, in light and dark.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import { ADMIN, CAST, TINY_PNG, card, journeyDescribe, setupJourney, signIn, toggle, visible, waitForPath } from './harness.ts';

const PHONE = { width: 390, height: 844 };
const REFUSED = 'Only PNG, JPEG, GIF or WebP images are accepted.';
const TITLE = 'Receipt printer prints blank pages';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

/** axe at this width, in light (every rule) and dark (the colour rules), with a screenshot of each. */
async function checkBothThemes(j: ReturnType<typeof setupJourney>, page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await j.screenshot(page, name);
  expect(describeViolations(name, (await axeScan(page)).violations)).toBe('');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await j.screenshot(page, `${name}-dark`);
  expect(describeViolations(`${name} dark`, (await axeScan(page, 'colour')).violations)).toBe('');
  await page.emulateMedia({ colorScheme: 'light' });
}

journeyDescribe('journey 27: the image picker, first run and an empty report', () => {
  const j = setupJourney('27-picker');
  let fileDir: string;
  const files = { svg: '', renamed: '', png: '' };

  beforeAll(async () => {
    fileDir = await mkdtemp(join(tmpdir(), 'helpdesk-e2e-picker-'));
    files.svg = join(fileDir, 'drawing.svg');
    files.renamed = join(fileDir, 'notes.png');
    files.png = join(fileDir, 'screen.png');
    await writeFile(files.svg, SVG);
    await writeFile(files.renamed, 'Meeting notes: these are words, not a picture.');
    await writeFile(files.png, TINY_PNG);
  });
  afterAll(async () => {
    if (fileDir) await rm(fileDir, { recursive: true, force: true });
  });

  test('first run: a super is sent to Categories and Services, support is told to ask an administrator', async () => {
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createAccount(admin.token, CAST.support);
    for (const [width, viewport] of [['1280', undefined], ['390', PHONE]] as const) {
      const page = await j.newPage({ viewport });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/create-ticket');
      await visible(page.getByText('There are no categories or services yet.', { exact: true }));
      expect(await page.getByRole('link', { name: 'Add a category' }).getAttribute('href')).toBe('/admin/category');
      expect(await page.getByRole('link', { name: 'Add a service' }).getAttribute('href')).toBe('/admin/service');
      expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0);
      await checkBothThemes(j, page, `first-run-super-${width}`);

      const support = await j.newPage({ viewport });
      await signIn(support, CAST.support.email, CAST.support.password);
      await support.goto('/support/create-ticket');
      await visible(support.getByText('Every ticket is filed under a category and a service. Please ask an administrator to add them.', { exact: true }));
      expect(await support.getByRole('link', { name: /^Add a/ }).count()).toBe(0);
      await checkBothThemes(j, support, `first-run-support-${width}`);
    }
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/create-ticket');
    await page.getByRole('link', { name: 'Add a category' }).click();
    await waitForPath(page, '/admin/category');
  });

  test('an SVG and a renamed text file are refused at once under the picker; a PNG is taken and the ticket created', async () => {
    // The rest of the world: categories, services and the other accounts (support exists already).
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createCategory(admin.token, 'Payments');
    await j.api.createService(admin.token, 'Checkout', 'shaq_app');
    const page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    await page.getByRole('link', { name: 'Create Ticket' }).click();
    await waitForPath(page, '/support/create-ticket');
    const picker = page.getByLabel('Image (optional)');
    expect(await picker.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');

    await page.getByLabel('App', { exact: true }).selectOption({ label: 'Consumer app' });
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Checkout' });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Payments' });
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('Every receipt comes out of the printer without any text on it.');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tickets') posts.push(request.url());
    });

    for (const file of [files.svg, files.renamed]) {
      await picker.setInputFiles(file);
      const message = await visible(page.getByText(REFUSED, { exact: true }));
      // Under the field and tied to it: a screen reader hears it with the picker.
      expect(await picker.getAttribute('aria-invalid')).toBe('true');
      expect(await picker.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
      expect(await page.getByAltText('Selected image preview').count()).toBe(0);
    }
    await checkBothThemes(j, page, 'picker-refused-1280');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/support/create-ticket');

    await picker.setInputFiles(files.png);
    await visible(page.getByAltText('Selected image preview'));
    expect(await page.getByText(REFUSED, { exact: true }).count()).toBe(0);
    await j.screenshot(page, 'picker-png');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(page, '/support');
    expect(posts).toHaveLength(1);
    await toggle(page, 'My Tickets').click();
    await (await visible(card(page, TITLE))).click();
    await visible(page.getByRole('heading', { name: TITLE }));
    await expect.poll(() => page.getByRole('img', { name: /attachment/i }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  });

  test('at 390 px the refusal shows under the picker and fits, light and dark', async () => {
    const page = await j.newPage({ viewport: PHONE });
    await signIn(page, CAST.support.email, CAST.support.password);
    await page.goto('/support/create-ticket');
    await page.getByLabel('Image (optional)').setInputFiles(files.svg);
    await visible(page.getByText(REFUSED, { exact: true }));
    await page.getByText(REFUSED, { exact: true }).scrollIntoViewIfNeeded();
    await checkBothThemes(j, page, 'picker-refused-390');
  });

  test('a report over days without a ticket says so in words, at 1280 and 390 px, light and dark', async () => {
    for (const [width, viewport] of [['1280', undefined], ['390', PHONE]] as const) {
      const page = await j.newPage({ viewport });
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/reports?from=2020-03-01&to=2020-03-31');
      await visible(page.getByText('No tickets in these days.', { exact: true }));
      expect(await page.getByRole('list', { name: 'Response times' }).count()).toBe(0);
      expect(await page.locator('svg[role="img"]').count()).toBe(0);
      await checkBothThemes(j, page, `report-empty-${width}`);
    }
  });
});
