/**
 * Every client route, written once (product.md#screens). Route tables, links, navigation after
 * actions and the admin navigation's active entry all read these; nothing else spells a path.
 */
import { ROLES, type Role } from '../../shared/constants.ts';
import { AREA_HOME, AREA_OF_ROLE, TICKET_PAGE, withTicket } from '../../shared/pages.ts';

export { withTicket };

/** The sign-in page; every other route needs a session. */
export const SIGN_IN = '/';

/**
 * The pages a directory sign-in comes back to (docs/design.md#directory-sign-in): open to anyone,
 * signed in or not, since they are reached from outside the app.
 */
export const DIRECTORY_PAGES = { complete: '/auth/complete', failed: '/auth/failed' } as const;

/** Patterns as wouter reads them; ':ticketID' is a ticket number. */
export const ROUTES = {
  admin: {
    home: AREA_HOME.admin,
    tickets: '/admin/tickets',
    ticket: TICKET_PAGE.admin,
    editTicket: '/admin/edit-ticket/:ticketID',
    createTicket: '/admin/create-ticket',
    staff: '/admin/staff',
    createAccount: '/admin/create-account',
    developers: '/admin/developer',
    categories: '/admin/category',
    createCategory: '/admin/create-category',
    services: '/admin/service',
    createService: '/admin/create-service',
    board: '/admin/board',
    reports: '/admin/reports',
    audit: '/admin/audit',
    mail: '/admin/mail',
    sla: '/admin/sla',
    replies: '/admin/replies',
  },
  support: {
    home: AREA_HOME.support,
    createTicket: '/support/create-ticket',
    editTicket: '/support/edit-ticket/:ticketID',
    ticket: TICKET_PAGE.support,
  },
  developer: {
    home: AREA_HOME.developer,
    ticket: TICKET_PAGE.developer,
    board: '/developer/board',
  },
} as const;

export type Area = keyof typeof ROUTES;


/** A ticket's detail page in an area. */
export const detailPath = (area: Area, number: string) => withTicket(ROUTES[area].ticket, number);

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The area a path belongs to: the shared ticket pages serve more than one. */
export function areaOf(path: string): Area {
  return (['developer', 'support'] as const).find((area) => isUnder(path, ROUTES[area].home)) ?? 'admin';
}

/** The role, whatever its letter case, or undefined when it is not one of ours. */
export function normalizeRole(role: unknown): Role | undefined {
  const lower = typeof role === 'string' ? role.toLowerCase() : '';
  return ROLES.find((known) => known === lower);
}

/** Where sign-in sends a user: their area, or '/' for an unknown role (product.md#auth-flow). */
export function homeOf(role: unknown): string {
  const known = normalizeRole(role);
  return known ? ROUTES[AREA_OF_ROLE[known]].home : SIGN_IN;
}

/** Whether a path lies in a role's area; case-sensitive, as the guard wants ('/Admin' is not '/admin'). */
export const inAreaOf = (role: Role, path: string) => isUnder(path, ROUTES[AREA_OF_ROLE[role]].home);

/** Whether a concrete path matches a route pattern (':name' matches one non-empty segment). */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

/** What the browser tab shows after a page's name. */
export const APP_NAME = 'Helpdesk';

type Titles<A extends Area> = Record<keyof (typeof ROUTES)[A], string>;

/** Each route's page name, for `document.title` and the route-change announcement. */
export const ROUTE_TITLES: { [A in Area]: Titles<A> } = {
  admin: {
    home: 'Dashboard',
    tickets: 'Tickets',
    ticket: 'Ticket',
    editTicket: 'Edit ticket',
    createTicket: 'Create ticket',
    staff: 'Staff',
    createAccount: 'Create account',
    developers: 'Developers',
    categories: 'Categories',
    createCategory: 'Create category',
    services: 'Services',
    createService: 'Create service',
    board: 'Board',
    reports: 'Reports',
    audit: 'Audit log',
    mail: 'Mail',
    sla: 'Service levels',
    replies: 'Canned replies',
  },
  support: { home: 'Tickets', createTicket: 'Create ticket', editTicket: 'Edit ticket', ticket: 'Ticket' },
  developer: { home: 'Tickets', ticket: 'Ticket', board: 'Board' },
};

/** Page names outside the route tables. */
export const OTHER_TITLES = {
  signIn: 'Sign in',
  denied: 'Access Denied',
  notFound: 'Page not found',
  directoryComplete: 'Signing in',
  directoryFailed: 'Sign-in failed',
} as const;

/** The page name of a path inside an area ('Ticket TCK-000001' on a ticket's pages), or 'Page not found'. */
export function routeTitle(area: Area, path: string): string {
  const routes: Record<string, string> = ROUTES[area];
  const titles: Record<string, string> = ROUTE_TITLES[area];
  const key = Object.keys(routes).find((name) => matchesRoute(routes[name]!, path));
  if (!key) return OTHER_TITLES.notFound;
  const ticketAt = routes[key]!.split('/').indexOf(':ticketID');
  const number = ticketAt < 0 ? '' : decodeSegment(path.split('/')[ticketAt] ?? '');
  return number ? `${titles[key]} ${number}` : titles[key]!;
}

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The browser tab's title for a page name: 'Tickets · Helpdesk'. */
export const documentTitle = (page: string) => `${page} · ${APP_NAME}`;
