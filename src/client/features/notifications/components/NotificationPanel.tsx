/**
 * The bell's panel: notifications newest first, a page at a time ('Show more'), unread ones marked
 * by a 'New' tag and weight (not colour alone). Choosing one opens its ticket in the user's area
 * and marks it read; 'Mark all read' clears the count. Focus moves in, stays in, and Escape or a
 * click outside closes it (focus back on the bell), as the app's other pop-ups do.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Link } from 'wouter';
import { NOTIFICATION_TEXT as TEXT, type AppNotification } from '../../../../shared/notifications.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { QueryError, QueryState } from '../../../components/QueryState.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { useFocusTrap } from '../../../components/useFocusTrap.ts';
import { detailPath, type Area } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relativeTime.ts';
import { useMarkRead, useNotifications } from '../api.ts';
import styles from './Notifications.module.css';

/** Who did it; the system (an SLA timer) has no actor. */
const SYSTEM_ACTOR = 'Helpdesk';

export interface NotificationPanelProps {
  id: string;
  area: Area;
  unread: number;
  bell: RefObject<HTMLButtonElement | null>;
  /** `refocus`: give focus back to the bell (Escape, the close button). */
  onClose(refocus: boolean): void;
}

function Item({ item, area, now, onChoose }: { item: AppNotification; area: Area; now: number; onChoose(item: AppNotification): void }) {
  const unread = item.read_at === null;
  return (
    <li>
      <Link href={detailPath(area, item.ticket.number)} className={styles.item} data-unread={unread || undefined} onClick={() => onChoose(item)}>
        <span className={styles.itemText}>
          {unread && <span className={styles.newTag}>{TEXT.newTag}</span>}
          {item.text}
        </span>
        <span className={styles.itemMeta}>
          {item.actor?.name ?? SYSTEM_ACTOR}
          {' · '}
          <time dateTime={item.created_at} title={formatLogDate(item.created_at)}>
            {relativeTime(item.created_at, now)}
          </time>
        </span>
      </Link>
    </li>
  );
}

export function NotificationPanel({ id, area, unread, bell, onClose }: NotificationPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const now = Date.now();
  useFocusTrap(panel, true, () => onClose(true));

  // A click anywhere else closes it; the bell's own click toggles it instead.
  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !bell.current?.contains(target)) onClose(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [bell, onClose]);

  const choose = (item: AppNotification) => {
    if (item.read_at === null) markRead.mutate({ ids: [item.id] });
    onClose(false);
  };
  const items = list.data?.flatMap((page) => page.list) ?? [];

  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} className={styles.panel} tabIndex={-1}>
      <div className={styles.panelHead}>
        <h2 id={titleId} className={styles.panelTitle}>
          {TEXT.panelTitle}
        </h2>
        <Button size="sm" variant="ghost" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          {TEXT.markAllRead}
        </Button>
        <button type="button" className={styles.close} aria-label={`Close ${TEXT.panelTitle.toLowerCase()}`} onClick={() => onClose(true)}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className={styles.panelBody}>
        <QueryState query={list}>
          {() =>
            items.length === 0 ? (
              <p className={styles.empty}>{TEXT.empty}</p>
            ) : (
              <>
                <ul className={styles.list}>
                  {items.map((item) => (
                    <Item key={item.id} item={item} area={area} now={now} onChoose={choose} />
                  ))}
                </ul>
                <ShowMore query={list} label={TEXT.showMore} size="sm" className={styles.more} />
                {list.error && <QueryError error={list.error} onRetry={list.refetch} />}
              </>
            )
          }
        </QueryState>
      </div>
    </div>
  );
}
