/**
 * Journey 2: support signs in, is sent to /support, creates a ticket with an image and a link
 * (after the validation messages for a too-short title and description), sees it under My
 * Tickets and edits it.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CAST, GREEN, TINY_PNG, backgroundOf, card, statusText, journeyDescribe, pathOf, setupJourney, signIn, toastWith, toggle, visible, waitForPath,
} from './harness.ts';
import { seedWorld } from './seed.ts';

const TITLE = 'Checkout button frozen';
const EDITED_TITLE = 'Checkout button frozen on iOS';
const LINK = 'https://example.com/reports/checkout-42';

journeyDescribe('journey 2: support creates and edits a ticket', () => {
  const j = setupJourney('02-support-ticket');
  let page: Page;
  let fileDir: string;
  let pngPath: string;
  let ticketPath: string;

  beforeAll(async () => {
    await seedWorld(j.api);
    fileDir = await mkdtemp(join(tmpdir(), 'helpdesk-e2e-png-'));
    pngPath = join(fileDir, 'screen.png');
    await writeFile(pngPath, TINY_PNG);
  });
  afterAll(async () => {
    if (fileDir) await rm(fileDir, { recursive: true, force: true });
  });

  test('support signs in and is sent to /support', async () => {
    page = await j.newPage();
    await signIn(page, CAST.support.email, CAST.support.password);
    expect(pathOf(page)).toBe('/support');
    const header = page.getByRole('banner');
    await visible(header.getByText(CAST.support.first_name, { exact: true }));
    await visible(header.getByText('Support', { exact: true }));
    await visible(page.getByText('You have no ticket, create a ticket.', { exact: true }));
    await j.screenshot(page, 'support-home-empty');
  });

  test('a too-short title and description show the validation messages', async () => {
    await page.getByRole('link', { name: 'Create Ticket' }).click();
    await waitForPath(page, '/support/create-ticket');
    await visible(page.getByRole('heading', { name: 'Create a Ticket' }));
    // The service selector appears only once an app is chosen.
    expect(await page.getByLabel('Service', { exact: true }).count()).toBe(0);

    await page.getByLabel('Title').fill('ab');
    await page.getByLabel('Description').fill('too short');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByText('Tittle must be at least 2 characters.', { exact: true }));
    await visible(page.getByText('description must be at least 2 characters.', { exact: true }));
    await visible(page.getByText('app must be selected', { exact: true }));
    expect(pathOf(page)).toBe('/support/create-ticket');
    await j.screenshot(page, 'create-validation');
  });

  test('creates the ticket with an image and a link', async () => {
    await page.getByLabel('App', { exact: true }).selectOption({ label: 'Consumer app' });
    const service = page.getByLabel('Service', { exact: true });
    await visible(service);
    // Only the consumer app's services are offered.
    const offered = await service.locator('option').allTextContents();
    expect(offered).toContain('Checkout');
    expect(offered).not.toContain('Rider tracking');
    await service.selectOption({ label: 'Checkout' });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Payments' });
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('The pay button does nothing after the card is entered.');
    await page.getByLabel(/^Link/).fill(LINK);
    // An image over 500 KB is refused with an alert, and nothing is attached.
    const alerts: string[] = [];
    const onDialog = (dialog: import('playwright-core').Dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    };
    page.on('dialog', onDialog);
    await page.getByLabel(/^Image/).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([TINY_PNG, Buffer.alloc(512_001)]) });
    await expect.poll(() => alerts).toEqual(['File size should not exceed 500 KB.']);
    page.off('dialog', onDialog);
    expect(await page.getByRole('img', { name: /preview/i }).count()).toBe(0);

    await page.getByLabel(/^Image/).setInputFiles(pngPath);
    await visible(page.getByRole('img', { name: /preview/i }));
    await j.screenshot(page, 'create-filled');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(page, '/support');
    const toast = await visible(toastWith(page, 'Ticket created successfully'));
    expect(await backgroundOf(toast)).toBe(GREEN);
  });

  test('sees it under My Tickets and opens its details', async () => {
    await toggle(page, 'My Tickets').click();
    const ticketCard = await visible(card(page, TITLE));
    await j.screenshot(page, 'my-tickets');
    await ticketCard.click();
    await waitForPath(page, /^\/support\/ticket-details\/.+/);
    ticketPath = pathOf(page);
    await visible(page.getByRole('heading', { name: TITLE }));
    await visible(page.getByRole('link', { name: LINK }));
    await visible(page.getByRole('img', { name: /attachment/i }));
    const src = await page.getByRole('img', { name: /attachment/i }).getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    // It really loads (read from GET /tickets/{number}/image with the token).
    await expect.poll(() => page.getByRole('img', { name: /attachment/i }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await visible(statusText(page, 'opened'));
    await j.screenshot(page, 'ticket-details');
  });

  test('edits it (Edit Ticket, Save) and sees the change', async () => {
    await page.getByRole('button', { name: 'Edit Ticket' }).click();
    await waitForPath(page, /^\/support\/edit-ticket\/.+/);
    await visible(page.getByRole('heading', { name: 'Edit Ticket' }));
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe(TITLE);
    await j.screenshot(page, 'edit-form');
    await title.fill(EDITED_TITLE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, ticketPath);
    await visible(toastWith(page, 'Ticket updated successfully'));
    await visible(page.getByRole('heading', { name: EDITED_TITLE }));
    await j.screenshot(page, 'edited-details');

    // Back on the list, the card carries the new title.
    await page.goto('/support');
    await toggle(page, 'My Tickets').click();
    await visible(card(page, EDITED_TITLE));
  });
});
