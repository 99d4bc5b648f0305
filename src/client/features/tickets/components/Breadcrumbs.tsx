import { Link } from 'wouter';
import styles from './Breadcrumbs.module.css';

/** 'Tickets > Ticket Details' on the admin detail screen. */
export function Breadcrumbs() {
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        <li>
          <Link href="/admin/tickets" className={styles.link}>
            Tickets
          </Link>
        </li>
        <li aria-hidden="true" className={styles.separator}>
          &gt;
        </li>
        <li aria-current="page" className={styles.current}>
          Ticket Details
        </li>
      </ol>
    </nav>
  );
}
