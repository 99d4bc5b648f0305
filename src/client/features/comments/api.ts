/**
 * A ticket's conversation (design.md#comments): the read under ['comments', number] and the three
 * changes, each through useChange (toast, refresh the comments and the lists' comment counts).
 */
import type { TicketComment } from '../../../shared/comments.ts';
import type { Envelope, ListEnvelope } from '../../../shared/types.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS, useChange, type ChangeOptions, type Group } from '../../lib/useChange.ts';

export type { TicketComment };

const commentsPath = (number: string) => `/tickets/${encodeURIComponent(number)}/comments`;
const commentPath = (id: number) => `/comments/${encodeURIComponent(String(id))}`;

/** The comments, oldest first; refreshed by the stream's 'comment' events and by every change here. */
export function useComments(number: string) {
  return useQuery([...GROUPS.comments, number], async (signal) => (await request<ListEnvelope<TicketComment>>(commentsPath(number), { signal })).data.list);
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
