/** How many comments a ticket has, on cards and table rows; nothing when there are none. */
import { Icon } from '../../../components/Icon.tsx';
import styles from './CommentCount.module.css';

export function CommentCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  const label = count === 1 ? '1 comment' : `${count} comments`;
  return (
    <span className={styles.count} title={label} aria-label={label} role="img">
      <Icon name="comment" size={14} />
      {count}
    </span>
  );
}
