import type { MouseEvent } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import styles from './BackLink.module.css';

/** Goes back in history; a page opened directly (no history) falls back to the area's home. */
export function BackLink({ fallback }: { fallback: string }) {
  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (window.history.length <= 1) return;
    event.preventDefault();
    window.history.back();
  }
  return (
    <a href={fallback} onClick={back} className={styles.link}>
      <Icon name="back" size={18} />
      Back
    </a>
  );
}
