/** The service-level policy (docs/design.md#service-levels): read by the admin page, the queue's chips and the dashboard's tiles. */
import type { SlaPolicy } from '../../shared/sla.ts';
import type { Envelope } from '../../shared/types.ts';
import { useQuery } from '../lib/query.ts';
import { request } from '../lib/request.ts';
import { GROUPS } from '../lib/useChange.ts';

/** GET /sla: the policy, or null while service levels are off. */
export function useSlaPolicy() {
  return useQuery(GROUPS.sla, async (signal) => (await request<Envelope<SlaPolicy | null>>('/sla', { signal })).data);
}

/** Whether service levels are on; false until known and when the server cannot say. */
export function useSlaOn(): boolean {
  const policy = useSlaPolicy();
  return Boolean(policy.data);
}
