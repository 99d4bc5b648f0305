/** /admin/sla's changes (docs/design.md#service-levels): save the policy, turn service levels off. Reading is api/sla.ts. */
import type { SlaPolicy } from '../../../shared/sla.ts';
import type { Envelope } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { toast } from '../../lib/toast.ts';
import { TICKET_GROUPS, useChange } from '../../lib/useChange.ts';

export { useSlaPolicy } from '../../api/sla.ts';

/** Every open ticket's deadlines follow the policy: its lists and counts refresh with it. */
const REFRESH = ['sla', ...TICKET_GROUPS] as const;

export const SAVED = 'Service levels saved.';
export const TURNED_OFF = 'Service levels are off.';

export function useSavePolicy(options: { onSuccess(policy: SlaPolicy): void }) {
  return useChange((policy: SlaPolicy) => request<Envelope<SlaPolicy>>('/sla', { method: 'PUT', json: policy }), {
    refresh: REFRESH,
    onSuccess(answer) {
      if (!answer.message) toast.success(SAVED);
      options.onSuccess(answer.data);
    },
  });
}

export function useTurnOff(options: { onSuccess(): void }) {
  return useChange(() => request<Partial<Envelope<unknown>> | undefined>('/sla', { method: 'DELETE' }), {
    refresh: REFRESH,
    onSuccess(answer) {
      if (!answer?.message) toast.success(TURNED_OFF);
      options.onSuccess();
    },
  });
}
