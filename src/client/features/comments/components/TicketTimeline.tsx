/**
 * The ticket's one timeline (design.md#ticket-page): its comments and its activity entries in one
 * list by time, oldest first, the composer under the newest. A long conversation loads page by
 * page from the oldest ('Show more comments' below, as before); until the last page is in, entries
 * later than the last comment shown wait, so nothing ever appears above what happened before it.
 */
import { useState } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { interleave, shownUntil } from '../../../lib/timeline.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryError, QueryState } from '../../../components/QueryState.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { Timeline, type Activity, type TimelineItem } from '../../../components/Timeline.tsx';
import { useComments, useDeleteComment, type TicketComment } from '../api.ts';
import { CommentItem, Composer, DELETE_COMMENT, type ComposerTools, SHOW_MORE, loadedComments, totalOf, useNow } from './Comments.tsx';
import panel from '../../../components/Panel.module.css';
import styles from './Comments.module.css';

const TITLE = 'Activity';
const countOf = (total: number) => (total === 1 ? '1 comment' : `${total} comments`);

/** @param composerTools controls the page adds beside the composer's buttons. @default none */
export function TicketTimeline({ number, activity, composerTools }: { number: string; activity: Activity; composerTools?: ComposerTools }) {
  const comments = useComments(number);
  const user = useAuth((state) => state.user);
  const now = useNow();
  const [deleting, setDeleting] = useState<TicketComment | null>(null);
  const remove = useDeleteComment({ onSuccess: () => setDeleting(null), onError: () => setDeleting(null) });
  if (!user) return null;
  const total = totalOf(comments.data);

  return (
    <section className={panel.panel} aria-labelledby="ticket-timeline-title">
      <div className={styles.header}>
        <h2 id="ticket-timeline-title" className={styles.heading}>
          {TITLE}
        </h2>
        {total > 0 && <span className={styles.count}>{countOf(total)}</span>}
      </div>
      {activity.status}
      <QueryState query={comments}>
        {(pages) => {
          const list = loadedComments(pages);
          const lastShown = comments.hasNextPage ? list.at(-1)?.created_at : undefined;
          const commentItems: TimelineItem[] = list.map((comment) => ({
            key: `comment-${comment.id}`,
            at: comment.created_at,
            node: <CommentItem comment={comment} user={user} now={now} onDelete={setDeleting} />,
          }));
          return (
            <>
              <Timeline items={interleave(shownUntil(activity.items, lastShown), commentItems)} label={`${TITLE}, oldest first`} />
              {list.length === 0 && <p className={styles.none}>No comments yet.</p>}
              <ShowMore query={comments} label={SHOW_MORE} size="sm" count={{ loaded: list.length, total }} className={styles.more} />
              {/* A failed refresh or next page: the loaded comments stay, with the message and Retry below. */}
              {comments.error && <QueryError error={comments.error} onRetry={comments.refetch} />}
            </>
          );
        }}
      </QueryState>
      <Composer key={number} number={number} tools={composerTools} />
      {deleting && (
        <ConfirmDialog
          open
          title={DELETE_COMMENT}
          confirmLabel="Yes"
          cancelLabel="Cancel"
          pending={remove.isPending}
          pendingLabel="Deleting..."
          onConfirm={() => remove.mutate({ id: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
