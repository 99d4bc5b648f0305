import { Link } from 'wouter';
import { ROUTES } from '../../../lib/paths.ts';
import styles from './Breadcrumbs.module.css';

/**
 * 'Tickets > Ticket Details' on the admin detail screen (product.md#admin-area). The items flow inline with
 * real spaces around the '>', so the trail reads exactly 'Tickets > Ticket Details' both on
 * screen and as text.
 */
export function Breadcrumbs() {
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        <li className={styles.item}>
          <Link href={ROUTES.admin.tickets} className={styles.link}>
            Tickets
          </Link>
        </li>{' '}
        <li aria-hidden="true" className={`${styles.item} ${styles.separator}`}>
          &gt;
        </li>{' '}
        <li aria-current="page" className={`${styles.item} ${styles.current}`}>
          Ticket Details
        </li>
      </ol>
    </nav>
  );
}
