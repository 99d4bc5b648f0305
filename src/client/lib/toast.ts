/** A module-level toast store: any code may announce; one <Toaster/> shows them (product.md#toasts). */
export type ToastType = 'success' | 'error';

export interface ToastItem {
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

function add(type: ToastType, message: string): string {
  const id = `toast-${nextId++}`;
  set([...items, { id, type, message }]);
  return id;
}

export const toast = {
  success: (message: string) => add('success', message),
  error: (message: string) => add('error', message),
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
