/** A module-level toast store: any code may announce; one <Toaster/> shows them (product.md#toasts). */
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
}

export interface ToastItem extends ToastOptions {
  id: string;
  type: ToastType;
  message: string;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly ToastItem[]) {
  items = next;
  for (const listener of [...listeners]) listener();
}

function add(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = `toast-${nextId++}`;
  set([...items, { id, type, message, ...options }]);
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
