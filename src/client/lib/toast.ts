/**
 * A module-level toast store: any code may announce; one <Toaster/> shows them (product.md#toasts).
 * The same toast again (same colour, message and detail) does not stack up: the one already there
 * counts it ('… (3)') and starts its time afresh (docs/product.md#failures).
 */
export type ToastType = 'success' | 'error';

/** A button in the toast ("Undo"): it runs once, and the toast leaves. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** How long the toast stays, paused while hovered or focused. @default the Toaster's 4 s */
  durationMs?: number;
  /** A second sentence after the message, e.g. 'Try again in 15 minutes.' @default none */
  detail?: string;
}

export interface ToastItem extends ToastOptions {
  id: string;
  type: ToastType;
  message: string;
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

function add(type: ToastType, message: string, options: ToastOptions = {}): string {
  const shownAt = ++announcements;
  // A toast with an action belongs to one change (its Undo): it never merges with another.
  const same = options.action
    ? undefined
    : items.find((item) => !item.action && item.type === type && item.message === message && item.detail === options.detail);
  if (same) {
    set(items.map((item) => (item === same ? { ...item, count: item.count + 1, shownAt } : item)));
    return same.id;
  }
  const id = `toast-${nextId++}`;
  set([...items, { id, type, message, ...options, count: 1, shownAt }]);
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => add('success', message, options),
  error: (message: string, options?: ToastOptions) => add('error', message, options),
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
