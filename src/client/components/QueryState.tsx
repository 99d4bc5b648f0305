/**
 * product.md#empty-states: 'Loading' while pending, '<message>...' on failure, otherwise the
 * data. A failure is shown by FailureState (docs/product.md#failures) as soon as the first
 * attempt fails, while the automatic retries go on; a retry that succeeds replaces it with the data.
 */
import type { ReactNode } from 'react';
import { FailureState } from './FailureState.tsx';
import styles from './QueryState.module.css';

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

/** The error line of product.md#errors and what to do about it (FailureState). */
export function QueryError({ error, onRetry }: { error: Error; onRetry(): void }) {
  return <FailureState error={error} onRetry={onRetry} />;
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
