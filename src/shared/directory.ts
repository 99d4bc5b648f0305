/**
 * What people read about directory sign-in (docs/design.md#directory-sign-in): the sign-in
 * screen's notes, the page after the directory, why a directory sign-in gave no session, and how
 * a directory account is marked. Written once here; the client shows them.
 */
import type { DirectoryFailure } from './auth.ts';

export const DIRECTORY_SIGN_IN = {
  button: (label: string) => `Sign in with ${label}`,
  or: 'or',
  /** PASSWORD_SIGN_IN=off: the form is hidden. */
  passwordOff: 'Sign-in is through your organisation’s directory: use the button above.',
  /** PASSWORD_SIGN_IN=off with only a trusted proxy: this screen shows when the proxy did not vouch. */
  proxyOnly: 'Sign-in is through your organisation’s network, and this browser was not recognised. Ask your administrator.',
  /** PASSWORD_SIGN_IN=super: the form stays for administrators. */
  superOnly: 'The form below is for administrators only.',
  completing: 'Signing you in…',
  /** The handoff was used, late or unknown: the server's own message is shown above it. */
  completeFailed: 'The sign-in could not be finished.',
  missingHandoff: 'This page finishes a sign-in through the directory, but nothing arrived to finish.',
  backToSignIn: 'Back to sign in',
} as const;

export interface DirectoryFailureText {
  title: string;
  /** What happened. */
  text: string;
  /** What to do now. */
  next: string;
}

export const DIRECTORY_FAILURE_TEXTS: Record<DirectoryFailure, DirectoryFailureText> = {
  not_granted: {
    title: 'No access to the helpdesk',
    text: 'Your directory account is not allowed to use the helpdesk: none of its groups gives a role here.',
    next: 'Ask your administrator to add you to the helpdesk’s group in the directory, then sign in again.',
  },
  directory_down: {
    title: 'The directory did not answer',
    text: 'The helpdesk could not reach your organisation’s directory, so nobody was signed in.',
    next: 'Try again in a few minutes. If it keeps happening, tell your administrator; administrators may still sign in with their password.',
  },
  flow_expired: {
    title: 'The sign-in took too long',
    text: 'A sign-in through the directory has to be finished within ten minutes, and this one was not.',
    next: 'Start again from the sign-in page.',
  },
  flow_mismatch: {
    title: 'The sign-in was started elsewhere',
    text: 'This answer from the directory belongs to a sign-in started in another browser or tab, or it was already used.',
    next: 'Start again from the sign-in page, in this browser.',
  },
  token_invalid: {
    title: 'The directory’s answer was not accepted',
    text: 'The answer from the directory could not be verified, so nobody was signed in.',
    next: 'Try again. If it keeps happening, tell your administrator: the helpdesk’s directory settings may need a look.',
  },
  account_conflict: {
    title: 'This account is already linked',
    text: 'A helpdesk account with your e-mail address is already linked to another directory identity.',
    next: 'Ask your administrator to check your account in the helpdesk.',
  },
};

/** A reason the client does not know (an older or newer server, an edited address). */
export const DIRECTORY_FAILURE_UNKNOWN: DirectoryFailureText = {
  title: 'The sign-in did not work',
  text: 'The sign-in through the directory did not finish, so nobody was signed in.',
  next: 'Start again from the sign-in page. If it keeps happening, tell your administrator.',
};

export const DIRECTORY_ACCOUNT = {
  badge: 'Directory',
  /** Under the staff list's title, when some accounts come from the directory. */
  staffNote: 'Accounts marked Directory sign in through your organisation’s directory: their password is changed there, not here.',
  /** In the Edit profile dialog, instead of a Change password entry. */
  profileNote: 'Your password is managed by your organisation’s directory: change it there.',
} as const;
