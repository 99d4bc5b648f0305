/**
 * The colour theme a person chose on this device (Light, Dark or System) and how it shows: as
 * `data-theme="light|dark"` on <html>, which styles/tokens.css reads. No React here, so the
 * boot script (src/client/themeBoot.ts) can apply it before the first paint.
 */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/** localStorage key of the choice; absent means System. */
export const THEME_STORAGE_KEY = 'Helpdesk-theme';
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'system';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const isChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** The stored choice; System when none is stored, it is unreadable, or storage is blocked. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : DEFAULT_THEME_CHOICE;
  } catch {
    return DEFAULT_THEME_CHOICE;
  }
}

/** Remembers the choice on this device; System is stored as no choice at all. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === DEFAULT_THEME_CHOICE) window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked (private mode, policy): the choice still holds for this page.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** The theme a choice shows now: System follows prefers-color-scheme. */
export function resolveTheme(choice: ThemeChoice): Theme {
  if (choice !== 'system') return choice;
  return systemPrefersDark() ? 'dark' : 'light';
}

/** Shows the choice: sets data-theme on <html> to the resolved theme. */
export function applyTheme(choice: ThemeChoice): Theme {
  const theme = resolveTheme(choice);
  document.documentElement.dataset.theme = theme;
  return theme;
}
