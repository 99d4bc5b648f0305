/** 'c' opens Create Ticket where the area has one; '?' opens the list of shortcuts (lib/shortcuts.ts). */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '../../components/Dialog.tsx';
import { isShortcut, SHORTCUTS } from '../../lib/shortcuts.ts';
import { ROUTES, type Area } from '../../lib/paths.ts';
import styles from './KeyboardShortcuts.module.css';

const TITLE = 'Keyboard shortcuts';

/** The create-ticket page of an area whose role may create tickets (not the developer's). */
function createPathOf(area: Area): string | undefined {
  const routes: Record<string, string> = ROUTES[area];
  return routes.createTicket;
}

export function KeyboardShortcuts({ area }: { area: Area }) {
  const [path, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const create = createPathOf(area);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isShortcut(event, SHORTCUTS.help)) {
        event.preventDefault();
        setOpen(true);
      } else if (create && path !== create && isShortcut(event, SHORTCUTS.create)) {
        event.preventDefault();
        navigate(create);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [create, path, navigate]);

  const shown = Object.values(SHORTCUTS).filter((shortcut) => shortcut !== SHORTCUTS.create || create);
  return (
    <Dialog open={open} title={TITLE} onClose={() => setOpen(false)}>
      <dl className={styles.list}>
        {shown.map((shortcut) => (
          <div key={shortcut.key} className={styles.row}>
            <dt>
              <kbd className={styles.key}>{shortcut.key}</kbd>
            </dt>
            <dd className={styles.text}>
              {shortcut.action}
              {'where' in shortcut && <span className={styles.where}>{shortcut.where}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
