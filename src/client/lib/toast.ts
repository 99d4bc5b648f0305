/**
 * A module-level toast store: any code may announce; one <Toaster/> shows them (product.md#toasts).
 * The same toast again (same colour, message and detail) does not stack up: the one already there
 * counts it ('… (3)') and starts its time afresh (docs/product.md#failures).
 */
export type ToastType = 'success' | 'error';

export interface ToastItem {
  id: string;
  type: ToastType;
  message: string;
  /** A second sentence after the message, e.g. how long a 429 asks to wait. */
  detail?: string;
  /** How many times this toast was announced. */
  count: number;
  /** Changes each time it is announced again: its time restarts. */
  shownAt: number;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
let announcements = 0;
const listeners = new Set<() => void>();

function set(next: readonly ToastItem[]) {
  items = next;
  for (const listener of [...listeners]) listener();
}

function add(type: ToastType, message: string, detail?: string): string {
  const shownAt = ++announcements;
  const same = items.find((item) => item.type === type && item.message === message && item.detail === detail);
  if (same) {
    set(items.map((item) => (item === same ? { ...item, count: item.count + 1, shownAt } : item)));
    return same.id;
  }
  const id = `toast-${nextId++}`;
  set([...items, { id, type, message, detail, count: 1, shownAt }]);
  return id;
}

export const toast = {
  success: (message: string) => add('success', message),
  /** @param detail a second sentence, e.g. 'Try again in 15 minutes.' @default none */
  error: (message: string, detail?: string) => add('error', message, detail),
  /** One toast by id, or all of them. */
  dismiss(id?: string) {
    set(id === undefined ? [] : items.filter((item) => item.id !== id));
  },
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: () => items,
};
