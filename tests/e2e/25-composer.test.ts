/**
 * Journey 25: the comment composer (docs/product.md#composer, #canned-replies). A super writes a
 * canned reply on /admin/replies; support comments on a ticket with an @mention chosen from the
 * suggestions with the mouse, and the person mentioned is told; support's draft survives going
 * to the list and back; the Replies menu (keyboard) puts the reply at the caret, and Ctrl+Enter
 * sends it. axe finds nothing on the replies page (and its dialog) and on the ticket page with
 * the menu open, in light and dark, at 1280 and 390 px; screenshots of each.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoViolationsInBothThemes } from './axe.ts';
import { ADMIN, CAST, expectFitsWidth, journeyDescribe, screenshotBothThemes, setupJourney, signIn, toastWith, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const REPLY_TITLE = 'Need logs';
const REPLY_BODY = 'Could you send us the app logs?\nSettings > Help > Send logs.';

const box = (page: Page) => page.getByLabel('Add a comment');
const repliesButton = (page: Page) => page.getByRole('button', { name: 'Replies', exact: true });
const repliesMenu = (page: Page) => page.getByRole('menu', { name: 'Canned replies' });

journeyDescribe('journey 25: the comment composer', () => {
  const j = setupJourney('25-composer');
  let world: World;
  let number: string;
  let support: Page;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, 'App crashes on launch', 'high')).number;
  }, 60_000);

  test('a super writes a canned reply on the Replies page', async () => {
    const admin = await j.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Replies' }).click();
    await waitForPath(admin, '/admin/replies');
    await visible(admin.getByRole('heading', { name: 'Canned replies', level: 1 }));
    await visible(admin.getByText(/No canned replies yet/));

    await admin.getByRole('button', { name: 'New reply' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New reply' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText('Title must be 1 to 100 characters.'));
    await expectNoViolationsInBothThemes(admin, 'new reply dialog with errors');
    await dialog.getByLabel('Title').fill(REPLY_TITLE);
    await dialog.getByLabel('Reply').fill(REPLY_BODY);
    await screenshotBothThemes(j, admin, 'new-reply-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(toastWith(admin, 'Reply created'));
    await visible(admin.getByRole('button', { name: `Edit ${REPLY_TITLE}` }));
    await j.api.ok('POST', '/replies', { token: world.admin.token, json: { title: 'Apology', body: 'Sorry for the wait.' } });
    await admin.reload();
    await visible(admin.getByRole('button', { name: 'Edit Apology' }));

    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await expectFitsWidth(admin, viewport.width, `replies page at ${viewport.width}`);
      await expectNoViolationsInBothThemes(admin, `replies page at ${viewport.width}`);
      await screenshotBothThemes(j, admin, `replies-page-${viewport.width}`);
    }
    const audit = await j.api.ok('GET', '/audit?kind=reply', { token: world.admin.token });
    expect(audit.data.list.map((row: { kind: string }) => row.kind)).toEqual(['reply.created', 'reply.created']);
  });

  test('a mention chosen from the suggestions with the mouse reaches the person mentioned', async () => {
    support = await j.newPage();
    await signIn(support, CAST.support.email, CAST.support.password);
    await support.goto(`/support/ticket-details/${number}`);
    await box(support).click();
    await box(support).pressSequentially('Thanks @di');
    const option = support.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: new RegExp(CAST.dev1.first_name) });
    await option.click();
    expect(await box(support).inputValue()).toBe('Thanks @dina ');
    expect(await box(support).evaluate((element: HTMLTextAreaElement) => [document.activeElement === element, element.selectionStart])).toEqual([true, 'Thanks @dina '.length]);
    await box(support).pressSequentially('for the fix.');
    await box(support).press('Control+Enter');
    await visible(support.getByRole('listitem', { name: `Comment by ${CAST.support.first_name}` }).filter({ hasText: 'Thanks @dina for the fix.' }));
    expect(await box(support).inputValue()).toBe('');
    await expect.poll(async () => (await j.api.ok('GET', '/notifications', { token: world.dev1.token })).data.list.map((item: { reason: string }) => item.reason)).toContain('mention');
  });

  test('the draft survives leaving the page; the Replies menu puts the reply at the caret and Ctrl+Enter sends it', async () => {
    await box(support).fill('Hi Dina,\n\nBest, Sam');
    // Away through the app (the header's home link), and back.
    await support.getByRole('banner').getByRole('link').first().click();
    await waitForPath(support, '/support');
    await support.goBack();
    await waitForPath(support, `/support/ticket-details/${number}`);
    await expect.poll(() => box(support).inputValue()).toBe('Hi Dina,\n\nBest, Sam');

    // The caret on the empty line, then the menu from the keyboard.
    await box(support).evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(9, 9));
    await box(support).focus();
    await support.keyboard.press('Tab');
    await expect.poll(() => support.evaluate(() => document.activeElement?.textContent)).toBe(' Replies');
    await support.keyboard.press('ArrowDown');
    await visible(repliesMenu(support));
    await expect.poll(() => support.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    expect(await repliesMenu(support).getByRole('menuitem').allTextContents()).toEqual(['ApologySorry for the wait.', `${REPLY_TITLE}${REPLY_BODY}`]);
    for (const viewport of VIEWPORTS) {
      await support.setViewportSize(viewport);
      await expectFitsWidth(support, viewport.width, `ticket page with the menu at ${viewport.width}`);
      await expectNoViolationsInBothThemes(support, `ticket page with the Replies menu open at ${viewport.width}`);
      await screenshotBothThemes(j, support, `replies-menu-${viewport.width}`);
    }
    await support.setViewportSize(VIEWPORTS[0]);
    await support.keyboard.press('ArrowDown');
    expect(await support.evaluate(() => document.activeElement?.textContent)).toBe(`${REPLY_TITLE}${REPLY_BODY}`);
    await support.keyboard.press('Enter');
    await expect.poll(() => repliesMenu(support).count()).toBe(0);
    const expected = `Hi Dina,\n${REPLY_BODY}\nBest, Sam`;
    expect(await box(support).inputValue()).toBe(expected);
    expect(await box(support).evaluate((element: HTMLTextAreaElement) => [document.activeElement === element, element.selectionStart])).toEqual([true, 9 + REPLY_BODY.length]);
    // The draft holds the inserted text too: a reload finds it.
    await support.reload();
    await expect.poll(() => box(support).inputValue()).toBe(expected);
    await box(support).press('Control+Enter');
    const sent = support.getByRole('listitem', { name: `Comment by ${CAST.support.first_name}` }).filter({ hasText: 'Settings > Help > Send logs.' });
    await visible(sent);
    expect(await box(support).inputValue()).toBe('');
    const comments = await j.api.ok('GET', `/tickets/${encodeURIComponent(number)}/comments`, { token: world.support.token });
    expect(comments.data.list.at(-1).body).toBe(expected);
  });
});
