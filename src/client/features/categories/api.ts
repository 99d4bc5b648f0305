/** Category mutations (SPEC §7); each one refreshes the list and lands on /admin/category (SPEC §4). */
import { useLocation } from 'wouter';
import type { Envelope } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { invalidate, useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { configKeys } from '../../api/config.ts';

export const CATEGORIES_PATH = '/admin/category';

export type CategoryInput = {
  name: string;
};

type Answer = Partial<Envelope<unknown>>;
type Change = { kind: 'create'; input: CategoryInput } | { kind: 'update'; id: number; input: CategoryInput } | { kind: 'delete'; id: number };

function send(change: Change): Promise<Answer> {
  if (change.kind === 'create') return request('/config/categories', { method: 'POST', json: change.input });
  if (change.kind === 'update') return request(`/config/categories/${change.id}`, { method: 'PATCH', json: change.input });
  return request(`/config/categories/${change.id}`, { method: 'DELETE' });
}

/** One mutation for create, edit and delete: they answer, refresh and navigate alike. */
export function useCategoryChange(onDone?: () => void) {
  const [, navigate] = useLocation();
  return useMutation(send, {
    onSuccess(answer) {
      if (answer.message) toast.success(answer.message);
      invalidate(configKeys.categories);
      onDone?.();
      navigate(CATEGORIES_PATH);
    },
    onError: (error) => toast.error(error.message),
  });
}
