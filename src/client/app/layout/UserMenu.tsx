/** The header's account menu: Edit profile, Change password, Log out (product.md#header). */
import { useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { ChangePasswordDialog } from '../../features/profile/components/ChangePasswordDialog.tsx';
import { EditProfileDialog } from '../../features/profile/components/EditProfileDialog.tsx';
import styles from './Header.module.css';
import { ThemeChoice } from './ThemeChoice.tsx';

type Open = 'profile' | 'password' | null;

function MenuItem({ icon, label, onSelect }: { icon: IconName; label: string; onSelect: () => void }) {
  return (
    <li role="none">
      <button type="button" role="menuitem" className={styles.menuItem} onClick={onSelect}>
        <Icon name={icon} size={18} />
        {label}
      </button>
    </li>
  );
}

export function UserMenu() {
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<Open>(null);
  const signOut = useSignOut();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!expanded) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setExpanded(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setExpanded(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

  const choose = (action: () => void) => () => {
    setExpanded(false);
    action();
  };

  return (
    <div className={styles.menuRoot} ref={root}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={expanded}
        onClick={() => setExpanded((value) => !value)}
      >
        <Icon name="chevron" size={18} className={expanded ? styles.chevronOpen : styles.chevron} />
      </button>
      {expanded && (
        <ul role="menu" aria-label="Account" className={styles.menu}>
          <MenuItem icon="user" label="Edit profile" onSelect={choose(() => setDialog('profile'))} />
          <MenuItem icon="key" label="Change password" onSelect={choose(() => setDialog('password'))} />
          <ThemeChoice />
          <MenuItem icon="logout" label="Log out" onSelect={choose(() => void signOut())} />
        </ul>
      )}
      <EditProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </div>
  );
}
