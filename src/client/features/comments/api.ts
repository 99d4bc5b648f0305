/**
 * A ticket's conversation (design.md#comments): the read under ['comments', number], page by page
 * (design.md#api-edges), and the three changes, each through useChange (toast, refresh the comments
 * and the lists' comment counts).
 */
import type { CommentPage, TicketComment } from '../../../shared/comments.ts';
import type { Mentionable } from '../../../shared/notifications.ts';
import type { Envelope, ListEnvelope } from '../../../shared/types.ts';
import { useInfiniteQuery } from '../../lib/infiniteQuery.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS, useChange, type ChangeOptions, type Group } from '../../lib/useChange.ts';

export type { CommentPage, TicketComment };

const commentsPath = (number: string) => `/tickets/${encodeURIComponent(number)}/comments`;
const commentPath = (id: number) => `/comments/${encodeURIComponent(String(id))}`;

/** An answer without next_cursor (a server before paging) is the whole list. */
const nextCursor = (page: CommentPage) => page.next_cursor ?? null;

/**
 * The comments, oldest first, a page at a time: the first page, then one more per fetchNextPage.
 * A refresh (the stream's 'comment' events, every change here) reloads as many pages as are shown.
 */
export function useComments(number: string) {
  return useInfiniteQuery(
    [...GROUPS.comments, number],
    async (cursor, signal) => {
      const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
      return (await request<Envelope<CommentPage>>(commentsPath(number) + query, { signal })).data;
    },
    { nextCursor },
  );
}

/** Comments, and the counts on cards and rows. */
const REFRESH: readonly Group[] = ['comments', 'tickets', 'mytickets'];

type Answer = Envelope<TicketComment | undefined>;
type Options<V> = Omit<ChangeOptions<V, Answer>, 'refresh'>;

const addComment = ({ number, body }: { number: string; body: string }) => request<Answer>(commentsPath(number), { method: 'POST', json: { body } });
const editComment = ({ id, body }: { id: number; body: string }) => request<Answer>(commentPath(id), { method: 'PATCH', json: { body } });
const deleteComment = ({ id }: { id: number }) => request<Answer>(commentPath(id), { method: 'DELETE' });

export const useAddComment = (options?: Options<{ number: string; body: string }>) => useChange(addComment, { ...options, refresh: REFRESH });
export const useEditComment = (options?: Options<{ id: number; body: string }>) => useChange(editComment, { ...options, refresh: REFRESH });
export const useDeleteComment = (options?: Options<{ id: number }>) => useChange(deleteComment, { ...options, refresh: REFRESH });

/** The people whose name or address starts with what follows '@' (at most 8), for the composer's suggestions. */
export function useMentionable(query: string, enabled: boolean) {
  return useQuery(
    ['mentionable', query],
    async (signal) => (await request<ListEnvelope<Mentionable>>(`/users/mentionable?${new URLSearchParams({ q: query })}`, { signal })).data.list,
    { enabled },
  );
}
