/** product.md#empty-states: 'Loading' while pending, '<message>...' on failure, otherwise the data. */
import type { ReactNode } from 'react';
import type { QueryResult } from '../lib/query.ts';
import styles from './QueryState.module.css';

export interface QueryStateProps<T> {
  query: QueryResult<T>;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  // Data already on screen stays there while a refetch runs or fails.
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <p role="alert" className={styles.error}>
        {`${query.error.message}...`}
      </p>
    );
  }
  return (
    <p role="status" className={styles.loading}>
      Loading
    </p>
  );
}
