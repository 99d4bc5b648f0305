/**
 * Journey 12: conversation and live updates. Two browser contexts (support and the admin): a
 * ticket created or commented in one appears in the other's list and details with no reload
 * within 2 s; the comments rules and the draft; the kiosk board updates live; an image is
 * attached by paste and by drag and drop, and opens in the viewer. Screenshots of the details
 * with comments and of the board at 1280 and 390 px.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, CAST, TINY_PNG, card, journeyDescribe, setupJourney, signIn, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

/** The bar: a change shows in the other tab within 2 s, with no reload. */
const LIVE_MS = 2000;
const PHONE = { width: 390, height: 844 };

/** Dispatches a paste of a PNG on the element matched by `selector`, as Ctrl+V of a screenshot does. */
async function pastePng(page: Page, selector: string, base64: string) {
  await page.evaluate(
    ([sel, b64]) => {
      const bytes = Uint8Array.from(atob(b64!), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
      document.querySelector(sel!)!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [selector, base64],
  );
}

/** Drags a PNG file from outside the page and drops it on the image field. */
async function dropPng(page: Page, base64: string) {
  const data = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, base64);
  const zone = page.getByTestId('image-drop');
  await zone.dispatchEvent('dragenter', { dataTransfer: data });
  await zone.dispatchEvent('dragover', { dataTransfer: data });
  await zone.dispatchEvent('drop', { dataTransfer: data });
}

async function fillTicket(page: Page, title: string) {
  await page.getByLabel('App', { exact: true }).selectOption({ label: 'Consumer app' });
  await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Checkout' });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Payments' });
  await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(`${title}: seen by a customer this morning.`);
}

