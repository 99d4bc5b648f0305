/** Journey 6: toasts carry the server's text, red for errors, green for success, at most 3 at once. */
import { expect, test } from 'vitest';
import {
  ADMIN, GREEN, RED, WHITE, backgroundOf, colourOf, gone, journeyDescribe, setupJourney, signIn, sleep,
  submitSignIn, toastWith, visible, waitForPath,
} from './harness.ts';

journeyDescribe('journey 6: toasts', () => {
  const j = setupJourney('06-toasts');

  test("a wrong password shows the server's 'Invalid email or password.' in a red toast", async () => {
    const page = await j.newPage();
    await page.goto('/');
    await submitSignIn(page, ADMIN.email, 'wrong-password-1');
    const toast = await visible(toastWith(page, 'Invalid email or password.'));
    expect(await backgroundOf(toast)).toBe(RED);
    expect(await colourOf(toast)).toBe(WHITE);
    await j.screenshot(page, 'error-toast');
    // Still on the sign-in page, nothing stored.
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test("a created category shows the server's success message in a green toast", async () => {
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/create-category');
    await page.getByLabel('Category name').fill('Payments');
    await page.getByRole('button', { name: /create/i }).click();
    await waitForPath(page, '/admin/category');
    const toast = await visible(toastWith(page, 'Category created successfully'));
    expect(await backgroundOf(toast)).toBe(GREEN);
    expect(await colourOf(toast)).toBe(WHITE);
    await j.screenshot(page, 'success-toast');

    // The same name again: the server refuses, and its text is shown in red.
    await page.goto('/admin/create-category');
    await page.getByLabel('Category name').fill('Payments');
    await page.getByRole('button', { name: /create/i }).click();
    const error = await visible(toastWith(page, 'This category already exists.'));
    expect(await backgroundOf(error)).toBe(RED);
    await j.screenshot(page, 'duplicate-category-toast');
  });

  test('a fourth toast waits until one of the three visible ones leaves', async () => {
    const page = await j.newPage();
    await page.goto('/');
    const message = 'Invalid email or password.';
    const toasts = page.getByText(message, { exact: true }).filter({ visible: true });

    // Four failed sign-ins in quick succession (unknown accounts, so no account gets locked).
    let firstAt = 0;
    let thirdAt = 0;
    for (let i = 1; i <= 4; i += 1) {
      await submitSignIn(page, `nobody${i}@helpdesk.test`, `wrong-password-${i}`);
      await expect.poll(() => toasts.count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(Math.min(i, 3));
      if (i === 1) firstAt = Date.now();
      if (i === 3) thirdAt = Date.now();
    }
    expect(thirdAt - firstAt, 'the sign-ins took too long for this check').toBeLessThan(3_000);

    // Never more than 3 at once, while the first three are on screen and after.
    let most = 0;
    while (Date.now() < thirdAt + 4_600) {
      most = Math.max(most, await toasts.count());
      if (most === 3 && Date.now() - thirdAt < 300) await j.screenshot(page, 'three-toasts');
      await sleep(100);
    }
    expect(most).toBe(3);
    // Each toast lasts 4000 ms: the first three have left by now, but the fourth only appeared
    // when the first left (about firstAt + 4 s), so it is still showing.
    expect(await toasts.count()).toBe(1);
    await j.screenshot(page, 'fourth-toast');
    await gone(toasts, 8_000);
  });
});
