/** Staff and developer lists, read by the admin screens and the assign-developer picker. */
import type { ListEnvelope, User } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { useQuery } from '../lib/query.ts';

export const userKeys = { staff: ['staff'] as const, developers: ['developers'] as const };

export function useStaff() {
  return useQuery(userKeys.staff, async () => (await request<ListEnvelope<User>>('/users')).data.list);
}

export function useDevelopers(options: { enabled?: boolean } = {}) {
  return useQuery(userKeys.developers, async () => (await request<ListEnvelope<User>>('/developers')).data.list, options);
}
