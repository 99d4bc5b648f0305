export type PasswordSignIn = 'all' | 'super' | 'off';
export interface AuthMethods {            // GET /api/auth/methods (public) → {data: AuthMethods}
  password: boolean;                      // false only when PASSWORD_SIGN_IN=off
  password_for: PasswordSignIn;           // 'super': only super accounts may use the form
  oidc: { label: string } | null;         // the button says `Sign in with ${label}`
  proxy: boolean;                         // a trusted proxy signs people in: the client calls /auth/proxy
}
export type DirectoryFailure =            // why a directory sign-in gave no session
  'not_granted' | 'directory_down' | 'flow_expired' | 'flow_mismatch' | 'token_invalid' | 'account_conflict';
