/**
 * The theme store (useSyncExternalStore): the device's Light / Dark / System choice, kept in
 * localStorage and shown as data-theme on <html> (see themeChoice.ts). System follows the
 * operating system's setting as it changes; another tab's choice is followed too.
 */
import { useSyncExternalStore } from 'react';
import { applyTheme, DARK_SCHEME_QUERY, readThemeChoice, saveThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './themeChoice.ts';

export { THEME_CHOICES, type ThemeChoice } from './themeChoice.ts';

let current: ThemeChoice = readThemeChoice();
const listeners = new Set<() => void>();

function show(choice: ThemeChoice): void {
  current = choice;
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getThemeChoice = (): ThemeChoice => current;

/** Shows the choice at once and remembers it on this device. */
export function chooseTheme(choice: ThemeChoice): void {
  saveThemeChoice(choice);
  show(choice);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, getThemeChoice);
}

/**
 * Keeps the shown theme in step with the system setting (while the choice is System) and with a
 * choice made in another tab. Returns the function that stops it.
 */
export function followThemeChanges(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : undefined;
  const onSystemChange = () => current === 'system' && applyTheme('system');
  const onStorage = (event: StorageEvent) => (event.key === THEME_STORAGE_KEY || event.key === null) && show(readThemeChoice());
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  show(readThemeChoice());
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
