/** The support and developer shell: header with a small top navigation, then the content. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { areaOf } from '../../lib/paths.ts';
import { Header } from './Header.tsx';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import { KioskFrame } from './KioskFrame.tsx';
import { useKioskMode } from '../../lib/kiosk.ts';
import styles from './Layout.module.css';

export interface AreaLink {
  href: string;
  label: string;
}

export interface AreaLayoutProps {
  /** The area's home, e.g. '/support'. */
  home: string;
  /** Top navigation links. @default [] */
  links?: readonly AreaLink[];
  /** The saved views, after the links (app/savedViews.tsx). */
  views?: ReactNode;
  children: ReactNode;
}

export function AreaLayout({ home, links = [], views, children }: AreaLayoutProps) {
  const [path] = useLocation();
  const kiosk = useKioskMode();
  if (kiosk) return <KioskFrame>{children}</KioskFrame>;
  return (
    <div className={styles.area}>
      <SkipLink />
      <KeyboardShortcuts area={areaOf(home)} />
      <Header home={home}>
        <nav aria-label="Main" className={styles.topNav}>
          {links.map((link) => (
            <Link key={link.href} href={link.href} className={styles.topLink} aria-current={path === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          ))}
          {views}
        </nav>
      </Header>
      <main id={MAIN_ID} tabIndex={-1} className={styles.areaContent}>{children}</main>
    </div>
  );
}
