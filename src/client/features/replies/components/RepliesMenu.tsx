/**
 * The composer's "Replies" menu (design.md#canned-replies): the canned replies by title, a search
 * above them when there are many, and the chosen one's text handed to `onInsert` (the composer
 * puts it at the caret). The list is asked for the first time the menu opens.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useMenuButton } from '../../../components/useMenuButton.ts';
import { useAuth } from '../../../lib/auth.ts';
import { ROUTES } from '../../../lib/paths.ts';
import { useReplies, type CannedReply } from '../api.ts';
import styles from './RepliesMenu.module.css';

export const REPLIES_BUTTON = 'Replies';
export const REPLIES_MENU = 'Canned replies';
/** From this many replies on, a search box sits above them. */
export const SEARCH_FROM = 8;
const SEARCH_LABEL = 'Search replies';
const LOADING = 'Loading replies...';
const NONE = 'No canned replies yet.';
const NONE_FOR_SUPER = 'Write them on the Replies page.';
const NO_MATCH = 'No reply matches.';
const FAILED = 'The replies could not be loaded.';

const matches = (reply: CannedReply, words: string) => `${reply.title}\n${reply.body}`.toLowerCase().includes(words);

export interface RepliesMenuProps {
  /** Called with the chosen reply's text, once the menu has closed. */
  onInsert(text: string): void;
}

export function RepliesMenu({ onInsert }: RepliesMenuProps) {
  const popup = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(false);
  const replies = useReplies(asked);
  const list = replies.data;
  const { open, close, buttonProps, menuProps, searchProps } = useMenuButton({ popup, ready: list !== undefined });
  const [search, setSearch] = useState('');
  const isSuper = useAuth((state) => state.user?.role === 'super');
  const statusId = useId();

  const words = search.trim().toLowerCase();
  const shown = list?.filter((reply) => matches(reply, words)) ?? [];

  const toggle = () => {
    setAsked(true);
    setSearch('');
    buttonProps.onClick();
  };

  function choose(reply: CannedReply) {
    close();
    onInsert(reply.body);
  }

  function message() {
    if (replies.error && !list) return <span className={styles.error}>{FAILED}</span>;
    if (!list) return LOADING;
    if (list.length === 0) return isSuper ? <>{NONE} <Link href={ROUTES.admin.replies}>{NONE_FOR_SUPER}</Link></> : NONE;
    if (shown.length === 0) return NO_MATCH;
    return null;
  }
  const note = open ? message() : null;

  return (
    <div className={styles.root}>
      <Button
        variant="secondary"
        size="sm"
        {...buttonProps}
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setAsked(true);
          buttonProps.onKeyDown(event);
        }}
      >
        <Icon name="comment" size={16} /> {REPLIES_BUTTON}
      </Button>
      {open && (
        <div ref={popup} className={styles.popup}>
          {list && list.length >= SEARCH_FROM && (
            <input
              {...searchProps}
              className={styles.search}
              aria-label={SEARCH_LABEL}
              placeholder={SEARCH_LABEL}
              aria-describedby={note ? statusId : undefined}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
          {shown.length > 0 && (
            <ul aria-label={REPLIES_MENU} className={styles.menu} {...menuProps}>
              {shown.map((reply) => (
                <li key={reply.id} role="none">
                  <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => choose(reply)}>
                    <span className={styles.title}>{reply.title}</span>
                    <span className={styles.preview}>{reply.body}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p id={statusId} role="status" className={note ? styles.note : 'visually-hidden'}>
            {note}
          </p>
          {replies.error && !list && (
            <Button variant="secondary" size="sm" onClick={replies.refetch}>
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
