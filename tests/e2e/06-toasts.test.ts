/** Journey 6: toasts carry the server's text, red for errors, green for success, at most 3 at once. */
import { expect, test } from 'vitest';
import {
  ADMIN, dialogWith, toasts, GREEN, RED, WHITE, backgroundOf, colourOf, gone, journeyDescribe, setupJourney, signIn,
  submitSignIn, toastWith, visible, waitForPath,
} from './harness.ts';

journeyDescribe('journey 6: toasts', () => {
  const j = setupJourney('06-toasts');

  test("a wrong password shows the server's 'Invalid email or password.' in a red toast", async () => {
    const page = await j.newPage();
    await page.goto('/');
    // The form's own checks come first, without a call.
    await submitSignIn(page, 'not-an-email', 'short');
    await visible(page.getByText("Email must contain @ or '.'", { exact: true }));
    await visible(page.getByText('Password must be more than 7 characters', { exact: true }));
    expect(await toasts(page).getByRole('listitem').count()).toBe(0);
    await j.screenshot(page, 'sign-in-validation');

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
    const admin = await j.api.signIn(ADMIN.email, ADMIN.password);
    await j.api.createCategory(admin.token, 'Alpha');
    await j.api.createCategory(admin.token, 'Beta');
    const page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/category');
    await visible(page.getByRole('cell', { name: 'Beta', exact: true }));
    const shown = toasts(page).getByRole('listitem');
    const texts = async () => (await shown.allInnerTexts()).map((t) => t.trim()).join(' | ');

    // Four actions in quick succession, each answered with its own message by the server.
    const first = 'This category already exists.';
    const second = 'Category updated successfully';
    const third = 'Category deleted successfully';
    const fourth = 'Category created successfully';

    await page.getByRole('button', { name: 'Edit Alpha' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Edit Category' }));
    await dialog.getByLabel('Category name').fill('Beta');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(page, first));
    const firstAt = Date.now();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit Alpha' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Edit Category' }));
    await dialog.getByLabel('Category name').fill('Alpha two');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toastWith(page, second));

    await page.getByRole('button', { name: 'Delete Beta' }).click();
    dialog = await visible(dialogWith(page, 'Are you sure you want to delete this category?'));
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await visible(toastWith(page, third));
    expect(await texts()).toBe([first, second, third].join(' | '));
    await j.screenshot(page, 'three-toasts');

    await page.getByRole('link', { name: /create category/i }).click();
    await page.getByLabel('Category name').fill('Gamma');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // The server has answered once the list shows the new category.
    await waitForPath(page, '/admin/category');
    await visible(page.getByRole('cell', { name: 'Gamma', exact: true }));
    expect(Date.now() - firstAt, 'the actions took longer than a toast lives; the check below would prove nothing').toBeLessThan(3_500);

    // At most three at once: the fourth waits while the first three are on screen...
    expect(await texts(), 'toasts on screen right after the fourth answer').toBe([first, second, third].join(' | '));
    await j.screenshot(page, 'fourth-waiting');
    // ...and comes in when the first one leaves.
    await gone(toastWith(page, first), 6_000);
    await visible(toastWith(page, fourth));
    const after = (await texts()).split(' | ');
    expect(after.length).toBeLessThanOrEqual(3);
    expect(after).toContain(fourth);
    expect(after).not.toContain(first);
    await j.screenshot(page, 'fourth-shown');
  });
});
