/**
 * Whether the helpdesk can be reached (docs/product.md#failures): offline when the browser says
 * so (navigator.onLine and its online/offline events) or when a call just failed with no answer
 * at all. Any answer, even a refusal, means the connection is back; so does the 'online' event.
 * One banner reads this, so no screen has to say it.
 */

let unreachable = false;
const listeners = new Set<() => void>();
const restoredListeners = new Set<() => void>();

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function emit() {
  for (const listener of [...listeners]) listener();
}

/** A call got no answer at all (not an abort). */
export function reportNoAnswer(): void {
  if (unreachable) return;
  unreachable = true;
  emit();
}

/** A call got an answer: if calls were failing, the connection is back and reads catch up. */
export function reportAnswer(): void {
  if (!unreachable) return;
  unreachable = false;
  emit();
  for (const listener of [...restoredListeners]) listener();
}

/** Calls the listener when calls succeed again after failing with no answer (the 'online' event covers the browser's own view). */
export function onConnectionRestored(listener: () => void): () => void {
  restoredListeners.add(listener);
  return () => void restoredListeners.delete(listener);
}

/** Whether calls failed with no answer while the browser believes it is online (the server or the path to it is down). */
export const serverUnreachable = () => unreachable && !browserOffline();

export const connectionStore = {
  subscribe(listener: () => void): () => void {
    // The browser back online: calls get their chance again (refetchTriggers.ts refetches them).
    const online = () => {
      unreachable = false;
      listener();
    };
    listeners.add(listener);
    window.addEventListener('online', online);
    window.addEventListener('offline', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', listener);
    };
  },
  /** True while offline. */
  getSnapshot: () => browserOffline() || unreachable,
};

/** Forgets failed calls without telling anyone (a fresh start between tests). */
export function resetConnection(): void {
  unreachable = false;
}
