/**
 * Whether this tab's session ended elsewhere (docs/product.md#failures): the server refused the
 * token still in use (signed out on another device, a new password, a deleted account), or
 * another tab signed out. The sign-in page then says so; a first visit, or a sign-out on
 * purpose in this tab, says nothing. Kept per tab (sessionStorage) so a reload still explains.
 */

const STORAGE_KEY = 'helpdesk.sessionEnded';

let ended = read();
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function set(next: boolean) {
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, '1');
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the message lasts until this page reloads.
  }
  if (ended === next) return;
  ended = next;
  for (const listener of [...listeners]) listener();
}

/** The session this tab was using was ended from elsewhere. */
export const markSessionEnded = () => set(true);

/** Signed in again, or signed out on purpose: nothing to explain any more. */
export const forgetSessionEnded = () => set(false);

export const sessionEndStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: () => ended,
};
