/** Saved views' calls (design.md#saved-views): the list, and saving, renaming and deleting one. */
import type { Envelope } from '../../../shared/types.ts';
import type { SavedView } from '../../../shared/views.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS, useChange } from '../../lib/useChange.ts';

export function useViews() {
  return useQuery([...GROUPS.views], async (signal) => (await request<Envelope<{ list: SavedView[] }>>('/views', { signal })).data.list);
}

export interface NewView {
  name: string;
  query: string;
  shared: boolean;
}

export const useSaveView = (onDone: () => void) =>
  useChange((view: NewView) => request<Envelope<SavedView>>('/views', { method: 'POST', json: view }), { refresh: ['views'], onSuccess: onDone });

export const useRenameView = (onDone: () => void) =>
  useChange(({ id, name }: { id: number; name: string }) => request<Envelope<SavedView>>(`/views/${id}`, { method: 'PATCH', json: { name } }), {
    refresh: ['views'],
    onSuccess: onDone,
  });

export const useDeleteView = (onDone: () => void) =>
  useChange((id: number) => request<{ message: string }>(`/views/${id}`, { method: 'DELETE' }), { refresh: ['views'], onSuccess: onDone });
