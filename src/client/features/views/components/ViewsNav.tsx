/**
 * The views in an area's navigation (design.md#saved-views): the built-in ones, the person's own,
 * then the shared ones, each with its live count, each opening its list. In the admin sidebar they
 * are a list under a heading; in the support and developer header, behind a "Views" button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BUILT_IN_VIEWS, type SavedView } from '../../../../shared/views.ts';
import { useTicketTotal } from '../../../api/tickets.ts';
import { Icon } from '../../../components/Icon.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useViews } from '../api.ts';
import { isShown, viewSearch, type ListPlace } from '../places.ts';
import { ViewActions } from './ViewActions.tsx';
import styles from './Views.module.css';

export const VIEWS_HEADING = 'Views';

function ViewCount({ place, search }: { place: ListPlace; search: string }) {
  const userId = useAuth((state) => state.user?.id);
  const { source, filters } = place.count(search, userId);
  const total = useTicketTotal(source, filters, { enabled: userId !== undefined });
  if (total.data === undefined) return null;
  return (
    <span className={styles.count}>
      <span className="visually-hidden">, </span>
      {total.data.toLocaleString('en-US')}
      <span className="visually-hidden"> {total.data === 1 ? 'ticket' : 'tickets'}</span>
    </span>
  );
}

function ViewItem({ place, name, query, view, canChange }: { place: ListPlace; name: string; query: string; view?: SavedView; canChange: boolean }) {
  const [path] = useLocation();
  const current = useSearch();
  const search = viewSearch(place, query);
  return (
    <li className={styles.item}>
      <Link href={place.path + search} className={styles.link} aria-current={isShown(place, query, path, current) ? 'page' : undefined}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        {view?.shared && (
          <span className={styles.shared} title="Shared with everyone">
            <Icon name="users" size={14} />
            <span className="visually-hidden">, shared</span>
          </span>
        )}
        <ViewCount place={place} search={search} />
      </Link>
      {/* An empty cell where others have their menu, so the counts line up. */}
      {view && canChange ? <ViewActions view={view} /> : <span className={styles.noActions} />}
    </li>
  );
}

function ViewList({ place, labelledBy }: { place: ListPlace; labelledBy: string }) {
  const role = useAuth((state) => state.user?.role);
  // The section shows whole once the person's views are in (built-in ones too, so nothing jumps);
  // a server without views shows none.
  const saved = useViews().data;
  if (!role || !saved) return null;
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {BUILT_IN_VIEWS[role].map((view) => (
        <ViewItem key={view.key} place={place} name={view.name} query={view.query} canChange={false} />
      ))}
      {saved.map((view) => (
        <ViewItem key={view.id} place={place} name={view.name} query={view.query} view={view} canChange={!view.shared || role === 'super'} />
      ))}
    </ul>
  );
}

/** The admin sidebar's section. */
export function SidebarViews({ place }: { place: ListPlace }) {
  const id = useId();
  if (!useViews().data) return null;
  return (
    <div className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {VIEWS_HEADING}
      </h2>
      <ViewList place={place} labelledBy={id} />
    </div>
  );
}

/** The header's "Views" button and its panel; it closes on Escape, on the button, and when a view opens. */
export function HeaderViews({ place }: { place: ListPlace }) {
  const [open, setOpen] = useState(false);
  const [path] = useLocation();
  const search = useSearch();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [path, search]);
  const loaded = Boolean(useViews().data);
  // A dialog opened from the panel sits in a portal: its Escape is its own.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open || !event.currentTarget.contains(event.target as Node)) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  if (!loaded) return null;
  return (
    <div className={styles.disclosure} onKeyDown={onKeyDown}>
      <button ref={button} type="button" id={`${id}-button`} className={styles.toggle} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        <Icon name="eye" size={18} className={styles.toggleIcon} />
        <span className={styles.toggleLabel}>{VIEWS_HEADING}</span>
        <Icon name="chevron" size={14} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open && (
        <div id={`${id}-panel`} className={styles.panel}>
          <ViewList place={place} labelledBy={`${id}-button`} />
        </div>
      )}
    </div>
  );
}
