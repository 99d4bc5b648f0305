/** Categories and services: read by the ticket forms and the admin configuration screens. */
import type { Category, ListEnvelope, Service } from '../../shared/types.ts';
import { request } from '../lib/request.ts';
import { useQuery } from '../lib/query.ts';

export const configKeys = { categories: ['categories'] as const, services: ['services'] as const };

export function useCategories() {
  return useQuery(configKeys.categories, async () => (await request<ListEnvelope<Category>>('/config/categories')).data.list);
}

export function useServices() {
  return useQuery(configKeys.services, async () => (await request<ListEnvelope<Service>>('/config/services')).data.list);
}
