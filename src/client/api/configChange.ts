/**
 * Create, edit and delete for a configuration list (product.md#calls): each one toasts the answer,
 * refreshes the list and lands on the list's page (product.md#navigation), through useChange.
 */
import type { Envelope } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { useChange } from '../lib/useChange.ts';

export type ConfigList = 'categories' | 'services';

type Answer = Partial<Envelope<unknown>>;
export type ConfigChange<I> = { kind: 'create'; input: I } | { kind: 'update'; id: number; input: I } | { kind: 'delete'; id: number };

function send<I>(list: ConfigList, change: ConfigChange<I>): Promise<Answer> {
  const base = `/config/${list}`;
  if (change.kind === 'create') return request(base, { method: 'POST', json: change.input });
  if (change.kind === 'update') return request(`${base}/${change.id}`, { method: 'PATCH', json: change.input });
  return request(`${base}/${change.id}`, { method: 'DELETE' });
}

/** One mutation for create, edit and delete: they answer, refresh and navigate alike. */
export function useConfigChange<I>(list: ConfigList, listPath: string, onDone?: () => void) {
  return useChange((change: ConfigChange<I>) => send(list, change), { refresh: [list], onSuccess: onDone, to: () => listPath });
}
