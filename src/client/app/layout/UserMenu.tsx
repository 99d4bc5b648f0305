/**
 * The header's account menu: Edit profile, Change password, Log out (product.md#header). A
 * directory account has no password here: no Change password (Edit profile says why).
 */
import { useState } from 'react';
import { PREFERENCES_QUERY } from '../../../shared/pages.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { useMenuButton } from '../../components/useMenuButton.ts';
import { useSignOut } from '../../features/auth/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { ChangePasswordDialog } from '../../features/profile/components/ChangePasswordDialog.tsx';
import { EditProfileDialog } from '../../features/profile/components/EditProfileDialog.tsx';
import styles from './Header.module.css';
import { ThemeChoice } from './ThemeChoice.tsx';

type Open = 'profile' | 'password' | null;

/** A notification e-mail's footer links to `?profile=notifications`: the profile, where the switches are. */
const askedForPreferences = () => new URLSearchParams(window.location.search).get(PREFERENCES_QUERY.name) === PREFERENCES_QUERY.value;

function closeDialog(setDialog: (open: Open) => void): void {
  // Drop the e-mail's query, so that a reload does not open the profile again.
  if (askedForPreferences()) window.history.replaceState(window.history.state, '', window.location.pathname);
  setDialog(null);
}

function MenuItem({ icon, label, onSelect }: { icon: IconName; label: string; onSelect: () => void }) {
  return (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={onSelect}>
        <Icon name={icon} size={18} />
        {label}
      </button>
    </li>
  );
}

export function UserMenu() {
  const { open: expanded, close, buttonProps, menuProps } = useMenuButton();
  const [dialog, setDialog] = useState<Open>(() => (askedForPreferences() ? 'profile' : null));
  const signOut = useSignOut();
  const fromDirectory = useAuth((state) => state.user?.source === 'directory');

  // Focus goes back to the menu button first, so a dialog opened from the menu returns it there.
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div className={styles.menuRoot}>
      <button type="button" className={styles.iconButton} aria-label="Account menu" {...buttonProps}>
        <Icon name="chevron" size={18} className={expanded ? styles.chevronOpen : styles.chevron} />
      </button>
      {expanded && (
        <ul aria-label="Account" className={styles.menu} {...menuProps}>
          <MenuItem icon="user" label="Edit profile" onSelect={choose(() => setDialog('profile'))} />
          {!fromDirectory && <MenuItem icon="key" label="Change password" onSelect={choose(() => setDialog('password'))} />}
          <ThemeChoice />
          <MenuItem icon="logout" label="Log out" onSelect={choose(() => void signOut())} />
        </ul>
      )}
      <EditProfileDialog open={dialog === 'profile'} onClose={() => closeDialog(setDialog)} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </div>
  );
}
