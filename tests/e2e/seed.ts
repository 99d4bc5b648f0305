/** Preconditions shared by the ticket journeys, created through the real API. */
import { ADMIN } from './server.ts';
import { CAST, type Api, type SeedUser } from './api.ts';

export interface World {
  admin: SeedUser;
  support: SeedUser;
  dev1: SeedUser;
  dev2: SeedUser;
  category: { id: number; name: string };
  consumerService: { id: number; name: string; app: string };
  expressService: { id: number; name: string; app: string };
}

/** Categories, one service per app, a support user and two developers. */
export async function seedWorld(api: Api): Promise<World> {
  const admin = await api.signIn(ADMIN.email, ADMIN.password);
  const category = await api.createCategory(admin.token, 'Payments');
  await api.createCategory(admin.token, 'Accounts');
  const consumerService = await api.createService(admin.token, 'Checkout', 'shaq_app');
  const expressService = await api.createService(admin.token, 'Rider tracking', 'shaq_express');
  const support = await api.createAccount(admin.token, CAST.support);
  const dev1 = await api.createAccount(admin.token, CAST.dev1);
  const dev2 = await api.createAccount(admin.token, CAST.dev2);
  return { admin, support, dev1, dev2, category, consumerService, expressService };
}

export async function seedTicket(api: Api, world: World, by: SeedUser, title: string, priority: 'low' | 'medium' | 'high' = 'high') {
  return api.createTicket(by.token, {
    title,
    description: `${title}: the customer cannot finish the payment step.`,
    priority,
    category_id: world.category.id,
    service_id: world.consumerService.id,
    app: 'shaq_app',
    link: 'https://example.com/report/1',
  });
}
