/**
 * The header's bell (docs/design.md#notifications): the unread count, kept fresh by the live
 * stream's `notification` event and the usual refetch on focus and online; it opens the panel.
 * Its name carries the count ('Notifications, 3 unread'); a rise is also said once, politely.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { badgeText, bellLabel } from '../../../../shared/notifications.ts';
import { Icon } from '../../../components/Icon.tsx';
import type { Area } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api.ts';
import { NotificationPanel } from './NotificationPanel.tsx';
import styles from './Notifications.module.css';

/** 'You have 2 unread notifications' after the count went up; nothing on the first read. */
function useRiseAnnouncement(count: number | undefined): string {
  const [said, setSaid] = useState('');
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (last.current !== undefined && count > last.current) setSaid(`You have ${count} unread notification${count === 1 ? '' : 's'}`);
    last.current = count;
  }, [count]);
  return said;
}

export interface NotificationBellProps {
  /** Where a notification's ticket opens. */
  area: Area;
}

export function NotificationBell({ area }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const announcement = useRiseAnnouncement(unread.data);
  // Escape and the close button hand focus back to the bell; a click elsewhere or a chosen ticket leave it be.
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return (
    <div className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <Icon name="bell" />
        {count > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      {open && (
<NotificationPanel id={panelId} area={area} unread={count} bell={button} onClose={close} />
      )}
    </div>
  );
}
