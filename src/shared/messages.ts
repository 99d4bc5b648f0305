/**
 * Every user-visible sentence that product.md fixes, spelled exactly as it spells them (typos included:
 * they are the contract), plus the server's own answers. Nothing else may repeat these strings.
 */
import { COMMENTS_PER_MINUTE } from './constants.ts';

export const VALIDATION = {
  email: "Email must contain @ or '.' ",
  signInPassword: 'Password must be more than 7 characters',
  title: 'Tittle must be at least 2 characters.',
  titleMax: 'Tittle must be at most 500 characters.',
  description: 'description must be at least 2 characters.',
  priority: 'priority must be selected',
  category: 'category must be selected',
  service: 'service must be selected',
  app: 'app must be selected',
  imageSize: 'File size should not exceed 500 KB.',
  imageType: 'Only PNG, JPEG, GIF or WebP images are accepted.',
  link: 'link must be at most 2048 characters.',
  descriptionMax: 'description must be at most 20000 characters.',
  controlCharacters: 'must not contain control characters (line breaks and tabs are fine).',
  username: 'Username must be at least 2 characters.',
  nameMax: 'Name must be at most 500 characters.',
  invalidEmail: 'Invalide Email',
  role: 'Role must be selected.',
  accountPassword: 'Password must be at least 8 characters.',
  categoryName: 'Category must be at least 3 characters.',
  serviceName: 'Service must be at least 3 characters.',
  changePassword: 'Password must be at least 2 characters.',
  passwordMismatch: 'Confirm password does not match',
  passwordRequired: 'Password is required.',
  developer: 'Developer must be selected.',
  status: 'status must be opened, assigned or closed.',
} as const;

/**
 * The report's range (product.md#reports), in the words of its From and To fields: the page shows
 * them under the fields and GET /tickets/report answers them in its 422, for the same rules.
 */
export const REPORT_RANGE = {
  from: "'From' must be a date",
  to: "'To' must be a date",
  order: "'To' must be on or after 'From'",
  span: (maxDays: number) => `The range can be at most ${maxDays} days`,
} as const;

export const CONFIRM = {
  deleteCategory: 'Are you sure you want to delete this category?',
  deleteService: 'Are you sure you want to delete this Sevice?',
  deleteAccount: 'Are you sure you want to delete this account?',
  deleteAccountDetail: 'This action cannot be undone. This will permanently delete the account.',
  removeDeveloper: 'Are you sure you want remove developer?',
  removeDeveloperDetail: "This ticket won't be assigned anymore.",
  closeTicket: 'Are you sure you want to close this ticket?',
  openTicket: 'Are you sure you want to open ticket?',
  assignSelf: 'Are you sure you want to assign this ticket to yourself?',
} as const;

export const EMPTY_STATES = {
  empty: 'You have no Ticket.',
  create: 'You have no ticket, create a ticket.',
  assigned: 'No tickets assigned to you',
  opened: 'You have no Opened or assigned ticket.',
  noCat: 'No category, create a Category.',
  noService: 'No Services, create a service.',
  closed: 'No closed tickets yet.',
  noStaff: 'No staff, create a staff.',
  noDev: 'No developers, create a developer.',
} as const;
export type EmptyVariant = keyof typeof EMPTY_STATES;

export const ACCESS_DENIED = {
  title: 'Access Denied',
  text: "You don't have permission to access this page. Please contact your administrator if you believe this is an error.",
  back: 'Go Back',
} as const;

export const CLIENT_ERRORS = {
  generic: 'Something went wrong!',
  network: 'Network Error!',
} as const;

/** What the server says; the client shows these in toasts. */
export const SERVER = {
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out successfully.',
  badCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  routeNotFound: 'Route not found.',
  methodNotAllowed: 'Method not allowed.',
  malformed: 'The request body is not valid JSON or form data.',
  jsonAsForm: 'The request body is JSON: send it with Content-Type: application/json.',
  formAsJson: 'The request body is form data: send it with Content-Type: application/x-www-form-urlencoded.',
  tooLarge: 'The request body is too large.',
  busy: 'The server is busy. Please try again in a moment.',
  tooManyComments: `You have added ${COMMENTS_PER_MINUTE} comments in the last minute. Please wait a moment and try again.`,
  tooManyStreams: 'Too many live-update connections for this account. Close a tab and try again.',
  tooManyDownloads: 'Too many downloads under way for this account. Wait for one to finish and try again.',
  duplicateHost: 'The request has more than one Host header.',
  serverError: 'Server error.',
  emailTaken: 'The email has already been taken.',
  oldPasswordWrong: 'The old password is incorrect.',
  categoryTaken: 'This category already exists.',
  serviceTaken: 'This service already exists for that app.',
  ticketCreated: 'Ticket created successfully',
  ticketUpdated: 'Ticket updated successfully',
  ticketClosed: 'Ticket closed successfully',
  ticketReopened: 'Ticket reopened successfully',
  ticketAssigned: 'Ticket assigned successfully',
  developerRemoved: 'Developer removed successfully',
  /** Our own: a developer gave back a ticket they held (the Undo of "Assign to me"). */
  ticketGivenBack: 'Ticket given back',
  ticketStateConflict: 'The ticket is not in a state that allows this change.',
  notADeveloper: 'The selected user is not a developer.',
  accountCreated: 'Account created successfully',
  accountDeleted: 'Account deleted successfully',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  categoryCreated: 'Category created successfully',
  categoryUpdated: 'Category updated successfully',
  categoryDeleted: 'Category deleted successfully',
  serviceCreated: 'Service created successfully',
  serviceUpdated: 'Service updated successfully',
  serviceDeleted: 'Service deleted successfully',
  passwordSignInOff: 'Password sign-in is turned off here. Sign in through the directory.',
  passwordSignInSuperOnly: 'Password sign-in is only for administrators here. Sign in through the directory.',
  directoryPassword: 'This account signs in through the directory: its password is changed there, not in the helpdesk.',
  handoffInvalid: 'This directory sign-in has expired or was already used. Please sign in again.',
  directoryOff: 'Directory sign-in is not set up on this server.',
  tooManyDirectorySignIns: 'Too many directory sign-ins started from this address. Please try again later.',
  proxyNotTrusted: 'No trusted sign-in proxy vouched for this request.',
  proxyUnknownAccount: 'Your sign-in proxy named someone who has no helpdesk account. Ask an administrator to create it.',
} as const;

/** What the calm failure states say (docs/product.md#failures); SPEC's own error lines stay as above. */
export const FAILURES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  backToTickets: 'Back to tickets',
  retry: 'Retry',
  offline: "You're offline. Changes can't be sent; this page updates when the connection is back.",
} as const;

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long a 429 asks to wait, from its Retry-After seconds: 'Try again in 15 minutes.'. Seconds
 * under a minute, minutes under an hour, else hours; always rounded up, so nobody is told to
 * come back before the server will let them.
 */
export function tryAgainIn(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < MINUTE) return `Try again in ${plural(wait, 'second')}.`;
  const minutes = Math.ceil(wait / MINUTE);
  if (minutes < 60) return `Try again in ${plural(minutes, 'minute')}.`;
  return `Try again in ${plural(Math.ceil(wait / HOUR), 'hour')}.`;
}
