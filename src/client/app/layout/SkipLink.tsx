/** The first Tab stop of every signed-in screen: 'Skip to content', shown only while focused. */
import type { MouseEvent } from 'react';
import styles from './SkipLink.module.css';

/** The id of each shell's <main>, the skip link's target. */
export const MAIN_ID = 'main-content';

// Focus moves without a '#main-content' history entry, which would count as a page of its own.
function skip(event: MouseEvent) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={styles.skip} onClick={skip}>
      Skip to content
    </a>
  );
}
