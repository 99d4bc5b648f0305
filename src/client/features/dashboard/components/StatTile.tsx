import type { QueryResult } from '../../../lib/query.ts';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import styles from './StatTile.module.css';

/** Shown while the count is unknown (loading or failed): the grid below says why. */
const UNKNOWN = '–';

interface Props {
  label: string;
  icon: IconName;
  query: QueryResult<readonly unknown[]>;
}

export function StatTile({ label, icon, query }: Props) {
  const count = query.data?.length;
  return (
    <div className={styles.tile} role="group" aria-label={label} aria-busy={query.isPending}>
      <span className={styles.icon} aria-hidden="true">
        <Icon name={icon} size={24} />
      </span>
      <div className={styles.text}>
        <span className={styles.label}>{label}</span>
        <strong className={styles.count}>{count ?? UNKNOWN}</strong>
      </div>
    </div>
  );
}
