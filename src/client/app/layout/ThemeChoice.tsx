/**
 * Light / Dark / System in the account menu: a labelled group of menuitemradio items (WAI-ARIA
 * menu pattern), remembered on this device. Choosing keeps the menu open, so the change is seen.
 */
import { useId } from 'react';
import { chooseTheme, THEME_CHOICES, useThemeChoice, type ThemeChoice as Choice } from '../../lib/theme.ts';
import menuStyles from './Header.module.css';
import styles from './ThemeChoice.module.css';

const LABELS: Record<Choice, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const GROUP_LABEL = 'Theme';

export function ThemeChoice() {
  const chosen = useThemeChoice();
  const labelId = useId();
  return (
    <li role="none" className={styles.section}>
      <span id={labelId} className={styles.label}>
        {GROUP_LABEL}
      </span>
      <ul role="group" aria-labelledby={labelId} className={styles.group}>
        {THEME_CHOICES.map((choice) => (
          <li role="none" key={choice}>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={chosen === choice}
              className={menuStyles.menuItem}
              onClick={() => chooseTheme(choice)}
            >
              <span className={styles.mark} aria-hidden="true">
                {chosen === choice ? '✓' : ''}
              </span>
              {LABELS[choice]}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
