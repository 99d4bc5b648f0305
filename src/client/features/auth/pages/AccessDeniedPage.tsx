/** product.md#access-denied: shown to a signed-in user outside their own area. */
import { ACCESS_DENIED } from '../../../../shared/messages.ts';
import { Button } from '../../../components/Button.tsx';
import { useSignOut } from '../api.ts';
import styles from './AuthPages.module.css';

export function AccessDeniedPage() {
  const signOut = useSignOut();
  return (
    <main className={styles.screen}>
      <div role="alert" className={`${styles.card} ${styles.denied}`}>
        <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="var(--color-danger-soft)" />
          <rect x="15" y="22" width="18" height="13" rx="2" fill="var(--color-danger)" />
          <path d="M19 22v-4a5 5 0 0 1 10 0v4" fill="none" stroke="var(--color-danger)" strokeWidth="3" />
        </svg>
        <h1 className={styles.title}>{ACCESS_DENIED.title}</h1>
        <p className={styles.text}>{ACCESS_DENIED.text}</p>
        <Button onClick={() => void signOut()}>{ACCESS_DENIED.back}</Button>
      </div>
    </main>
  );
}
