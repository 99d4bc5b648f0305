/** The admin shell: header, left navigation (a slide-out panel on phones), content. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { useFocusTrap } from '../../components/useFocusTrap.ts';
import { useSignOut } from '../../features/auth/api.ts';
import { matchesRoute, ROUTES } from '../../lib/paths.ts';
import { Header } from './Header.tsx';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import { KioskFrame } from './KioskFrame.tsx';
import { useKioskMode } from '../../lib/kiosk.ts';
import styles from './Layout.module.css';

const ADMIN = ROUTES.admin;

/** The navigation; each entry stays lit on the pages of its section (a ticket's details, a create form). */
const ADMIN_NAV: readonly { href: string; label: string; icon: IconName; section: readonly string[] }[] = [
  { href: ADMIN.home, label: 'Home', icon: 'home', section: [ADMIN.home] },
  { href: ADMIN.tickets, label: 'Tickets', icon: 'ticket', section: [ADMIN.tickets, ADMIN.ticket, ADMIN.editTicket] },
  { href: ADMIN.staff, label: 'Staff', icon: 'users', section: [ADMIN.staff, ADMIN.createAccount] },
  { href: ADMIN.developers, label: 'Developers', icon: 'user', section: [ADMIN.developers] },
  { href: ADMIN.createTicket, label: 'Create Ticket', icon: 'plus', section: [ADMIN.createTicket] },
  { href: ADMIN.categories, label: 'Categories', icon: 'category', section: [ADMIN.categories, ADMIN.createCategory] },
  { href: ADMIN.services, label: 'Services', icon: 'services', section: [ADMIN.services, ADMIN.createService] },
  { href: ADMIN.replies, label: 'Replies', icon: 'comment', section: [ADMIN.replies] },
  { href: ADMIN.board, label: 'Board', icon: 'board', section: [ADMIN.board] },
  { href: ADMIN.reports, label: 'Reports', icon: 'chart', section: [ADMIN.reports] },
  { href: ADMIN.audit, label: 'Audit log', icon: 'history', section: [ADMIN.audit] },
  { href: ADMIN.mail, label: 'Mail', icon: 'mail', section: [ADMIN.mail] },
  { href: ADMIN.sla, label: 'Service levels', icon: 'clock', section: [ADMIN.sla] },
];

const isActive = (section: readonly string[], path: string) => section.some((route) => matchesRoute(route, path));

/** @param views the saved views, shown under Tickets (app/savedViews.tsx). */
export function AdminLayout({ children, views }: { children: ReactNode; views?: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const kiosk = useKioskMode();

  const drawer = useRef<HTMLElement>(null);

  // A saved view may open the list already shown, with another search.
  useEffect(() => setOpen(false), [path, search]);
  // The phone drawer: focus goes in, stays in, Escape closes it and focus returns to the menu button.
  useFocusTrap(drawer, open, () => setOpen(false));

  if (kiosk) return <KioskFrame>{children}</KioskFrame>;
  return (
    <div className={styles.admin}>
      <SkipLink />
      <KeyboardShortcuts area={'admin'} />
      <Header home={ADMIN.home} onMenuClick={() => setOpen(true)} menuOpen={open} />
      {open && <div className={styles.overlay} onClick={() => setOpen(false)} aria-hidden="true" />}
      <nav ref={drawer} id="admin-nav" aria-label="Main" className={open ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}>
        <button type="button" className={styles.sidebarClose} aria-label="Close navigation" onClick={() => setOpen(false)}>
          <Icon name="close" />
        </button>
        <ul className={styles.navList}>
          {ADMIN_NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={styles.navLink} aria-current={isActive(item.section, path) ? 'page' : undefined}>
                <Icon name={item.icon} />
                {item.label}
              </Link>
              {item.href === ADMIN.tickets && views}
            </li>
          ))}
          <li className={styles.navEnd}>
            <button type="button" className={styles.navLink} onClick={() => void signOut()}>
              <Icon name="logout" />
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <main id={MAIN_ID} tabIndex={-1} className={styles.content}>{children}</main>
    </div>
  );
}
