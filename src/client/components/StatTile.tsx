import { Link } from 'wouter';
import { Icon, type IconName } from './Icon.tsx';
import styles from './StatTile.module.css';

/** Shown while the count is unknown (loading or failed): the grid below says why. */
const UNKNOWN = '–';

interface Props {
  label: string;
  icon: IconName;
  /** Undefined while unknown. */
  count: number | undefined;
  pending: boolean;
  /** The list the tile counts. */
  href: string;
}

/** A count that opens its list: the whole tile is one link. */
export function StatTile({ label, icon, count, pending, href }: Props) {
  return (
    <div className={styles.tile} role="group" aria-label={label} aria-busy={pending}>
      <Link href={href} className={styles.link}>
        <span className={styles.icon} aria-hidden="true">
          <Icon name={icon} size={24} />
        </span>
        <span className={styles.text}>
          <span className={styles.label}>{label}</span>
          <strong className={styles.count}>{count ?? UNKNOWN}</strong>
        </span>
      </Link>
    </div>
  );
}
