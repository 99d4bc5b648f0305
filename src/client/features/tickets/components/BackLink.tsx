import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import { Icon } from '../../../components/Icon.tsx';
import { canGoBackInApp } from '../../../lib/inAppHistory.ts';
import styles from './BackLink.module.css';

/**
 * Goes back in history, to the list as it was left; when that would leave the app (a page
 * opened from elsewhere or in a new tab) it goes to `fallback`, the area's list, instead.
 */
export function BackLink({ fallback }: { fallback: string }) {
  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (!canGoBackInApp()) return;
    event.preventDefault();
    window.history.back();
  }
  return (
    <Link href={fallback} onClick={back} className={styles.link}>
      <Icon name="back" size={18} />
      Back
    </Link>
  );
}
