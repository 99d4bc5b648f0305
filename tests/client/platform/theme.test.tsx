import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chooseTheme, followThemeChanges, getThemeChoice } from '../../../src/client/lib/theme.ts';
import { readThemeChoice } from '../../../src/client/lib/themeChoice.ts';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';

const KEY = 'Helpdesk-theme';
const shownTheme = () => document.documentElement.dataset.theme;

/** A system colour-scheme setting the test can flip, as the operating system would. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => media });
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

const originalMatchMedia = window.matchMedia;
let stop: (() => void) | undefined;

beforeEach(() => {
  fakeSystemScheme(false);
  chooseTheme('system');
});

afterEach(() => {
  stop?.();
  stop = undefined;
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: originalMatchMedia });
  delete document.documentElement.dataset.theme;
});

describe('theme store', () => {
  test('a choice shows at once as data-theme and is remembered on the device; System is stored as no choice', () => {
    chooseTheme('dark');
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem(KEY)).toBe('dark');
    expect(readThemeChoice()).toBe('dark');

    chooseTheme('light');
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem(KEY)).toBe('light');

    chooseTheme('system');
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(readThemeChoice()).toBe('system');
  });

  test('an unknown stored value means System', () => {
    localStorage.setItem(KEY, 'purple');
    expect(readThemeChoice()).toBe('system');
  });

  test('System follows the operating system as it changes; an explicit choice does not', () => {
    const system = fakeSystemScheme(false);
    stop = followThemeChanges();
    expect(shownTheme()).toBe('light');
    system.set(true);
    expect(shownTheme()).toBe('dark');
    system.set(false);
    expect(shownTheme()).toBe('light');

    chooseTheme('light');
    system.set(true);
    expect(shownTheme()).toBe('light');
    chooseTheme('system');
    expect(shownTheme()).toBe('dark');

    stop();
    stop = undefined;
    expect(system.listening()).toBe(0);
  });

  test("another tab's choice is followed", () => {
    stop = followThemeChanges();
    localStorage.setItem(KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'dark' }));
    expect(getThemeChoice()).toBe('dark');
    expect(shownTheme()).toBe('dark');
  });
});

describe('the theme choice in the account menu', () => {
  async function openMenu() {
    fakeApi({});
    signInAs({ role: 'developer' });
    renderApp('/developer');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    return within(screen.getByRole('menu')).getByRole('group', { name: 'Theme' });
  }

  const checked = (group: HTMLElement) =>
    within(group)
      .getAllByRole('menuitemradio')
      .filter((item) => item.getAttribute('aria-checked') === 'true')
      .map((item) => item.textContent?.replace('✓', ''));

  test('offers Light, Dark and System as radio items, System checked by default', async () => {
    const group = await openMenu();
    expect(within(group).getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''))).toEqual(['Light', 'Dark', 'System']);
    expect(checked(group)).toEqual(['System']);
  });

  test('choosing Dark shows it, checks it, remembers it and keeps the menu open', async () => {
    const group = await openMenu();
    fireEvent.click(within(group).getByRole('menuitemradio', { name: 'Dark' }));
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem(KEY)).toBe('dark');
    expect(checked(group)).toEqual(['Dark']);
    screen.getByRole('menu');
  });
});
