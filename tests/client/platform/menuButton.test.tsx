/** The account menu follows the WAI-ARIA menu-button pattern. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, list } from '../admin/helpers.ts';

const ITEMS = ['Edit profile', 'Change password', 'Log out'];
const focused = () => document.activeElement as HTMLElement;
/** Plain items and the theme's radio items alike. */
const focusedItem = () => (focused().getAttribute('role')?.startsWith('menuitem') ? focused().textContent : `not an item: ${focused().outerHTML}`);
const key = (name: string, init: object = {}) => fireEvent.keyDown(focused(), { key: name, ...init });

async function menuButton() {
  fakeApi({ 'GET /config/categories': list(CATEGORIES) });
  signInAs(ADMIN);
  renderApp('/admin/category');
  const button = await screen.findByRole('button', { name: 'Account menu' });
  button.focus();
  return button;
}

describe('the account menu', () => {
  test('says it has a menu and whether it is open', async () => {
    const button = await menuButton();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Account' }).id).toBe(button.getAttribute('aria-controls'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(ITEMS);
  });

  test('opens on its first item with Enter, Space or a click (all are clicks on a button) and with ArrowDown', async () => {
    const button = await menuButton();
    fireEvent.click(button);
    expect(focusedItem()).toBe('Edit profile');
    key('Escape');
    key('ArrowDown');
    expect(focusedItem()).toBe('Edit profile');
  });

  test('opens on its last item with ArrowUp', async () => {
    await menuButton();
    key('ArrowUp');
    expect(focusedItem()).toBe('Log out');
  });

  test('arrows move and wrap, Home and End jump', async () => {
    await menuButton();
    key('ArrowDown');
    key('ArrowDown');
    expect(focusedItem()).toBe('Change password');
    key('ArrowDown');
    expect(focusedItem()).toBe('Light');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(focusedItem()).toBe('Log out');
    key('ArrowDown');
    expect(focusedItem()).toBe('Edit profile');
    key('ArrowUp');
    expect(focusedItem()).toBe('Log out');
    key('Home');
    expect(focusedItem()).toBe('Edit profile');
    key('End');
    expect(focusedItem()).toBe('Log out');
  });

  test('Escape closes it and gives focus back to the button', async () => {
    const button = await menuButton();
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(button);
  });

  test('Tab closes it, moving on from the button', async () => {
    const button = await menuButton();
    key('ArrowDown');
    key('Tab');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(button);
  });

  test('a click elsewhere closes it', async () => {
    await menuButton();
    key('ArrowDown');
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
