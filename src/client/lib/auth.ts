/** The signed-in session (product.md#auth-state): only the token and the user survive a reload. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY } from '../../shared/constants.ts';
import type { User } from '../../shared/types.ts';
import { forgetSessionEnded, markSessionEnded } from './sessionEnd.ts';

export interface AuthState {
  user: User | null;
  accessToken: string | null;
  login(token: string, user: User): void;
  logout(): void;
  setUser(user: User): void;
}

type Persisted = Pick<AuthState, 'accessToken' | 'user'>;

const SIGNED_OUT = { user: null, accessToken: null };

/** The authenticated flag (product.md#auth-state), derived from the token so it can never disagree with it. */
export const isAuthenticated = (state: Pick<AuthState, 'accessToken'>) => state.accessToken !== null;

export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      ...SIGNED_OUT,
      login: (accessToken, user) => {
        // Signed in again, by any way in: nothing left to explain (docs/product.md#failures).
        forgetSessionEnded();
        set({ accessToken, user });
      },
      logout: () => {
        set(SIGNED_OUT);
        // Signing out leaves nothing behind in storage, not even an empty shell.
        useAuth.persist.clearStorage();
      },
      setUser: (user) => set({ user }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      partialize: (state): Persisted => ({ accessToken: state.accessToken, user: state.user }),
      merge: (stored, current) => {
        const { accessToken = null, user = null } = (stored ?? {}) as Partial<Persisted>;
        return { ...current, accessToken: accessToken || null, user };
      },
    },
  ),
);

/** The token a stored session holds, or null (gone, signed out, junk). */
function storedToken(raw: string | null): string | null {
  try {
    return (JSON.parse(raw ?? 'null') as { state?: Partial<Persisted> } | null)?.state?.accessToken || null;
  } catch {
    return null;
  }
}

// Another tab signing in or out changes this tab's session too; signing out there ends this
// tab's session, which the sign-in page then explains (docs/product.md#failures).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    if (useAuth.getState().accessToken && !storedToken(event.newValue)) markSessionEnded();
    void useAuth.persist.rehydrate();
  });
}