journeyDescribe('journey 12: comments and live updates', () => {
  const j = setupJourney('12-live');
  let world: World;
  let support: Page;
  let admin: Page;
  let number: string;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, 'Refund button missing', 'medium')).number;
  }, 60_000);

  test('both sign in; the header says Live', async () => {
    support = await j.newPage();
    admin = await j.newPage();
    await signIn(support, CAST.support.email, CAST.support.password);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/tickets');
    await visible(card(admin, 'Refund button missing'));
    await visible(admin.getByRole('banner').getByText('Live', { exact: true }));
    await visible(support.getByRole('banner').getByText('Live', { exact: true }));
  });

  test("a ticket support creates appears in the admin's list within 2 s, with no reload", async () => {
    await support.goto('/support/create-ticket');
    await fillTicket(support, 'Wallet balance wrong');
    await support.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(support, '/support');
    const started = Date.now();
    await visible(card(admin, 'Wallet balance wrong'), LIVE_MS + 500);
    expect(Date.now() - started).toBeLessThan(LIVE_MS + 500);
  });

  test("a comment support adds (Ctrl+Enter) appears in the admin's details within 2 s, and the draft survives a reload", async () => {
    await admin.goto(`/admin/ticket/${number}`);
    await visible(admin.getByText('No comments yet.'));
    await support.goto(`/support/ticket-details/${number}`);
    const box = support.getByLabel('Add a comment');
    await box.fill('Customer sent a screenshot:\nhttps://example.com/shot/1');
    await support.reload();
    await expect.poll(() => support.getByLabel('Add a comment').inputValue()).toBe('Customer sent a screenshot:\nhttps://example.com/shot/1');
    await support.getByLabel('Add a comment').press('Control+Enter');
    await visible(support.getByText('Comment added'));
    const started = Date.now();
    const comment = admin.getByRole('listitem', { name: 'Comment by Sam' });
    await visible(comment, LIVE_MS + 500);
    expect(Date.now() - started).toBeLessThan(LIVE_MS + 500);
    await visible(comment.getByRole('link', { name: 'https://example.com/shot/1' }));
    await visible(admin.getByRole('region', { name: 'Activity' }).getByText('1 comment', { exact: true }));
    // A super may delete another's comment, but not edit it.
    expect(await comment.getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
    await visible(comment.getByRole('button', { name: 'Delete comment' }));
    // The count reaches the list too.
    await admin.goto('/admin/tickets');
    await visible(admin.getByRole('article').filter({ hasText: 'Refund button missing' }).getByRole('img', { name: '1 comment' }));
  });

  test('the admin answers; a status change shows in support\'s details live; screenshots of the conversation', async () => {
    await admin.goto(`/admin/ticket/${number}`);
    await admin.getByLabel('Add a comment').fill('Thanks, looking at it now.');
    await admin.getByRole('button', { name: 'Add comment' }).click();
    await visible(support.getByRole('listitem', { name: `Comment by ${ADMIN.firstName}` }), LIVE_MS + 500);
    await j.api.patchTicket(world.admin.token, number, { status: 'assigned', developer_id: world.dev1.id });
    await visible(support.locator('[data-kind="status"]', { hasText: 'assigned' }).first(), LIVE_MS + 500);
    await j.screenshot(support, 'details-with-comments-1280');
    const phone = await j.newPage({ viewport: PHONE, copyStorageFrom: support });
    await phone.goto(`/support/ticket-details/${number}`);
    await visible(phone.getByRole('listitem', { name: `Comment by ${ADMIN.firstName}` }));
    await j.screenshot(phone, 'details-with-comments-390');
  });

  test('the board updates live, and the counts follow', async () => {
    await admin.goto('/admin/board');
    await visible(admin.getByRole('heading', { name: 'Queue board' }));
    const list = admin.getByRole('list', { name: /^Open and assigned/ });
    await visible(list.getByText('Wallet balance wrong'));
    const opened = admin.getByText('Opened', { exact: true }).locator('xpath=preceding-sibling::*[1]');
    const before = Number(await opened.textContent());
    await seedTicket(j.api, world, world.support, 'Board shows this at once', 'high');
    const started = Date.now();
    await visible(list.getByText('Board shows this at once'), LIVE_MS + 500);
    expect(Date.now() - started).toBeLessThan(LIVE_MS + 500);
    await expect.poll(async () => Number(await opened.textContent())).toBe(before + 1);
    // Dark by default: the board's own palette (--board-bg).
    const board = admin.getByRole('heading', { name: 'Queue board' }).locator('xpath=ancestor::div[1]');
    expect(await board.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(13, 17, 23)');
    await j.screenshot(admin, 'board-1280');
    const phone = await j.newPage({ viewport: PHONE, copyStorageFrom: admin });
    await phone.goto('/admin/board');
    await visible(phone.getByRole('list', { name: /^Open and assigned/ }).getByText('Board shows this at once'));
    await j.screenshot(phone, 'board-390');
    const dev = await j.newPage();
    await signIn(dev, CAST.dev1.email, CAST.dev1.password);
    await dev.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Board' }).click();
    await waitForPath(dev, '/developer/board');
    await visible(dev.getByRole('list', { name: /^Open and assigned/ }).getByText('Board shows this at once'));
  });

  test('an image pasted into the create form and one dropped on the edit form are attached', async () => {
    const png = TINY_PNG.toString('base64');
    await support.goto('/support/create-ticket');
    await fillTicket(support, 'Pasted screenshot');
    await pastePng(support, 'textarea[name="description"]', png);
    await visible(support.getByRole('img', { name: 'Selected image preview' }));
    await j.screenshot(support, 'create-pasted-image');
    await support.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(support, '/support');
    await card(support, 'Pasted screenshot').click();
    await waitForPath(support, /^\/support\/ticket-details\//);
    await visible(support.getByRole('button', { name: /^Attachment of / }));

    await support.getByRole('button', { name: 'Edit Ticket' }).click();
    await waitForPath(support, /^\/support\/edit-ticket\//);
    await visible(support.getByRole('img', { name: 'Selected image preview' }));
    await support.getByRole('button', { name: 'Remove image' }).click();
    await dropPng(support, png);
    await visible(support.getByRole('img', { name: 'Selected image preview' }));
  });

  test('the thumbnail opens the viewer; Escape closes it and focus returns to the thumbnail', async () => {
    await support.goto(`/support/ticket-details/${number}`);
    const created = (await j.api.call('GET', '/tickets/myTickets?q=Pasted&limit=5', { token: world.support.token })).body.data.list[0];
    await support.goto(`/support/ticket-details/${created.number}`);
    const thumb = support.getByRole('button', { name: `Attachment of ${created.number}` });
    await visible(thumb);
    // Read from /image; the picture really loads (the page's CSP lets it show).
    await expect.poll(() => thumb.getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => thumb.getByRole('img').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(1);
    await thumb.click();
    const viewer = support.getByRole('dialog', { name: `Attachment of ${created.number}` });
    await visible(viewer);
    await visible(viewer.getByRole('img', { name: /full size/ }));
    expect(await viewer.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await j.screenshot(support, 'image-viewer');
    await support.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
