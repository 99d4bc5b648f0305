/** Focus: where it goes when dialogs close, the trap after a failed submit, the drawer, the skip link. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, holdRoute, list, ok } from '../admin/helpers.ts';

const focused = () => document.activeElement as HTMLElement;

/** Presses a button as a keyboard user would: focus first, then activate. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

async function categoriesPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi({ 'GET /config/categories': list(CATEGORIES), ...routes });
  signInAs(ADMIN);
  renderApp('/admin/category');
  await screen.findByRole('button', { name: 'Edit Hardware' });
  return server;
}

describe('dialogs give focus back', () => {
  test('a confirmation, on Cancel and on Escape, to the button that opened it', async () => {
    await categoriesPage();
    const opener = screen.getByRole('button', { name: 'Delete Hardware' });
    press(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(focused()).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(opener);
    press(opener);
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(opener);
  });

  test('a form dialog, on Cancel and after a save, to the button that opened it', async () => {
    await categoriesPage({ 'PATCH /config/categories/1': ok('Category updated successfully', { id: 1, name: 'Devices' }) });
    const opener = screen.getByRole('button', { name: 'Edit Hardware' });
    press(opener);
    let dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    expect(dialog.contains(focused())).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(opener);
    press(opener);
    dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    fireEvent.change(within(dialog).getByLabelText('Category name'), { target: { value: 'Devices' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Category updated successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(focused()).toBe(screen.getByRole('button', { name: 'Edit Hardware' }));
  });

  test('to the page heading when the opener is gone: a deleted row', async () => {
    let rows = CATEGORIES;
    await categoriesPage({
      'GET /config/categories': () => list(rows),
      'DELETE /config/categories/2': () => {
        rows = CATEGORIES.filter((category) => category.id !== 2);
        return ok('Category deleted successfully');
      },
    });
    press(screen.getByRole('button', { name: 'Delete Payments' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Payments' })).toBeNull());
    await waitFor(() => expect(focused()).toBe(screen.getByRole('heading', { level: 1, name: 'Categories' })));
  });

  test('a dialog opened from the account menu, to the menu button', async () => {
    await categoriesPage();
    const menuButton = screen.getByRole('button', { name: 'Account menu' });
    menuButton.focus();
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect(dialog.contains(focused())).toBe(true);
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(menuButton);
  });
});

describe('a form dialog whose submit failed on the server', () => {
  test('still answers Escape and keeps Tab inside, though the pressed button dropped focus', async () => {
    await categoriesPage({ 'PATCH /config/categories/1': { status: 500, body: { message: 'Database is busy' } } });
    const release = holdRoute('PATCH /config/categories/1');
    const opener = screen.getByRole('button', { name: 'Edit Hardware' });
    press(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    fireEvent.change(within(dialog).getByLabelText('Category name'), { target: { value: 'Devices' } });
    press(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    release();
    await screen.findByText('Database is busy');
    // Chromium moved focus to <body> when the pressed button became disabled; happy-dom does not.
    focused().blur();
    expect(focused()).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(focused()).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    focused().blur();
    fireEvent.keyDown(document.body, { key: 'Tab', shiftKey: true });
    expect(focused()).toBe(within(dialog).getByRole('button', { name: 'Save' }));
    focused().blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });
});

describe('the phone drawer', () => {
  test('takes focus when opened, keeps Tab inside, closes on Escape and gives focus back to the menu button', async () => {
    await categoriesPage();
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    press(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const drawer = screen.getByRole('navigation', { name: 'Main' });
    const close = within(drawer).getByRole('button', { name: 'Close navigation' });
    expect(focused()).toBe(close);
    within(drawer).getByRole('button', { name: 'Logout' }).focus();
    fireEvent.keyDown(focused(), { key: 'Tab' });
    expect(focused()).toBe(close);
    fireEvent.keyDown(focused(), { key: 'Tab', shiftKey: true });
    expect(focused()).toBe(within(drawer).getByRole('button', { name: 'Logout' }));
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(toggle);
  });

  test('takes focus once its contents are shown, when they are still hidden as it opens (reduced motion)', async () => {
    await categoriesPage();
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    const drawer = screen.getByRole('navigation', { name: 'Main' });
    const close = within(drawer).getByRole('button', { name: 'Close navigation' });
    // As in Chromium under reduced motion: for 0.01 ms the contents transition the `visibility`
    // they inherit, and a hidden element refuses focus.
    close.focus = () => {};
    press(toggle);
    expect(focused()).toBe(toggle);
    delete (close as { focus?: unknown }).focus;
    fireEvent(close, new Event('transitionend', { bubbles: true }));
    expect(focused()).toBe(close);
    // Once focus is in, later transitions leave it where the user put it.
    const logout = within(drawer).getByRole('button', { name: 'Logout' });
    logout.focus();
    fireEvent(close, new Event('transitionend', { bubbles: true }));
    expect(focused()).toBe(logout);
  });
});

describe('the skip link', () => {
  test("is the first Tab stop and moves focus to the page's main content", async () => {
    await categoriesPage();
    const first = document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    expect(first?.textContent).toBe('Skip to content');
    act(() => fireEvent.click(first!));
    expect(focused()).toBe(screen.getByRole('main'));
  });
});
