/** Categories and services: read by the ticket forms and the admin configuration screens. */
import type { Category, ListEnvelope, Service } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { GROUPS } from '../lib/useChange.ts';
import { useQuery } from '../lib/query.ts';

export function useCategories() {
  return useQuery(GROUPS.categories, async (signal) => (await request<ListEnvelope<Category>>('/config/categories', { signal })).data.list);
}

export function useServices() {
  return useQuery(GROUPS.services, async (signal) => (await request<ListEnvelope<Service>>('/config/services', { signal })).data.list);
}
