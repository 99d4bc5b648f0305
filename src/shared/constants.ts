/** Domain constants shared by the client and the server (product.md#fields, #limits). */

export const ROLES = ['super', 'support', 'developer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What screens call each role (header, staff table, create-account form): the one label map.
 * Code and the API use the role names themselves; the areas are named by their paths (/admin).
 */
export const ROLE_LABELS: Record<Role, string> = { super: 'Super', support: 'Support', developer: 'Developer' };

/** Roles the create-account form may give (product.md#limits). */
export const CREATABLE_ROLES = ['support', 'developer'] as const satisfies readonly Role[];

export const STATUSES = ['opened', 'assigned', 'closed'] as const;
export type Status = (typeof STATUSES)[number] | 'reopened';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const APPS = ['shaq_app', 'shaq_express'] as const;
export type AppName = (typeof APPS)[number];

export const APP_LABELS: Record<AppName, string> = {
  shaq_app: 'Consumer app',
  shaq_express: 'Express app',
};

export const LOG_ACTIONS = ['opened', 'assigned', 'unassigned', 'closed'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const LIMITS = {
  imageMaxBytes: 512_000,
  titleMinCreate: 3,
  titleMinEdit: 2,
  textMax: 500,
  /** design.md#stored-limits: what one ticket may store, so no list can grow without bound. */
  descriptionMax: 20_000,
  linkMax: 2_048,
  descriptionMin: 10,
  signInPasswordMin: 7,
  accountPasswordMin: 8,
  /** Any password the server stores must be at least this long, whatever the form says. */
  serverPasswordMin: 8,
  changePasswordMin: 2,
  nameMin: 2,
  categoryNameMin: 3,
  serviceNameMin: 3,
  cardTitleMax: 30,
  cardTitleKeep: 26,
  cardNameMax: 10,
  cardNameKeep: 8,
} as const;

/** US short month names, as log dates and due dates are shown (product.md#log-entry). */
/** Comments one person may add in a minute, across all tickets (design.md#api-edges): more is a script, not a conversation. */
export const COMMENTS_PER_MINUTE = 30;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const AUTH_STORAGE_KEY = 'Auth-token';

/** What a screen shows where a ticket has no value: no developer, no link, an empty extra field (product.md#ticket-card). */
export const NO_VALUE = '---';
