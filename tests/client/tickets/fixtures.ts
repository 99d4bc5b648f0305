/** Tickets, people and fake-server routes shared by the ticket screen tests. */
import type { Category, Service, Ticket, TicketLogEntry, User } from '../../../src/shared/types.ts';
import { ticketRoutes } from '../ticketServer.ts';

export const ADMIN = { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', role: 'super' } as const;
export const SUPPORT = { id: 2, first_name: 'Sam', last_name: 'Support', email: 'sam@example.com', role: 'support' } as const;
export const DEV = { id: 3, first_name: 'Dora', last_name: 'Dev', email: 'dora@example.com', role: 'developer' } as const;
export const OTHER_DEV = { id: 4, first_name: 'Otto', last_name: 'Other', email: 'otto@example.com', role: 'developer' } as const;

export const NUMBER = 'TCK-000001';

let nextId = 1;

export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = nextId++;
  return {
    id,
    number: `TCK-${String(id).padStart(6, '0')}`,
    title: 'Printer on fire',
    description: 'The printer in room 4 is on fire again.',
    priority: 'high',
    category: 'Hardware',
    category_id: 1,
    service: 'Checkout',
    service_id: 10,
    app: 'shaq_app',
    link: null,
    due_date: null,
    image: null,
    has_image: false,
    comment_count: 0,
    status: 'opened',
    created_by: SUPPORT.first_name,
    created_by_id: SUPPORT.id,
    developer: null,
    created_at: '2026-03-01T09:05:00Z',
    updated_at: '2026-03-01T09:05:00Z',
    ...overrides,
  };
}

export const CATEGORIES: Category[] = [
  { id: 1, name: 'Hardware' },
  { id: 2, name: 'Payments' },
];

export const SERVICES: Service[] = [
  { id: 10, name: 'Checkout', app: 'shaq_app' },
  { id: 11, name: 'Wallet', app: 'shaq_app' },
  { id: 20, name: 'Delivery', app: 'shaq_express' },
];

export const DEVELOPERS: User[] = [
  { ...DEV, last_seen: null },
  { ...OTHER_DEV, last_seen: null },
];

export const LOG: TicketLogEntry[] = [
  {
    id: 1,
    name: 'Sam',
    action: 'opened',
    opened_at: '2026-03-01T09:05:00Z',
    assigned_at: null,
    closed_at: null,
    unassigned_at: null,
    created_at: '2026-03-01T09:05:00Z',
  },
];

export const list = <T,>(items: T[]) => ({ body: { data: { list: items } } });
export const one = <T,>(item: T) => ({ body: { data: item } });
export const answer = (message: string) => ({ body: { message, data: {} } });

/** The routes a ticket detail screen reads, with the ticket under NUMBER. */
export function detailRoutes(ticket: Ticket) {
  return {
    [`GET /tickets/${ticket.number}`]: one(ticket),
    [`GET /activity-log/${ticket.number}`]: list(LOG),
    ...ticketRoutes([ticket]),
    'GET /developers': list(DEVELOPERS),
    'GET /config/categories': list(CATEGORIES),
    'GET /config/services': list(SERVICES),
  };
}

/** Gives tickets falling created_at stamps, so newest first is the order given. */
export function newestFirst(...tickets: Ticket[]): Ticket[] {
  return tickets.map((ticket, i) => Object.assign(ticket, { created_at: new Date(Date.UTC(2026, 2, 1, 9) - i * 60_000).toISOString() }));
}
