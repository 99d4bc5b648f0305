/** Service mutations (SPEC §7); each one refreshes the list and lands on /admin/service (SPEC §4). */
import { useLocation } from 'wouter';
import type { Envelope } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { invalidate, useMutation } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { configKeys } from '../../api/config.ts';

export const SERVICES_PATH = '/admin/service';

export type ServiceInput = {
  name: string;
  app: string;
};

type Answer = Partial<Envelope<unknown>>;
type Change = { kind: 'create'; input: ServiceInput } | { kind: 'update'; id: number; input: ServiceInput } | { kind: 'delete'; id: number };

function send(change: Change): Promise<Answer> {
  if (change.kind === 'create') return request('/config/services', { method: 'POST', json: change.input });
  if (change.kind === 'update') return request(`/config/services/${change.id}`, { method: 'PATCH', json: change.input });
  return request(`/config/services/${change.id}`, { method: 'DELETE' });
}

/** One mutation for create, edit and delete: they answer, refresh and navigate alike. */
export function useServiceChange(onDone?: () => void) {
  const [, navigate] = useLocation();
  return useMutation(send, {
    onSuccess(answer) {
      if (answer.message) toast.success(answer.message);
      invalidate(configKeys.services);
      onDone?.();
      navigate(SERVICES_PATH);
    },
    onError: (error) => toast.error(error.message),
  });
}
