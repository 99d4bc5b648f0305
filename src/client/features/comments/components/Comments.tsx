/**
 * The conversation on a ticket (design.md#comments), on every details page: the comments oldest first
 * with author, role and relative time (exact time on hover); the author edits and deletes their
 * own, a super deletes any; a composer that sends on Ctrl/Cmd+Enter, offers people after '@',
 * and keeps its draft in sessionStorage across a reload; the page may add tools beside it (the canned
 * replies' menu, which puts text at the caret). TicketTimeline places them on the ticket's
 * timeline among its activity entries (design.md#ticket-page).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ROLE_LABELS } from '../../../../shared/constants.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import { validateComment } from '../../../../shared/comments.ts';
import type { User } from '../../../../shared/types.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useDraft } from '../../../lib/draft.ts';
import { Button } from '../../../components/Button.tsx';
import { TextArea } from '../../../components/TextArea.tsx';
import { useAddComment, useEditComment, type CommentPage, type TicketComment } from '../api.ts';
import { relativeTime } from '../../../lib/relativeTime.ts';
import { insertText } from '../insertText.ts';
import { CommentBody } from './CommentBody.tsx';
import { useMentionSuggestions } from './useMentionSuggestions.tsx';
import mentionStyles from './Mentions.module.css';
import styles from './Comments.module.css';

export const DELETE_COMMENT = 'Are you sure you want to delete this comment?';
export const SHOW_MORE = 'Show more comments';
export const loadedComments = (pages: readonly CommentPage[] | undefined): TicketComment[] => pages?.flatMap((page) => page.list) ?? [];
/** Every comment on the ticket: the first page's total, or what is loaded when the answer has none. */
export const totalOf = (pages: readonly CommentPage[] | undefined) => Math.max(pages?.[0]?.total ?? 0, loadedComments(pages).length);

/** The composer's draft name (lib/draft.ts): one per ticket. */
const draftName = (number: string) => `comment:${number}`;
/** The current time, moved on every minute so '5 min ago' stays true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The send shortcut as this keyboard spells it. */
const SEND_HINT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter to send' : 'Ctrl+Enter to send';

/** Ctrl+Enter or Cmd+Enter sends. */
const isSendKey = (event: KeyboardEvent) => event.key === 'Enter' && (event.ctrlKey || event.metaKey);

function CommentEditor({ comment, onDone }: { comment: TicketComment; onDone(): void }) {
  const [body, setBody] = useState(comment.body);
  const [error, setError] = useState<string>();
  const edit = useEditComment({ onSuccess: onDone });
  function save() {
    const problem = validateComment({ body }).body;
    setError(problem);
    if (problem || edit.isPending) return;
    if (body.trim() === comment.body.trim()) return onDone();
    edit.mutate({ id: comment.id, body: body.trim() });
  }
  return (
    <div className={styles.editor}>
      <TextArea
        label="Edit comment"
        name="comment-edit"
        value={body}
        onChange={setBody}
        error={error}
        rows={3}
        autoFocus
        onKeyDown={(event) => {
          if (isSendKey(event)) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') onDone();
        }}
      />
      <div className={styles.row}>
        <Button size="sm" onClick={save} disabled={edit.isPending}>
          {edit.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function CommentItem({ comment, user, now, onDelete }: { comment: TicketComment; user: User; now: number; onDelete(comment: TicketComment): void }) {
  const [editing, setEditing] = useState(false);
  const mine = comment.author.id !== null && comment.author.id === user.id;
  const canDelete = mine || user.role === 'super';
  return (
    <li className={styles.comment} aria-label={`Comment by ${comment.author.name}`}>
      <div className={styles.meta}>
        <span className={styles.author}>{comment.author.name}</span>
        <span className={styles.role}>{ROLE_LABELS[comment.author.role] ?? comment.author.role}</span>
        <time className={styles.time} dateTime={comment.created_at} title={formatLogDate(comment.created_at)}>
          {relativeTime(comment.created_at, now)}
        </time>
        {comment.edited_at && (
          <span className={styles.edited} title={`Edited ${formatLogDate(comment.edited_at)}`}>
            (edited)
          </span>
        )}
        {!editing && (mine || canDelete) && (
          <span className={styles.actions}>
            {mine && (
              <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label="Edit comment">
                Edit
              </Button>
            )}
            {canDelete && (
              <Button size="sm" variant="ghost" onClick={() => onDelete(comment)} aria-label="Delete comment">
                Delete
              </Button>
            )}
          </span>
        )}
      </div>
      {editing ? <CommentEditor comment={comment} onDone={() => setEditing(false)} /> : <CommentBody text={comment.body} className={styles.body} />}
    </li>
  );
}

/** Controls beside the composer's buttons; `insert` puts text at the caret (replacing a selection) and focuses the box after it. */
export type ComposerTools = (insert: (text: string) => void) => ReactNode;

/** @param tools controls the page adds beside the composer's buttons. @default none */
export function Composer({ number, tools }: { number: string; tools?: ComposerTools }) {
  const userId = useAuth((state) => state.user?.id);
  const [body, setBody, clearDraft] = useDraft(userId, draftName(number), () => '');
  const [error, setError] = useState<string>();
  const hint = useId();
  const add = useAddComment({ onSuccess: clearDraft });
  const box = useRef<HTMLTextAreaElement>(null);
  const setText = (text: string) => {
    setBody(() => text);
    if (error) setError(validateComment({ body: text }).body);
  };
  const mentions = useMentionSuggestions(body, setText, box);
  const change = (text: string) => {
    setText(text);
    mentions.onTextChange(text);
  };
  // After an insertion the caret goes after the inserted text, once it is in the box.
  const insertedCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const textarea = box.current;
    if (insertedCaret.current === null || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(insertedCaret.current, insertedCaret.current);
    insertedCaret.current = null;
    mentions.onTextChange(textarea.value);
  });
  const insert = (text: string) => {
    const selection = box.current;
    const next = insertText(body, selection?.selectionStart ?? body.length, selection?.selectionEnd ?? body.length, text);
    insertedCaret.current = next.caret;
    setText(next.text);
  };
  function send() {
    const problem = validateComment({ body }).body;
    setError(problem);
    if (problem || add.isPending) return;
    add.mutate({ number, body: body.trim() });
  }
  function cancel() {
    clearDraft();
    setError(undefined);
  }
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className={mentionStyles.box}>
        <TextArea
          ref={box}
          label="Add a comment"
          name="comment"
          value={body}
          onChange={change}
          error={error}
          rows={3}
          {...mentions.textareaProps}
          onKeyDown={(event) => {
            if (mentions.onKeyDown(event)) return;
            if (isSendKey(event)) {
              event.preventDefault();
              send();
            }
          }}
        />
        {mentions.popup}
      </div>
      <div className={styles.row}>
        {tools?.(insert)}
        <span id={hint} className={styles.hint}>
          {SEND_HINT}
        </span>
        {body && (
          <Button type="button" variant="secondary" size="sm" onClick={cancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add comment'}
        </Button>
      </div>
    </form>
  );
}
