/** The header of every signed-in screen: brand, the notification bell, avatar with initials, first name, role, menu. */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ROLE_LABELS } from '../../../shared/constants.ts';
import { initials } from '../../../shared/format.ts';
import { Icon } from '../../components/Icon.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { useAuth } from '../../lib/auth.ts';
import { startLiveUpdates, useLiveStatus } from '../../lib/liveUpdates.ts';
import { areaOf } from '../../lib/paths.ts';
import { UserMenu } from './UserMenu.tsx';
import styles from './Header.module.css';

export interface HeaderProps {
  /** Where the brand links to (the area's home). */
  home: string;
  /** Opens the phone navigation; the button shows only when given. */
  onMenuClick?: () => void;
  /** Whether the phone navigation is open (for aria-expanded). @default false */
  menuOpen?: boolean;
  /** Extra content between the brand and the account, e.g. a top navigation. */
  children?: ReactNode;
}

/**
 * The tab's one live-update stream (design.md#live-updates), open while a signed-in screen is shown: every
 * area's layout has this header, and the sign-in page does not, so the stream opens after sign-in
 * and closes on sign-out; a new session gets a new stream. (Here rather than in App, so the
 * sign-in screen's bundle does not carry it.)
 */
function useLiveUpdates() {
  const token = useAuth((state) => state.accessToken);
  useEffect(() => (token ? startLiveUpdates() : undefined), [token]);
}

/** A quiet word on the live-update stream: 'Live' while it is open, 'Reconnecting…' while it is not. */
function LiveIndicator() {
  const status = useLiveStatus();
  if (status !== 'live' && status !== 'reconnecting') return null;
  const live = status === 'live';
  return (
    <span className={styles.live} data-state={status} title={live ? 'Lists and tickets update by themselves' : 'Updates paused; trying again'}>
      <span className={styles.liveDot} aria-hidden="true" />
      {live ? 'Live' : 'Reconnecting…'}
    </span>
  );
}

export function Header({ home, onMenuClick, menuOpen = false, children }: HeaderProps) {
  const user = useAuth((state) => state.user);
  useLiveUpdates();
  const firstName = user?.first_name ?? '';
  return (
    <header className={styles.header}>
      {onMenuClick && (
        <button type="button" className={`${styles.iconButton} ${styles.navToggle}`} aria-label="Open navigation" aria-expanded={menuOpen} onClick={onMenuClick}>
          <Icon name="menu" />
        </button>
      )}
      <Link href={home} className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          <Icon name="ticket" size={18} />
        </span>
        <span className={styles.brandName}>Helpdesk</span>
      </Link>
      <div className={styles.middle}>{children}</div>
      <LiveIndicator />
      <NotificationBell area={areaOf(home)} />
      <div className={styles.account}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(firstName)}
        </span>
        <span className={styles.who}>
          <span className={styles.name}>{firstName}</span>
          <span className={styles.role}>{user ? (ROLE_LABELS[user.role] ?? user.role) : ''}</span>
        </span>
        <UserMenu />
      </div>
    </header>
  );
}
