/**
 * The app's pages a link from outside it (a notification e-mail) may open, written once: the
 * client's route table (src/client/lib/paths.ts) is built on them, and the mail links to them.
 */
import type { Role } from './constants.ts';

/** Each area's home page. */
export const AREA_HOME = { admin: '/admin', support: '/support', developer: '/developer' } as const;

export type Area = keyof typeof AREA_HOME;

/** A ticket's page in each area; ':ticketID' is its number. */
export const TICKET_PAGE = {
  admin: '/admin/ticket/:ticketID',
  support: '/support/ticket-details/:ticketID',
  developer: '/developer/ticket-details/:ticketID',
} as const;

/** Each role's area (product.md#roles). */
export const AREA_OF_ROLE: Record<Role, Area> = { super: 'admin', support: 'support', developer: 'developer' };

/** On any page of an area, this query opens the profile at its notification preferences. */
export const PREFERENCES_QUERY = { name: 'profile', value: 'notifications' } as const;

/** A route pattern with its ticket number filled in. */
export const withTicket = (route: string, number: string) => route.replace(':ticketID', encodeURIComponent(number));

/** The path of a ticket's page for a person of `role`. */
export const ticketPagePath = (role: Role, number: string) => withTicket(TICKET_PAGE[AREA_OF_ROLE[role]], number);

/** The path that opens a person's notification preferences. */
export const preferencesPath = (role: Role) => `${AREA_HOME[AREA_OF_ROLE[role]]}?${PREFERENCES_QUERY.name}=${PREFERENCES_QUERY.value}`;
