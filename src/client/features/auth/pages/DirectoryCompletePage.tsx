/**
 * '/auth/complete#handoff=…' (docs/design.md#directory-sign-in): the directory said yes. The
 * one-time handoff leaves the address bar before anything else, is traded for a session like a
 * password sign-in's, and the person lands on the page first asked for or their role's home.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { DIRECTORY_SIGN_IN } from '../../../../shared/directory.ts';
import { ButtonLink } from '../../../components/Button.tsx';
import { SIGN_IN } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { acceptSignIn, finishDirectorySignIn, takeHandoff } from '../directory.ts';
import styles from './AuthPages.module.css';

export function DirectoryCompletePage() {
  // Taken during the first render, so the handoff is out of the address before any effect or request.
  const [handoff] = useState(takeHandoff);
  const [failure, setFailure] = useState<string | null>(handoff ? null : DIRECTORY_SIGN_IN.missingHandoff);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!handoff) return;
    let current = true;
    finishDirectorySignIn(handoff).then(
      (answer) => {
        if (!current) return;
        const to = acceptSignIn(answer.data);
        if (answer.message) toast.success(answer.message);
        navigate(to, { replace: true });
      },
      (error: Error) => current && setFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [handoff, navigate]);

  return (
    <main className={styles.screen}>
      <div className={`${styles.card} ${styles.denied}`} aria-busy={failure ? undefined : true}>
        <h1 className={styles.title}>{failure ? DIRECTORY_SIGN_IN.completeFailed : DIRECTORY_SIGN_IN.completing}</h1>
        {failure && (
          <>
            <p className={styles.text}>{failure}</p>
            <ButtonLink href={SIGN_IN}>{DIRECTORY_SIGN_IN.backToSignIn}</ButtonLink>
          </>
        )}
      </div>
    </main>
  );
}
