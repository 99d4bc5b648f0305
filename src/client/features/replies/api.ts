/** Canned replies' calls (design.md#canned-replies): the list everyone reads, and a super's changes. */
import type { CannedReply, ReplyInput } from '../../../shared/replies.ts';
import type { Envelope } from '../../../shared/types.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS, useChange } from '../../lib/useChange.ts';

export type { CannedReply, ReplyInput };

/** The replies by title; `enabled` false waits (the composer asks only once its menu opens). */
export function useReplies(enabled = true) {
  return useQuery([...GROUPS.replies], async (signal) => (await request<Envelope<{ list: CannedReply[] }>>('/replies', { signal })).data.list, { enabled });
}

export type ReplyChange = { kind: 'create'; input: ReplyInput } | { kind: 'update'; id: number; input: ReplyInput } | { kind: 'delete'; id: number };

type Answer = Partial<Envelope<CannedReply>>;

function send(change: ReplyChange): Promise<Answer> {
  if (change.kind === 'create') return request('/replies', { method: 'POST', json: change.input });
  if (change.kind === 'update') return request(`/replies/${change.id}`, { method: 'PATCH', json: change.input });
  return request(`/replies/${change.id}`, { method: 'DELETE' });
}

/** Create, edit and delete: each toasts the answer and refreshes the list, then `onDone` (closes its dialog). */
export const useReplyChange = (onDone?: () => void) => useChange(send, { refresh: ['replies'], onSuccess: onDone });
