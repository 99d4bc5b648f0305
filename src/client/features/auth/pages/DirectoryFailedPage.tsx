/**
 * '/auth/failed?reason=…' (docs/design.md#directory-sign-in): the directory sign-in gave no
 * session. A calm page: what happened, what to do, and the way back to sign in.
 */
import { useSearch } from 'wouter';
import type { DirectoryFailure } from '../../../../shared/auth.ts';
import { DIRECTORY_FAILURE_UNKNOWN, DIRECTORY_FAILURE_TEXTS, DIRECTORY_SIGN_IN } from '../../../../shared/directory.ts';
import { ButtonLink } from '../../../components/Button.tsx';
import { SIGN_IN } from '../../../lib/paths.ts';
import styles from './AuthPages.module.css';

const REASON_PARAM = 'reason';

function failureText(reason: string | null) {
  return reason && Object.hasOwn(DIRECTORY_FAILURE_TEXTS, reason) ? DIRECTORY_FAILURE_TEXTS[reason as DirectoryFailure] : DIRECTORY_FAILURE_UNKNOWN;
}

export function DirectoryFailedPage() {
  const reason = new URLSearchParams(useSearch()).get(REASON_PARAM);
  const { title, text, next } = failureText(reason);
  return (
    <main className={styles.screen}>
      <div className={`${styles.card} ${styles.denied}`} data-reason={reason ?? ''}>
        <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
          <circle cx="24" cy="15" r="2.5" fill="var(--color-primary)" />
          <rect x="21.5" y="21" width="5" height="15" rx="2" fill="var(--color-primary)" />
        </svg>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{text}</p>
        <p className={styles.text}>{next}</p>
        <ButtonLink href={SIGN_IN}>{DIRECTORY_SIGN_IN.backToSignIn}</ButtonLink>
      </div>
    </main>
  );
}
