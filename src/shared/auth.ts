/** Directory sign-in (docs/design.md#directory-sign-in): how people may sign in, and why a directory sign-in failed. */

export type PasswordSignIn = 'all' | 'super' | 'off';

/** GET /api/auth/methods (public) → {data: AuthMethods}. */
export interface AuthMethods {
  /** false only when PASSWORD_SIGN_IN=off. */
  password: boolean;
  /** 'super': only super accounts may use the form. */
  password_for: PasswordSignIn;
  /** The button says `Sign in with ${label}`. */
  oidc: { label: string } | null;
  /** A trusted proxy signs people in: the client calls /auth/proxy. */
  proxy: boolean;
}

/** Why a directory sign-in gave no session (the `reason` of /auth/failed). */
export type DirectoryFailure = 'not_granted' | 'directory_down' | 'flow_expired' | 'flow_mismatch' | 'token_invalid' | 'account_conflict';

export const DIRECTORY_FAILURES: readonly DirectoryFailure[] = ['not_granted', 'directory_down', 'flow_expired', 'flow_mismatch', 'token_invalid', 'account_conflict'];

/** Where an account's sign-in comes from: its own password, or the directory (no password at all). */
export type AccountSource = 'password' | 'directory';
