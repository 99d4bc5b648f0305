/** Show more under a list loaded page by page, with how many of how many beside it when the total is known. */
import { Button, type ButtonSize } from './Button.tsx';
import styles from './ShowMore.module.css';

/** What ShowMore reads of a page-by-page query (useInfiniteQuery's result fits). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

interface Props {
  query: NextPageQuery;
  label: string;
  size?: ButtonSize;
  /** Shown as "{loaded} of {total}". */
  count?: { loaded: number; total: number };
  /** The caller's spacing around the row. */
  className?: string;
}

/** Nothing once the last page is loaded. */
export function ShowMore({ query, label, size, count, className }: Props) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className ? `${styles.more} ${className}` : styles.more}>
      <Button variant="secondary" size={size} aria-busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
      {count && (
        <span className={styles.count}>
          {count.loaded} of {count.total}
        </span>
      )}
    </div>
  );
}
