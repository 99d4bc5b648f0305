/**
 * Journey 18: notifications (docs/design.md#notifications). A colleague's comment counts up the
 * support user's bell live (no reload) and the panel opens the ticket and marks it read; the
 * Comments e-mail switch on the profile is saved at once and kept; Watch / Unwatch on the ticket
 * page lists the watcher; an @mention chosen from the composer's suggestions with the keyboard
 * reaches the person mentioned. Screenshots of the bell, the panel, the preferences and the
 * ticket page at 1280 and 390 px in light and dark.
 *
 * Needs the server's notification routes (issue 21, parts B1/B2); mail delivery itself (that
 * switch stopping exactly that mail) is asserted by the mail journeys against a real relay.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, CAST, journeyDescribe, screenshotBothThemes, setupJourney, signIn, toastWith, visible, waitForPath } from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

/** The bar for live updates: within 2 s, with no reload. */
const LIVE_MS = 2000;
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function comment(j: ReturnType<typeof setupJourney>, token: string, number: string, body: string) {
  await j.api.ok('POST', `/tickets/${encodeURIComponent(number)}/comments`, { token, json: { body } });
}

journeyDescribe('journey 19: notifications', () => {
  const j = setupJourney('19-notifications');
  let world: World;
  let support: Page;
  let number: string;

  beforeAll(async () => {
    world = await seedWorld(j.api);
    number = (await seedTicket(j.api, world, world.support, 'Card declined twice', 'high')).number;
  }, 60_000);

  test("the bell counts a colleague's comment live; the panel opens the ticket and marks it read", async () => {
    support = await j.newPage();
    await signIn(support, CAST.support.email, CAST.support.password);
    await visible(support.getByRole('banner').getByText('Live', { exact: true }));
    await expect.poll(async () => bell(support).getAttribute('aria-label')).toBe('Notifications');

    await comment(j, world.admin.token, number, 'Can you send the receipt?');
    await expect.poll(async () => bell(support).getAttribute('aria-label'), { timeout: LIVE_MS }).toBe('Notifications, 1 unread');
    await screenshotBothThemes(j, support, 'bell-unread');

    await bell(support).click();
    const panel = support.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: new RegExp(number) });
    await visible(item);
    expect(await item.textContent()).toContain('New');
    await screenshotBothThemes(j, support, 'panel-open');
    for (const viewport of VIEWPORTS.slice(1)) {
      await support.setViewportSize(viewport);
      await screenshotBothThemes(j, support, `panel-open-${viewport.width}`);
    }
    await support.setViewportSize(VIEWPORTS[0]);

    await item.click();
    await waitForPath(support, `/support/ticket-details/${number}`);
    await expect.poll(async () => bell(support).getAttribute('aria-label')).toBe('Notifications');
  });

  test('the Comments e-mail switch on the profile is saved at once and stays', async () => {
    await support.getByRole('button', { name: 'Account menu' }).click();
    await support.getByRole('menuitem', { name: 'Edit profile' }).click();
    const dialog = support.getByRole('dialog', { name: 'Edit profile' });
    const comments = dialog.getByRole('switch', { name: 'Comments' });
    await visible(comments);
    expect(await comments.getAttribute('aria-checked')).toBe('true');
    await screenshotBothThemes(j, support, 'preferences');
    await comments.click();
    await visible(toastWith(support, 'Notification preferences saved.'));
    expect(await comments.getAttribute('aria-checked')).toBe('false');
    const saved = await j.api.ok('GET', '/me/notifications', { token: world.support.token });
    expect(saved.data.email).toEqual({ assigned: true, my_tickets: true, comments: false, mentions: true, sla: true });

    await support.keyboard.press('Escape');
    await support.reload();
    await support.getByRole('button', { name: 'Account menu' }).click();
    await support.getByRole('menuitem', { name: 'Edit profile' }).click();
    await expect.poll(async () => support.getByRole('dialog', { name: 'Edit profile' }).getByRole('switch', { name: 'Comments' }).getAttribute('aria-checked')).toBe('false');
    await support.keyboard.press('Escape');
  });

  test('Watch adds the developer to the watchers; Unwatch takes them off', async () => {
    const dev = await j.newPage();
    await signIn(dev, CAST.dev1.email, CAST.dev1.password);
    await dev.goto(`/developer/ticket-details/${number}`);
    await dev.getByRole('button', { name: 'Watch', exact: true }).click();
    await visible(dev.getByRole('button', { name: 'Unwatch', exact: true }));
    await visible(dev.getByText(new RegExp(`Watchers:.*${CAST.dev1.first_name}`)));
    for (const viewport of VIEWPORTS) {
      await dev.setViewportSize(viewport);
      await screenshotBothThemes(j, dev, `watching-${viewport.width}`);
    }
    await dev.getByRole('button', { name: 'Unwatch', exact: true }).click();
    await visible(dev.getByRole('button', { name: 'Watch', exact: true }));
    const detail = await j.api.ok('GET', `/tickets/${encodeURIComponent(number)}`, { token: world.dev1.token });
    expect(detail.data.watching).toBe(false);
  });

  test('an @mention chosen from the suggestions with the keyboard reaches the person mentioned', async () => {
    const omar = await j.newPage();
    await signIn(omar, CAST.dev2.email, CAST.dev2.password);
    await visible(omar.getByRole('banner').getByText('Live', { exact: true }));
    const admin = await j.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/admin/ticket/${number}`);
    const box = admin.getByLabel('Add a comment');
    await box.click();
    await box.pressSequentially('Please have a look @om');
    const option = admin.getByRole('listbox', { name: 'People to mention' }).getByRole('option', { name: new RegExp(CAST.dev2.first_name) });
    await visible(option);
    expect(await box.getAttribute('aria-controls')).toBe(await admin.getByRole('listbox', { name: 'People to mention' }).getAttribute('id'));
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await j.screenshot(admin, 'mention-suggestions');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Please have a look @omar ');
    await box.press('Control+Enter');
    await visible(admin.getByRole('listitem', { name: `Comment by ${ADMIN.firstName}` }).filter({ hasText: '@omar' }));
    await expect.poll(async () => bell(omar).getAttribute('aria-label'), { timeout: LIVE_MS }).toBe('Notifications, 1 unread');
    await bell(omar).click();
    await visible(omar.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: new RegExp(number) }));
  });
});
