/**
 * product.md#empty-states: 'Loading' while pending, '<message>...' on failure, otherwise the
 * data. A failure also offers 'Retry' (issue 13): it shows as soon as the first attempt fails,
 * while the automatic retries go on, and a retry that succeeds replaces it with the data.
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import styles from './QueryState.module.css';

const RETRY_LABEL = 'Retry';

/** What QueryState reads of a query (useQuery's and useInfiniteQuery's results both fit). */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  refetch(): void;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}

/** The error line of product.md#errors and a Retry button. */
export function QueryError({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <div className={styles.failed}>
      <p role="alert" className={styles.error}>
        {`${error.message}...`}
      </p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {RETRY_LABEL}
      </Button>
    </div>
  );
}

export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  // Data already on screen stays there while a refetch runs or fails.
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <QueryError error={query.error} onRetry={query.refetch} />;
  return (
    <p role="status" className={styles.loading}>
      Loading
    </p>
  );
}
