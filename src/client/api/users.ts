/** Staff and developer lists, read by the admin screens and the assign-developer picker. */
import type { ListEnvelope, User } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { GROUPS } from '../lib/useChange.ts';
import { useQuery } from '../lib/query.ts';

export function useStaff() {
  return useQuery(GROUPS.staff, async (signal) => (await request<ListEnvelope<User>>('/users', { signal })).data.list);
}

export function useDevelopers(options: { enabled?: boolean } = {}) {
  return useQuery(GROUPS.developers, async (signal) => (await request<ListEnvelope<User>>('/developers', { signal })).data.list, options);
}
