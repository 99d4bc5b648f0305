/** The admin shell: header, left navigation (a slide-out panel on phones), content. */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { Header } from './Header.tsx';
import styles from './Layout.module.css';

export const ADMIN_NAV: readonly { href: string; label: string; icon: IconName }[] = [
  { href: '/admin', label: 'Home', icon: 'home' },
  { href: '/admin/tickets', label: 'Tickets', icon: 'ticket' },
  { href: '/admin/staff', label: 'Staff', icon: 'users' },
  { href: '/admin/developer', label: 'Developers', icon: 'user' },
  { href: '/admin/create-ticket', label: 'Create Ticket', icon: 'plus' },
  { href: '/admin/category', label: 'Categories', icon: 'category' },
  { href: '/admin/service', label: 'Services', icon: 'services' },
];

/** Home is active only on itself; the others also on their sub-pages (e.g. a ticket's details). */
function isActive(href: string, path: string): boolean {
  if (href === '/admin') return path === href;
  if (href === '/admin/tickets') return path === href || path.startsWith('/admin/ticket/') || path.startsWith('/admin/edit-ticket/');
  if (href === '/admin/staff') return path === href || path === '/admin/create-account';
  return path === href || path === href.replace('/admin/', '/admin/create-');
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();

  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={styles.admin}>
      <Header home="/admin" onMenuClick={() => setOpen(true)} menuOpen={open} />
      {open && <div className={styles.overlay} onClick={() => setOpen(false)} aria-hidden="true" />}
      <nav id="admin-nav" aria-label="Main" className={open ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}>
        <button type="button" className={styles.sidebarClose} aria-label="Close navigation" onClick={() => setOpen(false)}>
          <Icon name="close" />
        </button>
        <ul className={styles.navList}>
          {ADMIN_NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={styles.navLink} aria-current={isActive(item.href, path) ? 'page' : undefined}>
                <Icon name={item.icon} />
                {item.label}
              </Link>
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
      <main className={styles.content}>{children}</main>
    </div>
  );
}
