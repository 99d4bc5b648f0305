/**
 * Drafts that survive a reload and a session expiry (issue 13): a half-typed form is kept in
 * sessionStorage under the user and the form's own name ('create-ticket', 'edit-ticket:42',
 * 'comment:42'), and cleared when it is sent or cancelled. A deliberate sign-out forgets the
 * user's drafts; an expired session keeps them for the sign-in that follows.
 */
import { useCallback, useState } from 'react';
import { useLatest } from './useLatest.ts';

const PREFIX = 'helpdesk.draft:';

const keyOf = (userId: number | undefined, name: string) => `${PREFIX}${userId ?? 'anonymous'}:${name}`;

/** The stored draft, or undefined when there is none (or storage is blocked or holds junk). */
export function readDraft<T>(userId: number | undefined, name: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(keyOf(userId, name));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

/** Stores a draft; `undefined` forgets it. Answers whether it was stored (storage may be full). */
export function writeDraft(userId: number | undefined, name: string, value: unknown): boolean {
  try {
    if (value === undefined) sessionStorage.removeItem(keyOf(userId, name));
    else sessionStorage.setItem(keyOf(userId, name), JSON.stringify(value));
    return true;
  } catch {
    // Storage full or blocked: the draft just does not survive a reload.
    return false;
  }
}

/** Forgets every draft of a user (a deliberate sign-out on a shared machine). */
export function clearDrafts(userId: number | undefined): void {
  try {
    const mine = keyOf(userId, '');
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(mine)) sessionStorage.removeItem(key);
  } catch {
    // Blocked storage holds no drafts.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored record lays over the fresh value, so a field left out of the draft keeps its fresh value. */
function restore<T>(fresh: T, stored: unknown): T {
  if (stored === undefined) return fresh;
  return isRecord(fresh) && isRecord(stored) ? ({ ...fresh, ...stored } as T) : (stored as T);
}

/**
 * A form's state that is also its draft: it starts from the stored draft laid over `initial`,
 * every change is stored, and `clear` forgets it and starts afresh (after sending or cancelling).
 * @param lighter what to store when the whole value does not fit in storage (a record without
 *   its image: restored, that field keeps its fresh value) @default nothing: the draft is not kept
 */
export function useDraft<T>(
  userId: number | undefined,
  name: string,
  initial: () => T,
  lighter?: (value: T) => unknown,
): [T, (update: (current: T) => T) => void, () => void] {
  const [value, setValue] = useState<T>(() => restore(initial(), readDraft(userId, name)));
  const save = (next: T) => {
    if (writeDraft(userId, name, next)) return;
    // A stale full draft must not come back in place of the newer, lighter one.
    writeDraft(userId, name, undefined);
    if (lighter) writeDraft(userId, name, lighter(next));
  };
  const latest = useLatest({ userId, name, save, initial });
  const set = useCallback(
    (update: (current: T) => T) =>
      setValue((current) => {
        const next = update(current);
        // Storing the same value twice (StrictMode calls updaters twice) is harmless.
        latest.current.save(next);
        return next;
      }),
    [latest],
  );
  const clear = useCallback(() => {
    const { userId, name, initial } = latest.current;
    writeDraft(userId, name, undefined);
    setValue(initial());
  }, [latest]);
  return [value, set, clear];
}
